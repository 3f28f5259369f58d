package checks

import (
	"sort"
	"sync"
)

// analysis is per-document work that several checks need: the line index,
// the word list, the defined terms and the quotations. It is a shared fact
// of the document (Shared), so that a 1 MB document is tokenised once
// rather than once per check. Each part is computed on first use, once, and
// is safe for concurrent use.
type analysis struct {
	text                         string
	idxOnce, wordsOnce, defsOnce sync.Once
	idx                          LineIndex
	words                        []span
	defs                         []Definition
	// the text's quotations and code (quotes.go)
	spansOnce sync.Once
	textSpans *textSpans
}

// analysisKey is the Shared key of a document's analysis.
type analysisKey struct{}

// textSpans are the quotations and code of a text and what they are.
type textSpans struct {
	quoted, code, outside, excluded []span
	drafted                         []bool // for each of outside: drafted language (draftTracker)
}

// spans returns the text's quotations (quotedSpans), code (codeSpans),
// quotations outside code, all of them merged (excludedSpans), and which
// quotations are drafted language, computed once; the slices are
// read-only.
func (a *analysis) spans() *textSpans {
	a.spansOnce.Do(func() {
		t := a.text
		s := &textSpans{quoted: quotedSpans(t, 0, len(t)), code: codeSpans(t, 0, len(t))}
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

// quoted returns quotedSpans of the whole text, computed once.
func (a *analysis) quoted() []span { return a.spans().quoted }

// code returns codeSpans of the whole text, computed once.
func (a *analysis) code() []span { return a.spans().code }

// quotesOutsideCode returns the quotations of the whole text that do not
// start inside code (outsideCode), computed once.
func (a *analysis) quotesOutsideCode() []span { return a.spans().outside }

// excluded returns excludedSpans of the whole text, computed once.
func (a *analysis) excluded() []span { return a.spans().excluded }

// draftedQuotes reports, for each of quotesOutsideCode, whether it is
// drafted language.
func (a *analysis) draftedQuotes() []bool { return a.spans().drafted }

// analysisOf returns doc's shared analysis (Shared): one per prepared
// document, or a new private one (a check called on its own).
func analysisOf(doc Document) *analysis {
	return Shared(doc, analysisKey{}, func() *analysis { return &analysis{text: doc.Text} })
}

// lineIndex returns the line index of the text.
func (a *analysis) lineIndex() *LineIndex {
	a.idxOnce.Do(func() { a.idx = NewLineIndex(a.text) })
	return &a.idx
}

// wordList returns every word of the text, in order.
func (a *analysis) wordList() []span {
	a.wordsOnce.Do(func() { a.words = wordSpans(a.text) })
	return a.words
}

// definitions returns ExtractDefinitions(text).
func (a *analysis) definitions() []Definition {
	a.defsOnce.Do(func() { a.defs = ExtractDefinitions(a.text) })
	return a.defs
}

// wordsIn returns the words of ws (sorted) that start in [from, to).
func wordsIn(ws []span, from, to int) []span {
	lo := sort.Search(len(ws), func(i int) bool { return ws[i].start >= from })
	hi := sort.Search(len(ws), func(i int) bool { return ws[i].start >= to })
	return ws[lo:hi]
}

// wordSpans returns the word spans of s (see wordRules).
func wordSpans(s string) []span {
	out := make([]span, 0, len(s)/6+1)
	for a, b := range wordScanner.Words(s) {
		out = append(out, span{a, b})
	}
	return out
}
