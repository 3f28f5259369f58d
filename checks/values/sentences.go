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
// ". ", "! ", "? " or ";" — not after an abbreviation, an initial or a
// decimal point — or end.
func valueSentenceEnd(text string, from, end int) int {
	depth := 0
	end = SentenceLimit(text, from, end)
	for j := from; j < end; j++ {
		if !vSentenceBytes[text[j]] {
			continue // most bytes: one table read, not a switch
		}
		switch text[j] {
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
		case '.', '!', '?':
			if j+1 < end && text[j+1] != ' ' && text[j+1] != '*' && text[j+1] != '"' && text[j+1] != ')' {
				continue
			}
			if text[j] == '.' && vAbbreviationBefore(text, from, j) {
				continue
			}
			k := j + 1
			for k < end && (text[k] == '*' || text[k] == '"' || text[k] == ')' || text[k] == '_') {
				k++
			}
			return k
		}
	}
	return end
}

// vSentenceBytes marks the bytes valueSentenceEnd acts on.
var vSentenceBytes = func() (t [256]bool) {
	for _, c := range "();.!?" {
		t[c] = true
	}
	return t
}()

// vAbbreviationBefore reports whether the period at j closes an
// abbreviation or an initial ("e.g.", "No.", "Dr E.", "approx.").
func vAbbreviationBefore(text string, from, j int) bool {
	k := j
	for k > from && doctext.IsWordByte(text[k-1]) {
		k--
	}
	if j-k > 6 {
		return false // word bytes are ASCII: longer than any abbreviation below, spare the copy
	}
	w := strings.ToLower(text[k:j])
	if len(w) == 1 {
		return true
	}
	switch w {
	case "e.g", "i.e", "no", "nos", "dr", "mr", "mrs", "ms", "approx", "art", "cl", "para", "paras", "sec", "ss", "vs", "etc", "inc", "ltd", "co", "p", "pp", "st", "am", "pm", "fig", "ca", "cf", "al":
		return true
	}
	return false
}
