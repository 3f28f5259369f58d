package checks

import "strings"

// Drafted clauses often quote words inside themselves ("… using "#ad" or
// "Ad" and the platform's tool …"). Pairing straight quotes strictly in
// order would close the outer quotation at the first inner mark and turn
// the rest of the clause into a quotation of its own. closeStraightQuote
// reads the marks by where they stand instead: a mark after a space and
// before a word opens an inner quotation, one after a word closes.

// maxNestedReach bounds how far closeStraightQuote reads nested quotations:
// past it, or past a blank line, marks pair in order again, so the cost
// per quotation stays constant.
const maxNestedReach = 2000

// closeStraightQuote returns the offset of the '"' that closes the one at
// open, searching text[open+1:to], or -1 when there is none. Marks that
// open an inner quotation (after white space or an opening bracket, before
// a non-space) nest; when the nesting does not close within
// maxNestedReach bytes and before a blank line, the next mark closes, as
// in plain in-order pairing.
func closeStraightQuote(text string, open, to int) int {
	first := strings.IndexByte(text[open+1:to], '"')
	if first < 0 {
		return -1
	}
	first += open + 1
	limit := min(to, open+maxNestedReach)
	if p := strings.Index(text[open+1:limit], "\n\n"); p >= 0 {
		limit = open + 1 + p
	}
	depth := 1
	for j := first; j >= 0 && j < limit; {
		if opensQuote(text, j, to) {
			depth++
		} else {
			depth--
		}
		if depth == 0 {
			return j
		}
		k := strings.IndexByte(text[j+1:limit], '"')
		if k < 0 {
			break
		}
		j += 1 + k
	}
	return first
}

// opensQuote reports whether the '"' at i stands as an opening mark: after
// the start, white space or an opening bracket, and before a character that
// is not white space or closing punctuation.
func opensQuote(text string, i, to int) bool {
	if i > 0 {
		switch text[i-1] {
		case ' ', '\t', '\n', '(', '[', '/':
		default:
			return false
		}
	}
	if i+1 >= to {
		return false
	}
	switch text[i+1] {
	case ' ', '\t', '\n', '\r', ',', '.', ';', ':', ')', ']', '!', '?':
		return false
	}
	return true
}
