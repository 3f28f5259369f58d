package placeholder

import (
	"sort"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// quotedFromSource reports whether sp lies inside a quotation (quotes,
// from quotedSpans) whose text around sp occurs in the source or the
// evidence: a review that quotes "the fee is TBD" from the contract reports
// the contract's blank, it does not leave one of its own.
func quotedFromSource(doc check.Document, quotes []doctext.Span, sources *[]string, sp doctext.Span) bool {
	if !doctext.InSpans(quotes, sp.Start, sp.End) || doc.SourceText == "" && len(doc.Evidence) == 0 {
		return false
	}
	i := sort.Search(len(quotes), func(i int) bool { return quotes[i].Start > sp.Start }) - 1
	q := quotes[i]
	// The context: up to 40 bytes either side of sp, inside the quotation
	// marks, cut to whole words.
	in0, in1 := q.Start+1, q.End-1 // straight quotes
	switch doc.Text[q.Start] {
	case '>':
		in1 = q.End
	case 0xE2: // curly quotes are three bytes each
		in0, in1 = q.Start+3, q.End-3
	}
	from, to := max(in0, sp.Start-40), min(in1, sp.End+40)
	for from < sp.Start && from > in0 && doctext.IsWordByte(doc.Text[from-1]) {
		from++
	}
	for to > sp.End && to < in1 && doctext.IsWordByte(doc.Text[to]) {
		to--
	}
	ctx := strings.ToLower(doctext.CollapseSpace(doc.Text[from:to]))
	if *sources == nil {
		*sources = []string{strings.ToLower(doctext.CollapseSpace(doc.SourceText))}
		for _, e := range doc.Evidence {
			*sources = append(*sources, strings.ToLower(doctext.CollapseSpace(e.Content)))
		}
	}
	for _, src := range *sources {
		if ctx != "" && strings.Contains(src, ctx) {
			return true
		}
	}
	return false
}
