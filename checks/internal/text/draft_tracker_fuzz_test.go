package text

import (
	"strings"
	"testing"
)

// FuzzDraftTrackerLineBreaks checks that the tracker's verdicts, which read
// each quotation's line start from one pass over the text, equal
// IntroducesDraft's, which looks back from each quotation.
func FuzzDraftTrackerLineBreaks(f *testing.F) {
	for _, s := range []string{
		`Replacement text: "new words" and "old"`, "| Current | Proposed |\n|---|---|\n| \"a\" | \"b\" |",
		"Proposed:\n\n> drafted\n> more", strings.Repeat(`"`, 300), strings.Repeat("x", 5000) + `Replace "a" with "b"`,
		"Insert:\n\n\"clause\"\n" + strings.Repeat(`" `, 3000), `substitute "x" for "y"`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		d, ref := newDraftTracker(text), &draftRef{text: text}
		for _, q := range QuotedSpans(text, 0, len(text)) {
			if got, want := d.drafted(q), ref.drafted(q); got != want {
				t.Fatalf("quotation at %d: drafted = %v, looking back from it: %v", q.Start, got, want)
			}
		}
	})
}

// draftRef is draftTracker as it was before it tracked line breaks: it
// asks IntroducesDraft, which looks back from each quotation.
type draftRef struct {
	text    string
	block   bool
	prevEnd int
}

func (d *draftRef) drafted(s Span) bool {
	from := d.prevEnd
	d.prevEnd = s.End
	switch IntroducesDraft(d.text, s.Start) {
	case IsDraft:
		d.block = true
		return true
	case ContinuesQuote:
		return d.block
	}
	d.block = false
	return d.text[s.Start] != '>' && DraftedByLead(d.text, from, s.Start)
}
