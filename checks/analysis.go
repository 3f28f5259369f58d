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
	// recommendations found by each kind of analyzer (recommendations.go)
	recsMu sync.Mutex
	recs   map[any]*sharedRecs
	// the sources a review cites and what the checks learn about them
	// (source_cache.go), shared across evaluations through the Suite's
	// cache when it has one; the text's usual noun for numbered clauses
	sources           *sourceCache
	srcOnce, nounOnce sync.Once
	srcOutline        *xrefOutline
	srcText, noun     string
	factsMu           sync.Mutex
	facts             []*sourceFacts
	// the text's quotations and code (quotes.go)
	spansOnce sync.Once
	textSpans *textSpans
	// the labels the text introduces as new (xref.go)
	newOnce    sync.Once
	newMatches [][]int
}

// newLabelMatches returns newLabelMatches of the text, computed once; the
// result is read-only.
func (a *analysis) newLabelMatches() [][]int {
	a.newOnce.Do(func() { a.newMatches = newLabelMatches(a.text) })
	return a.newMatches
}

// sourceOutline returns the outline of sourceText(doc) and that text (nil
// and "" when there is none) for the document the analysis belongs to,
// computed once, or taken from the Suite's source cache.
func (a *analysis) sourceOutline(doc Document) (*xrefOutline, string) {
	a.srcOnce.Do(func() {
		if st := sourceText(doc); st != "" {
			a.srcOutline, a.srcText = a.factsOf(st).outlineOf(), st
		}
	})
	return a.srcOutline, a.srcText
}

// factsOf returns the facts of a source text: the ones this analysis
// already holds, else the Suite's cached ones, else new.
func (a *analysis) factsOf(text string) *sourceFacts {
	a.factsMu.Lock()
	defer a.factsMu.Unlock()
	for _, f := range a.facts {
		if f.text == text {
			return f
		}
	}
	f := a.sources.facts(text)
	a.facts = append(a.facts, f)
	return f
}

// dominantNumNoun returns dominantNumNoun of the text, computed once.
func (a *analysis) dominantNumNoun() string {
	a.nounOnce.Do(func() { a.noun = dominantNumNoun(a.text) })
	return a.noun
}

// refVocabularyOf returns refVocabulary(text), computed once per text (a
// review's source, the sources it cites); the map is read-only.
func (a *analysis) refVocabularyOf(text string) map[string]bool {
	return a.factsOf(text).vocabulary()
}

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

// sharedRecs is one analyzer kind's recommendations of the text.
type sharedRecs struct {
	once sync.Once
	recs []recommendation
}

// recommendationsFor returns the entry for the recommendations analyzers
// with the given share key find in the text.
func (a *analysis) recommendationsFor(key any) *sharedRecs {
	a.recsMu.Lock()
	defer a.recsMu.Unlock()
	if a.recs == nil {
		a.recs = make(map[any]*sharedRecs)
	}
	e := a.recs[key]
	if e == nil {
		e = &sharedRecs{}
		a.recs[key] = e
	}
	return e
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
