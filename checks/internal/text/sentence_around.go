package text

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

// sentenceBreak reports whether the byte at j ends a sentence, by the
// clause readers' rules (ClauseSentenceRules).
func sentenceBreak(text string, j int) bool { return clauseRules().BreakAt(text, j) }
