package board

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/evaluator/golden"
)

// maxPostedBytes and maxPosted bound what one board contributes.
const (
	maxPostedBytes = 4 << 20
	maxPosted      = 500
)

// posted is one finding an agent posted, in the golden-set format.
type posted struct {
	f     golden.AgentFinding
	words []string // the title's content words
	cat   []string // the category's words ("change of control")
	locs  []string // the citations' locations, lower-cased ("section 4.2")
	band  band     // from the P0..P3 severity; bandNone when invalid
}

// parsePosted reads a findings board: a JSON array of findings in the
// golden-set format (golden.AgentFinding: category, severity P0..P3,
// title, description, citations), an object holding that array under
// "findings", or JSON Lines of findings. Errors name the finding or the
// byte offset.
func parsePosted(content string) ([]posted, error) {
	if len(content) > maxPostedBytes {
		return nil, fmt.Errorf("findings board of %d bytes, more than %d", len(content), maxPostedBytes)
	}
	data := bytes.TrimSpace([]byte(content))
	var fs []golden.AgentFinding
	var err error
	switch {
	case len(data) == 0:
		return nil, nil
	case data[0] == '[':
		fs, err = golden.ParseFindings(data)
	default:
		fs, err = parseObjects(data)
	}
	if err != nil {
		return nil, err
	}
	if len(fs) > maxPosted {
		fs = fs[:maxPosted]
	}
	out := make([]posted, 0, len(fs))
	for _, f := range fs {
		p := posted{f: f, words: contentWords(f.Title), cat: contentWords(strings.NewReplacer("_", " ", "/", " ", "&", " ").Replace(f.Category)), band: bandOfLevel(f.Severity.Level())}
		for _, c := range f.Citations {
			if l := strings.ToLower(strings.TrimSpace(c.Location)); l != "" && len(l) <= 60 {
				p.locs = append(p.locs, l)
			}
		}
		if len(p.words) > 0 || len(p.cat) > 0 {
			out = append(out, p)
		}
	}
	return out, nil
}

// parseObjects reads one object holding the findings under "findings", or
// a sequence of finding objects (JSON Lines).
func parseObjects(data []byte) ([]golden.AgentFinding, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var raws []json.RawMessage
	for dec.More() && len(raws) <= maxPosted {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("findings board: value %d at byte %d: %w", len(raws)+1, dec.InputOffset(), err)
		}
		raws = append(raws, raw)
	}
	if len(raws) == 1 {
		var w struct {
			Findings json.RawMessage `json:"findings"`
		}
		if err := json.Unmarshal(raws[0], &w); err == nil && len(w.Findings) > 0 {
			return golden.ParseFindings(w.Findings)
		}
	}
	out := make([]golden.AgentFinding, len(raws))
	for i, raw := range raws {
		if err := json.Unmarshal(raw, &out[i]); err != nil {
			return nil, fmt.Errorf("findings board: findings[%d]: %w", i, err)
		}
		if out[i].Title == "" && out[i].Category == "" {
			return nil, fmt.Errorf("findings board: findings[%d]: no title or category (a board wraps its findings in \"findings\")", i)
		}
	}
	return out, nil
}
