package text

// SentenceEnd returns the end of the sentence that continues at i: the
// first ". ", "! ", "? ", ";" or line break, or to.
func SentenceEnd(text string, i, to int) int {
	for j := i; j < to; j++ {
		switch text[j] {
		case '\n', ';':
			return j
		case '.', '!', '?':
			if j+1 >= to || text[j+1] == ' ' || text[j+1] == '\n' {
				return j
			}
		}
	}
	return to
}
