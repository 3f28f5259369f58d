package values

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/text"
)

// FuzzDraftVerdicts checks what docDrafts.mayBeDraft rests on: a
// quotation the shared analysis finds not drafted is one
// text.IntroducesDraft does not call drafted either, and the analysis's
// quotations are in order of their starts.
func FuzzDraftVerdicts(f *testing.F) {
	for _, s := range []string{
		`Replacement text: "new words" and "old"`,
		"| Current | Proposed |\n|---|---|\n| \"£40\" | \"£45\" |",
		"Proposed:\n\n> drafted 30 days\n> more", `Revise clause 11.3 to read: "within 14 days".`,
		"Insert:\n\n\"clause 5: 10%\"\n\" \" \"", `substitute "x" for "y"; replace "a" with "b"`,
		"`code \"q\"` and \"quoted £5\" ``` \"x\" ```", "“curly 12 months” and ‘single’ «guillemets»",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a := text.AnalysisOf(check.Document{Text: s})
		quotes, drafted := a.QuotesOutsideCode(), a.DraftedQuotes()
		for k, q := range quotes {
			if k > 0 && q.Start < quotes[k-1].Start {
				t.Fatalf("quotation %d starts at %d, before the one before it (%d)", k, q.Start, quotes[k-1].Start)
			}
			if !drafted[k] && text.IntroducesDraft(s, q.Start) == text.IsDraft {
				t.Fatalf("quotation at %d: the analysis says not drafted, IntroducesDraft says drafted", q.Start)
			}
		}
		// The shortcut never turns a verdict: inDraft with it equals the
		// verdict without it for every quotation of every line.
		dd := docDrafts{a: a}
		text.ForEachLine(s, func(l text.Line) {
			for _, q := range text.QuotedSpans(s, l.Start, l.End) {
				if want := text.IntroducesDraft(s, q.Start) == text.IsDraft; want && !dd.mayBeDraft(q.Start) {
					t.Fatalf("line quotation at %d is drafted but mayBeDraft says no", q.Start)
				}
			}
		})
	})
}
