package xref

import (
	"testing"

	doccheck "github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/text"
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
		"ARTICLE I - SCOPE\n\nSection 1.1 Work. See Article II.\n\n8. Termination\n8.1 Notice.\n\nAnnex 1 - Credits",
		"Amendments\n\n(1) Clause 4.\n\n(2) Clause 5.\n\namendments (1) to (3), even if 2 to 9 are refused (see 7.2).",
		"RT-01  HIGH  x\nRT-01  LOW  y\n\n3. Path\n\n3.1 a\n\n3.3 b\n\nClause 7.3 (x)\n\nCurrent:\n\n\"7.3 old\"\n\nProposed:\n\n7.5 new",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		check := func(what string, spans []text.Span) {
			prev := 0
			for _, sp := range spans {
				if sp.Start < prev || sp.End > len(s) || sp.End < sp.Start {
					t.Fatalf("%s(%q): span %v out of place (previous end %d)", what, s, sp, prev)
				}
				prev = sp.Start
			}
		}
		var sp []text.Span
		for _, r := range tableRefs(s) {
			sp = append(sp, text.Span{Start: r.start, End: r.end})
		}
		check("tableRefs", sp)
		sp = sp[:0]
		for _, l := range redlineLabels(s) {
			sp = append(sp, text.Span{Start: l.start, End: l.end})
		}
		check("redlineLabels", sp)
		check("redlineSourceSegments", text.RedlineSourceSegments(s))
		sp = sp[:0]
		for _, d := range itemDefs(s) {
			sp = append(sp, text.Span{Start: d.start, End: d.end})
		}
		check("itemDefs", sp)
		_ = text.ElideInsertions(s)
		_ = sourceNames(s)
		_ = unchangedClauses(s)
		doc := doccheck.Document{Text: s, SourceText: s, Kind: evaluator.KindRedline}
		_ = redlineNumbering(doc, text.AnalysisOf(doccheck.Prepare(doc)).LineIndex())
		_ = itemRepeats(s, itemDefs(s))
		idx := text.NewLineIndex(s)
		_ = ownParagraphOrder(s, &idx)
		for _, kind := range []evaluator.Kind{evaluator.KindContract, evaluator.KindReviewMemo} {
			d := doccheck.Document{Text: s, SourceText: s, Kind: kind}
			_ = NewXrefCheck().Check(d)
			_ = NewSelfReferenceCheck().Check(d)
		}
	})
}
