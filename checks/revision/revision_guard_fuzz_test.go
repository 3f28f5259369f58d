package revision

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzRevisionGuard feeds arbitrary candidate pairs to the guard: it must
// not panic, every location must slice the text it names, a revision equal
// to its previous candidate must change nothing, and the decision must be
// valid.
func FuzzRevisionGuard(f *testing.F) {
	f.Add(guardBase, strings.Replace(guardBase, "$1,200.00", "$1,500.00", 1))
	f.Add("Pay $5m by 03/04/2025 under § 2.1(a) [E1].", "Pay USD 5 million by 4 March 2025 under Sections 2.1 and 3 [E9].")
	f.Add(`> "quoted … text here" twenty-five days`, "“quoted text” 25 days (see doc-1)")
	f.Add("", "thirty (30) days, 1,000.50 euros, Exhibit A-1")
	g := NewRevisionGuard(RevisionGuardConfig{SourceText: guardSource})
	f.Fuzz(func(t *testing.T, prev, next string) {
		if len(prev) > 4096 || len(next) > 4096 {
			return
		}
		for _, f := range g.Findings(guardTask, prev, next) {
			text := next
			if f.Rule == RuleRevisionDropped {
				text = prev
			}
			l := f.Location
			if l.Start < 0 || l.End > len(text) || l.Start > l.End || text[l.Start:l.End] != l.Text {
				t.Fatalf("bad location %+v for %q", l, text)
			}
		}
		if utf8.ValidString(prev) && len(g.Changes(guardTask, prev, prev)) != 0 {
			t.Fatalf("a revision equal to its previous candidate changed something: %v", g.Changes(guardTask, prev, prev))
		}
		d, err := g.Check(context.Background(), guardTask, prev, next)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Validate(); err != nil {
			t.Fatal(err)
		}
	})
}
