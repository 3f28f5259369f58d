package text

// SentenceEnd returns the end of the sentence that continues at i: the
// first line break, ';' or terminator that ends a sentence by the clause
// readers' rules (ClauseSentenceRules) in text[:to], or to.
func SentenceEnd(text string, i, to int) int {
	r, t := clauseRules(), text[:to]
	for j := i; j < to; j++ {
		if sentenceByte[t[j]] && r.BreakAt(t, j) {
			return j
		}
	}
	return to
}
