package checks

import "sync"

// A loop revises one deliverable against one source: every evaluation
// reads the same contract. What the checks learn about a source — the
// outline of its labels, the reference keywords it uses — depends on the
// source alone, so a Suite keeps it between evaluations, as the quote
// check keeps its source indexes (quote.IndexCache): bounded by bytes,
// least recently used out first.

// defaultSourceCacheBytes is the memory budget of a Suite's source cache:
// about 16 MB of source text.
const defaultSourceCacheBytes = 64 << 20

// sourceFacts is what the checks learn about one source text, each part
// computed on first use, once, and read-only after.
type sourceFacts struct {
	text string

	outlineOnce sync.Once
	outline     *xrefOutline // buildOutlineOf(text, outlineSources)

	vocabOnce sync.Once
	vocab     map[string]bool // refVocabulary(text)
}

// outlineOf returns the outline of the sources text a review cites
// (sourceText), built once.
func (f *sourceFacts) outlineOf() *xrefOutline {
	f.outlineOnce.Do(func() {
		idx := NewLineIndex(f.text)
		f.outline = buildOutlineOf(f.text, &idx, outlineSources)
	})
	return f.outline
}

// vocabulary returns refVocabulary(text), built once.
func (f *sourceFacts) vocabulary() map[string]bool {
	f.vocabOnce.Do(func() { f.vocab = refVocabulary(f.text) })
	return f.vocab
}

// sourceFactsBytes estimates what the facts of a text of n bytes hold at
// most: the outline's labels and keys and the line index run to a few
// bytes per source byte.
func sourceFactsBytes(n int) int64 { return 4*int64(n) + 1024 }
