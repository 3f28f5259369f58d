package strictjson

import (
	"strconv"
	"unicode/utf8"
)

// MaxQuote is how many bytes of a value an error message repeats: bad input
// is quoted by its prefix, so that a 50 MB key gives a short error, not a
// 50 MB one.
const MaxQuote = 64

// prefix returns s cut to at most MaxQuote bytes at a rune boundary, and
// whether it was cut.
func prefix(s string) (string, bool) { return prefixN(s, MaxQuote) }

// prefixN returns s cut to at most n bytes at a rune boundary, and whether
// it was cut.
func prefixN(s string, n int) (string, bool) {
	if len(s) <= n {
		return s, false
	}
	cut := max(n, 0)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut], true
}

// Quote returns s as a Go string literal (strconv.Quote) for an error
// message; a value longer than MaxQuote bytes is cut at a rune boundary and
// followed by its length: "aaaa…"... (52428800 bytes).
func Quote(s string) string {
	p, cut := prefix(s)
	if !cut {
		return strconv.Quote(s)
	}
	return strconv.Quote(p) + "... (" + strconv.Itoa(len(s)) + " bytes)"
}

// Clip returns s unquoted for an error message (a key in a JSON path, a
// number), cut like Quote when it is longer than MaxQuote bytes.
func Clip(s string) string {
	p, cut := prefix(s)
	if !cut {
		return s
	}
	return p + "... (" + strconv.Itoa(len(s)) + " bytes)"
}
