package board

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
)

// FuzzCheck: any board and any text give valid findings, never a panic.
func FuzzCheck(f *testing.F) {
	f.Add(boardJSON, "## Findings\n\n### F1 — Uncapped indemnity for IP claims (Low)\n")
	f.Add(`{"findings":[{"title":"a b c","severity":"P0"}]}`, "| # | Finding | Severity |\n|---|---|---|\n| 1 | a b c | Low |")
	f.Add("{\"title\":\"x y\"}\n{\"title\":\"y z\",\"severity\":\"P9\"}", "**x y — high.** text\n\n- y z (P2)\n  more\n\nA. x: (low)")
	f.Fuzz(func(t *testing.T, posted, text string) {
		c := checktest.Must(New(Config{}))
		d := boardDoc(posted)
		d.Text = text
		checktest.Valid(t, text, c.Check(check.Prepare(d)))
	})
}
