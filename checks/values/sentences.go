package values

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// This file splits a line into the sentences values are read in.

// MaxValueSentence bounds the bytes read as one sentence (4 KB: prose
// sentences are far shorter); a longer run is read in pieces.
const MaxValueSentence = 4 << 10

// SentenceLimit is where a sentence starting at from may end at the latest,
// given the line ends at end: a run longer than maxValueSentence without
// an end is not a sentence, so it is cut at a space, which keeps the
// per-sentence work (tense, anchors, overlapping readings) bounded and the
// whole read linear.
func SentenceLimit(text string, from, end int) int {
	if end-from <= MaxValueSentence {
		return end
	}
	cut := from + MaxValueSentence
	if sp := strings.LastIndexByte(text[from+MaxValueSentence/2:cut], ' '); sp >= 0 {
		cut = from + MaxValueSentence/2 + sp + 1
	}
	return cut
}

// valueSentenceEnd returns the end of the sentence starting at from: after
// a terminator that ends a sentence by the text layer's rules
// (doctext.ClauseSentenceRules: not after an abbreviation, an initial or a
// decimal point) and its closers, or after a ';' outside parentheses, or
// end.
func valueSentenceEnd(text string, from, end int) int {
	depth := 0
	end = SentenceLimit(text, from, end)
	t, rules := text[:end], doctext.ClauseSentenceRules()
	for j := from; j < end; j++ {
		if !vSentenceBytes[t[j]] {
			continue // most bytes: one table read, not a switch
		}
		switch t[j] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case ';':
			if depth == 0 {
				return j + 1
			}
		default:
			e, next, ok := rules.Stop(t, j)
			if ok {
				return e
			}
			j = next - 1
		}
	}
	return end
}

// vSentenceBytes marks the bytes valueSentenceEnd acts on.
var vSentenceBytes = func() (t [256]bool) {
	for _, c := range []byte("();.!?\xe2") {
		t[c] = true
	}
	return t
}()
