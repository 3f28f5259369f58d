package board

import (
	"fmt"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

func TestScratch(t *testing.T) {
	c, _ := New(Config{})
	b := `[{"category":"Liability","severity":"P1","title":"Uncapped indemnity for IP claims","description":"...","citations":[{"source_path":"msa.md","location":"Section 9.2","exact_quote":"..."}]},
{"category":"Termination","severity":"P2","title":"Termination for convenience on 10 days notice","description":"..","citations":[]},
{"category":"Data Protection","severity":"P3","title":"Sub-processor list not attached","description":"..","citations":[]}]`
	ev := []evaluator.Evidence{{ID: "board", Content: b, Metadata: map[string]string{"kind": "findings"}}}
	texts := []string{
		"# Memo\n\n## Findings\n\n### F1 — Uncapped indemnity for IP claims (High)\nSection 9.2 leaves the indemnity uncapped.\n\n### F2 — Termination for convenience (Medium)\nTen days.\n\n### F3 — Sub-processor list missing (Low)\nNot attached.\n",
		"# Memo\n\n## Findings\n\n### F1 — Uncapped indemnity for IP claims (Low)\nSection 9.2 leaves the indemnity uncapped.\n\n### F2 — Termination for convenience (Medium)\nTen days.\n\n### F3 — Sub-processor list missing (Low)\nNot attached.\n",
		"# Memo\n\n## Findings\n\n### F1 — Uncapped indemnity for IP claims (High)\nSection 9.2 leaves the indemnity uncapped.\n\n### F3 — Sub-processor list missing (Low)\nNot attached.\n",
		"# Memo\n\n## Findings\n\n| # | Finding | Severity |\n|---|---|---|\n| F1 | Uncapped indemnity for IP claims | High |\n| F2 | Termination for convenience on 10 days | Medium |\n| F3 | Sub-processor list not attached | Low |\n| F4 | Auto-renewal with 90-day window | Medium |\n",
		"# Memo\n\nThe indemnity for IP claims is uncapped (section 9.2), a high-priority point. Termination for convenience needs only 10 days notice, a medium risk. The sub-processor list is not attached: severity low.\n",
	}
	for _, tx := range texts {
		fs := c.Check(check.Document{Text: tx, Evidence: ev})
		fmt.Printf("%q\n", tx[:40])
		for _, f := range fs {
			fmt.Println("   ", f.Rule, f.Severity, f.Describe())
		}
	}
}
