package checks

import (
	"sort"
	"sync"
)

// analysis is per-document work that several checks need: the line index,
// the word list and the defined terms. A Suite builds one per Run and shares
// it between its checks, so that a 1 MB document is tokenised once rather
// than once per check. Each part is computed on first use, once, and is
// safe for concurrent use.
type analysis struct {
	text                         string
	idxOnce, wordsOnce, defsOnce sync.Once
	idx                          LineIndex
	words                        []span
	defs                         []Definition
	// recommendation units and rated findings (fixanalysis.go)
	unitsOnce, riskOnce sync.Once
	units               []recUnit
	risk                *riskScale
}

// withAnalysis returns doc carrying a fresh shared analysis of its text.
func withAnalysis(doc Document) Document {
	doc.shared = &analysis{text: doc.Text}
	return doc
}

// analysisOf returns doc's shared analysis when it belongs to doc.Text, or
// a new private one (a check called on its own).
func analysisOf(doc Document) *analysis {
	if doc.shared != nil && doc.shared.text == doc.Text {
		return doc.shared
	}
	return &analysis{text: doc.Text}
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
