package text

import "strings"

// SentenceAround returns the bounds of the sentence that holds
// text[start:end], looking at most reach bytes either side: it runs from
// just after the previous sentence end to the next one (both excluded),
// where a sentence ends at a line break, a ';', or a '.', '!' or '?'
// followed (past closing markup: "**", ")", a quotation mark) by a space
// or the end of the text. A '.' after one letter
// ("U.S.", "D.C.", "e.g.") or after a common abbreviation ("Inc.", "No.",
// "cl.", "Cal.") does not end a sentence: the rules that read a statement
// with its qualifiers ("governed by U.S. law") need the whole of it.
func SentenceAround(text string, start, end, reach int) (int, int) {
	lo := max(0, start-reach)
	s := lo
	for j := start - 1; j >= lo; j-- {
		if sentenceBreak(text, j) {
			s = j + 1
			break
		}
	}
	hi := min(len(text), end+reach)
	e := hi
	for j := end; j < hi; j++ {
		if sentenceBreak(text, j) {
			e = j
			break
		}
	}
	return s, e
}

// sentenceBreak reports whether the byte at j ends a sentence.
func sentenceBreak(text string, j int) bool {
	switch text[j] {
	case '\n', ';':
		return true
	case '.', '!', '?':
		k := j + 1
		for k < len(text) && k-j <= 3 && strings.IndexByte("*_)\"'`", text[k]) >= 0 {
			k++ // "(no change).** Keep": closing markup after the stop
		}
		if k < len(text) && text[k] != ' ' && text[k] != '\n' && text[k] != '\t' {
			return false
		}
		return text[j] != '.' || !abbreviationBefore(text, j)
	}
	return false
}

// abbreviationBefore reports whether the word ending at j (a '.') is one
// letter or a common abbreviation.
func abbreviationBefore(text string, j int) bool {
	i := j
	for i > 0 && j-i < 8 && IsWordByte(text[i-1]) {
		i--
	}
	w := text[i:j]
	if len(w) == 1 && !(w[0] >= '0' && w[0] <= '9') {
		return true // "U.S.", "D.C.", "e.g." (but "clause 7.1." ends)
	}
	var buf [8]byte
	n := 0
	for k := 0; k < len(w) && n < len(buf); k++ {
		c := w[k]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[n] = c
		n++
	}
	return sentenceAbbreviations[string(buf[:n])]
}

// sentenceAbbreviations are words that a '.' follows without ending the
// sentence.
var sentenceAbbreviations = map[string]bool{
	"inc": true, "ltd": true, "co": true, "corp": true, "no": true, "nos": true, "art": true, "arts": true,
	"sec": true, "secs": true, "cl": true, "cls": true, "para": true, "paras": true, "st": true, "mr": true,
	"mrs": true, "ms": true, "dr": true, "vs": true, "v": true, "etc": true, "cal": true, "del": true,
	"civ": true, "oblig": true, "gen": true, "bus": true, "prof": true, "lab": true, "mass": true,
	"tex": true, "ill": true, "va": true, "approx": true, "fig": true, "sched": true, "reg": true,
}
