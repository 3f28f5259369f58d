package xref

import (
	"strings"
	"unicode/utf8"
)

// itemDefIndex returns what itemDefRe.FindStringSubmatchIndex(s) does,
// read by hand: itemDefs asks it of every line that may open with a
// label, and the expression's backtracker was the dearest part of the
// list-numbering check. The expression can be read only one way: its
// markup is labelMarkup's (itemLabelRe's); an emphasis mark present must
// be taken for a letter to follow; each letter or digit run must be
// taken whole for its blank, '-', digit or closing mark to follow; and
// the closing alternatives open with different bytes once the blanks
// are read. FuzzItemDef checks it against the expression.
func itemDefIndex(s string) []int {
	i, ok := labelMarkup(s)
	if !ok {
		return nil
	}
	if strings.HasPrefix(s[i:], "**") || strings.HasPrefix(s[i:], "__") {
		i += 2
	}
	// "Amendment 2", "Finding #3": a word of 4 to 15 letters, blanks,
	// an optional '#' and the number.
	l := i
	for l < len(s) && l-i <= 15 && isASCIILetter(s[l]) {
		l++
	}
	if n := l - i; n >= 4 && n <= 15 {
		if d := blanksAt(s, l); d > l {
			if d < len(s) && s[d] == '#' {
				d++
			}
			if e, end, ok := itemDefTail(s, d); ok {
				return []int{0, end, i, l, d, e, -1, -1, -1, -1}
			}
		}
	}
	// "V4", "RT-01": one to four capitals, an optional '-' and the number.
	u := i
	for u < len(s) && u-i <= 4 && s[u] >= 'A' && s[u] <= 'Z' {
		u++
	}
	if n := u - i; n < 1 || n > 4 {
		return nil
	}
	d := u
	if d < len(s) && s[d] == '-' {
		d++
	}
	if e, end, ok := itemDefTail(s, d); ok {
		return []int{0, end, -1, -1, -1, -1, i, u, d, e}
	}
	return nil
}

// itemDefTail reads itemDefRe's number at s[d:] (one to three digits)
// and what sets it off: an optional emphasis mark, then blanks and a
// closing mark, blanks to the end, or two blanks and a visible rune. It
// returns the number's end and the match's.
func itemDefTail(s string, d int) (e, end int, ok bool) {
	e = d
	for e < len(s) && e-d <= 3 && s[e] >= '0' && s[e] <= '9' {
		e++
	}
	if n := e - d; n < 1 || n > 3 {
		return 0, 0, false
	}
	t := e
	if strings.HasPrefix(s[t:], "**") || strings.HasPrefix(s[t:], "__") {
		t += 2
	}
	b := blanksAt(s, t)
	switch {
	case b == len(s):
		return e, b, true
	case strings.IndexByte("|:.)(-", s[b]) >= 0:
		return e, b + 1, true
	case strings.HasPrefix(s[b:], "—") || strings.HasPrefix(s[b:], "–"):
		return e, b + 3, true
	case b-t >= 2 && !strings.ContainsRune("\n\f\r", rune(s[b])):
		_, size := utf8.DecodeRuneInString(s[b:])
		return e, b + size, true
	}
	return 0, 0, false
}
