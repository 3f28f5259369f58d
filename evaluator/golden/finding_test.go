package golden

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseFindings(t *testing.T) {
	fs, err := ParseFindings([]byte(`[
		{"category": "Change of Control", "severity": "P1", "title": "t", "description": "d",
		 "citations": [{"source_path": "contracts/a.md", "location": "§4", "exact_quote": "q", "page": 3}],
		 "confidence": 0.9, "agent": "legal"},
		{"category": "termination"}
	]`))
	require.NoError(t, err)
	assert.Equal(t, []AgentFinding{
		{Category: "Change of Control", Severity: SeverityP1, Title: "t", Description: "d",
			Citations: []Citation{{SourcePath: "contracts/a.md", Location: "§4", ExactQuote: "q"}}},
		{Category: "termination"},
	}, fs, "extra fields are ignored")

	tests := []struct{ name, data, want string }{
		{"not an array", `{"category": "x"}`, "golden: findings: json: cannot unmarshal object"},
		{"wrong type names the finding", `[{"category": "x"}, {"severity": 1}]`, "golden: findings[1]: json: cannot unmarshal number"},
		{"bad JSON", `[{"category": ]`, "golden: findings: invalid character"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseFindings([]byte(tt.data))
			assert.ErrorContains(t, err, tt.want)
		})
	}
}
