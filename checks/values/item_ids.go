package values

import "strings"

// hasItemID reports whether itemIDRe matches text. The expression has no
// literal to skip ahead by, so on a document without ids it stepped
// through every byte; this looks only around each '-' (FuzzHasItemID
// checks the two agree).
func hasItemID(text string) bool {
	for off := 0; ; {
		i := strings.IndexByte(text[off:], '-')
		if i < 0 {
			return false
		}
		i += off
		off = i + 1
		if itemIDAround(text, i) {
			return true
		}
	}
}

// itemIDAround reports whether the '-' at text[i] joins an item id: one
// to four capitals that open a word before it, one to three digits that
// end one after it ("F-02", not "AB2-1" or "F-1234").
func itemIDAround(text string, i int) bool {
	s := i
	for s > 0 && i-s < 5 && text[s-1] >= 'A' && text[s-1] <= 'Z' {
		s--
	}
	if s == i || i-s > 4 || s > 0 && vReWordByte(text[s-1]) {
		return false
	}
	e := i + 1
	for e < len(text) && e-i <= 4 && text[e] >= '0' && text[e] <= '9' {
		e++
	}
	return e > i+1 && e-i <= 4 && (e == len(text) || !vReWordByte(text[e]))
}

// vReWordByte reports whether c is a word byte as regexp's \b reads it
// (ASCII letters, digits and the underscore).
func vReWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
