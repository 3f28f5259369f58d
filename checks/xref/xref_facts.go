package xref

import (
	"github.com/evalopt/evalopt/checks/check"
)

// What the cross-reference checks share about a document: the labels it
// introduces as new, its usual noun for numbered clauses and the outline
// of the source it cites; and about a source, across the documents a Suite
// evaluates (SharedAcross), its outline and reference vocabulary.

type newLabelsKey struct{}

type seqLabelsKey struct{}

type numNounKey struct{}

type sourceOutlineKey struct{}

type sourceFactsKey struct{}

// NewLabelMatchesOf returns newLabelMatches of doc's text, computed once
// per document; the result is read-only.
func NewLabelMatchesOf(doc check.Document) [][]int {
	return check.Shared(doc, newLabelsKey{}, func() [][]int {
		return append(newLabelMatches(doc.Text), insertedLabelMatches(doc.Text)...)
	})
}

// DominantNumNounOf returns dominantNumNoun of doc's text, computed once.
func DominantNumNounOf(doc check.Document) string {
	return check.Shared(doc, numNounKey{}, func() string { return dominantNumNoun(doc.Text) })
}

// outlinedSource is the outline of the sources a review cites and their text.
type outlinedSource struct {
	outline *xrefOutline
	text    string
}

// SourceOutlineOf returns the outline of sourceText(doc) and that text (nil
// and "" when there is none), computed once per document, or taken from
// the Suite's facts about the sources it saw last.
func SourceOutlineOf(doc check.Document) (*xrefOutline, string) {
	o := check.Shared(doc, sourceOutlineKey{}, func() outlinedSource {
		if st := sourceText(doc); st != "" {
			return outlinedSource{sourceFactsOf(doc, st).outlineOf(), st}
		}
		return outlinedSource{}
	})
	return o.outline, o.text
}

// sourceFactsOf returns the facts of a source text, shared across the
// documents a Suite evaluates.
func sourceFactsOf(doc check.Document, text string) *sourceFacts {
	return check.SharedAcross(doc, sourceFactsKey{}, text, sourceFactsBytes(len(text)), func() *sourceFacts { return &sourceFacts{text: text} })
}

// RefVocabularyOf returns refVocabulary(text), computed once per source
// text; the map is read-only.
func RefVocabularyOf(doc check.Document, text string) map[string]bool {
	return sourceFactsOf(doc, text).vocabulary()
}

// seqLabelsOf returns readSeqLabels of doc's text, read once per document:
// the list-numbering check and the self-reference check both read the
// text's label runs.
func seqLabelsOf(doc check.Document) []seqLabel {
	return check.Shared(doc, seqLabelsKey{}, func() []seqLabel { return readSeqLabels(doc) })
}
