package text

import (
	"sort"
	"sync"

	"github.com/evalopt/evalopt/checks/check"
)

// analysis is per-document work that several checks need: the line index,
// the word list, the defined terms and the quotations. It is a shared fact
// of the document (Shared), so that a 1 MB document is tokenised once
// rather than once per check. Each part is computed on first use, once, and
// is safe for concurrent use.
type analysis struct {
	text                         string
	idxOnce, WordsOnce, defsOnce sync.Once
	idx                          LineIndex
	Words                        []Span
	defs                         []Definition
	// the text's quotations and code (quotes.go)
	spansOnce sync.Once
	textSpans *textSpans
}

// analysisKey is the Shared key of a document's analysis.
type analysisKey struct{}

// textSpans are the quotations and code of a text and what they are.
type textSpans struct {
	quoted, code, outside, excluded []Span
	drafted                         []bool // for each of outside: drafted language (draftTracker)
}

// Spans returns the text's quotations (quotedSpans), code (codeSpans),
// quotations outside code, all of them merged (excludedSpans), and which
// quotations are drafted language, computed once; the slices are
// read-only.
func (a *analysis) Spans() *textSpans {
	a.spansOnce.Do(func() {
		t := a.text
		s := &textSpans{quoted: QuotedSpans(t, 0, len(t)), code: CodeSpans(t, 0, len(t))}
		s.outside = outsideCode(s.quoted, s.code)
		s.excluded = unionSpans(s.code, s.outside)
		d := newDraftTracker(t)
		s.drafted = make([]bool, len(s.outside))
		for i, q := range s.outside {
			s.drafted[i] = d.drafted(q)
		}
		a.textSpans = s
	})
	return a.textSpans
}

// Quoted returns quotedSpans of the whole text, computed once.
func (a *analysis) Quoted() []Span { return a.Spans().quoted }

// Code returns codeSpans of the whole text, computed once.
func (a *analysis) Code() []Span { return a.Spans().code }

// QuotesOutsideCode returns the quotations of the whole text that do not
// start inside code (outsideCode), computed once.
func (a *analysis) QuotesOutsideCode() []Span { return a.Spans().outside }

// Excluded returns excludedSpans of the whole text, computed once.
func (a *analysis) Excluded() []Span { return a.Spans().excluded }

// DraftedQuotes reports, for each of quotesOutsideCode, whether it is
// drafted language.
func (a *analysis) DraftedQuotes() []bool { return a.Spans().drafted }

// AnalysisOf returns doc's shared analysis (Shared): one per prepared
// document, or a new private one (a check called on its own).
func AnalysisOf(doc check.Document) *analysis {
	return check.Shared(doc, analysisKey{}, func() *analysis { return &analysis{text: doc.Text} })
}

// LineIndex returns the line index of the text.
func (a *analysis) LineIndex() *LineIndex {
	a.idxOnce.Do(func() { a.idx = NewLineIndex(a.text) })
	return &a.idx
}

// WordList returns every word of the text, in order.
func (a *analysis) WordList() []Span {
	a.WordsOnce.Do(func() { a.Words = WordSpans(a.text) })
	return a.Words
}

// Definitions returns ExtractDefinitions(text).
func (a *analysis) Definitions() []Definition {
	a.defsOnce.Do(func() { a.defs = ExtractDefinitions(a.text) })
	return a.defs
}

// WordsIn returns the words of ws (sorted) that start in [from, to).
func WordsIn(ws []Span, from, to int) []Span {
	lo := sort.Search(len(ws), func(i int) bool { return ws[i].Start >= from })
	hi := sort.Search(len(ws), func(i int) bool { return ws[i].Start >= to })
	return ws[lo:hi]
}

// WordSpans returns the word spans of s (see wordRules).
func WordSpans(s string) []Span {
	out := make([]Span, 0, len(s)/6+1)
	// wordScanner.Words(s), read with Next: no call of a yield function
	// per word.
	for pos := 0; ; {
		a, b, ok := wordScanner.Next(s, pos)
		if !ok {
			return out
		}
		out = append(out, Span{a, b})
		pos = b
	}
}
