package golden

import (
	"encoding/json"
	"fmt"
)

// AgentFinding is one finding an agent produced, in the JSON shape agents
// emit. Fields other than those below are ignored when decoding.
type AgentFinding struct {
	// Category is the agent's category, in any spelling ("Change of Control",
	// "change_of_control"); MetricsOf normalises it.
	Category string `json:"category"`
	// Severity is P0 (most severe) … P3; anything else is never in range.
	Severity SeverityLevel `json:"severity"`
	// Title is the finding's headline.
	Title string `json:"title"`
	// Description is the finding's body.
	Description string `json:"description"`
	// Citations point into the source documents.
	Citations []Citation `json:"citations"`
}

// Citation points a finding at its source.
type Citation struct {
	// SourcePath is the cited document's path ("contracts/coc_basic.md").
	SourcePath string `json:"source_path"`
	// Location is the page or section ("Section 4.2").
	Location string `json:"location"`
	// ExactQuote is the quoted text.
	ExactQuote string `json:"exact_quote"`
}

// ParseFindings decodes a JSON array of produced findings. Unknown fields are
// ignored (agents add their own); wrong types are errors naming the finding.
func ParseFindings(data []byte) ([]AgentFinding, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil {
		return nil, fmt.Errorf("golden: findings: %w", err)
	}
	out := make([]AgentFinding, len(raws))
	for i, raw := range raws {
		if err := json.Unmarshal(raw, &out[i]); err != nil {
			return nil, fmt.Errorf("golden: findings[%d]: %w", i, err)
		}
	}
	return out, nil
}
