package checks

import (
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// FuzzRefsParsers feeds arbitrary text to the readers of clause labels,
// table references, set-out source text and item labels: none may panic,
// and every span they return lies inside the text, in order.
func FuzzRefsParsers(f *testing.F) {
	for _, s := range []string{
		"| Clause | Current clause | New clause |\n|---|---|---|\n| 8(2) | 9.6 Value | 9.3.4, 9.3.5 |",
		"**New 10.4** text\n\n<ins>**C6.5** Consumers.</ins>\n\n[inserted: **A.5** If]\n\n− 7. Within\n+ 7. Within",
		"4.1 The Supplier ~~shall~~ **must** deliver.\n\n> 6.2 The ~~sole~~ remedy\n\nWe have no changes to clauses 7.1 and 7.4.",
		"V1. One\n\nV3. Three\n\nAmendment 1 – x\n\n| T-1 | y |",
		"# MASTER SERVICES AGREEMENT\n\nThis (the \"MSA\") and (\"Agreement\")",
		"| a | b |\n|---|---|\n| ~~x~~ | **y** |\n|",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		check := func(what string, spans []span) {
			prev := 0
			for _, sp := range spans {
				if sp.start < prev || sp.end > len(s) || sp.end < sp.start {
					t.Fatalf("%s(%q): span %v out of place (previous end %d)", what, s, sp, prev)
				}
				prev = sp.start
			}
		}
		var sp []span
		for _, r := range tableRefs(s) {
			sp = append(sp, span{r.start, r.end})
		}
		check("tableRefs", sp)
		sp = sp[:0]
		for _, l := range redlineLabels(s) {
			sp = append(sp, span{l.start, l.end})
		}
		check("redlineLabels", sp)
		check("redlineSourceSegments", redlineSourceSegments(s))
		sp = sp[:0]
		for _, d := range itemDefs(s) {
			sp = append(sp, span{d.start, d.end})
		}
		check("itemDefs", sp)
		_ = elideInsertions(s)
		_ = sourceNames(s)
		_ = unchangedClauses(s)
		doc := Document{Text: s, Source: s, Kind: evaluator.KindRedline}
		_ = redlineNumbering(doc, analysisOf(withAnalysis(doc)).lineIndex())
	})
}
