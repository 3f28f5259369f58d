package xref

import (
	"sync"

	"github.com/evalopt/evalopt/checks/internal/text"
)

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
		idx := text.NewLineIndex(f.text)
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
