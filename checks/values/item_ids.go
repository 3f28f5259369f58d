package values

import "strings"

// hasItemID reports whether itemIDRe matches text. The expression has no
// literal to skip ahead by, so on a document without ids it stepped
// through every byte; this looks only around each '-' (FuzzHasItemID
// checks the two agree).
func hasItemID(text string) bool {
	_, _, ok := itemIDIndex(text)
	return ok
}

// itemIDIndex returns where itemIDRe's leftmost match in text starts and
// ends, as FindStringIndex does (FuzzItemIDIndex): the first '-' that
// joins an id. A match cannot start before the capitals right before its
// '-', so the first such '-' holds the leftmost match.
func itemIDIndex(text string) (start, end int, ok bool) {
	for off := 0; ; {
		i := strings.IndexByte(text[off:], '-')
		if i < 0 {
			return 0, 0, false
		}
		i += off
		off = i + 1
		if s, e, ok := itemIDAround(text, i); ok {
			return s, e, true
		}
	}
}

// itemIDAround reports whether the '-' at text[i] joins an item id: one
// to four capitals that open a word before it, one to three digits that
// end one after it ("F-02", not "AB2-1" or "F-1234"); and where the id
// starts and ends.
func itemIDAround(text string, i int) (start, end int, ok bool) {
	s := i
	for s > 0 && i-s < 5 && text[s-1] >= 'A' && text[s-1] <= 'Z' {
		s--
	}
	if s == i || i-s > 4 || s > 0 && vReWordByte(text[s-1]) {
		return 0, 0, false
	}
	e := i + 1
	for e < len(text) && e-i <= 4 && text[e] >= '0' && text[e] <= '9' {
		e++
	}
	return s, e, e > i+1 && e-i <= 4 && (e == len(text) || !vReWordByte(text[e]))
}

// vReWordByte reports whether c is a word byte as regexp's \b reads it
// (ASCII letters, digits and the underscore).
func vReWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
