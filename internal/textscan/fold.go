package textscan

import (
	"slices"
	"unicode"
	"unicode/utf8"
)

// FoldInto appends s to dst with every ASCII letter lower-cased and every
// non-ASCII rune r replaced by fold(r) (unicode.ToLower when fold is nil),
// writing only into dst's spare capacity: it never allocates. It returns
// the extended slice and true, or false (with dst extended by what fitted)
// when the result does not fit in cap(dst) or fold returns a rune that
// cannot be encoded. An invalid UTF-8 byte reaches fold as utf8.RuneError.
//
// Use it with a fixed buffer for lookups that only care about short words:
// a word that does not fit cannot be a key.
func FoldInto(dst []byte, s string, fold func(rune) rune) ([]byte, bool) {
	// ASCII fast path: one table lookup a byte into the spare capacity.
	if n := len(dst); len(s) <= cap(dst)-n {
		dst = dst[:n+len(s)]
		i := 0
		for ; i < len(s); i++ {
			c := s[i]
			if c >= utf8.RuneSelf {
				break
			}
			dst[n+i] = asciiLower[c]
		}
		if i == len(s) {
			return dst, true
		}
		dst, s = dst[:n+i], s[i:]
	}
	if fold == nil {
		fold = unicode.ToLower
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if len(dst) == cap(dst) {
				return dst, false
			}
			dst = append(dst, asciiLower[c])
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		r = fold(r)
		n := utf8.RuneLen(r)
		if n < 0 || len(dst)+n > cap(dst) {
			return dst, false
		}
		dst = utf8.AppendRune(dst, r)
	}
	return dst, true
}

// AppendLower appends s lower-cased rune by rune (unicode.ToLower; an
// invalid UTF-8 byte becomes U+FFFD) to dst and returns the extended
// slice. Like append it allocates only when dst lacks the capacity, so a
// buffer reused from word to word stops allocating once it has grown to
// the longest word.
func AppendLower(dst []byte, s string) []byte {
	if out, ok := FoldInto(dst, s, nil); ok {
		return out
	}
	// No byte of s becomes more than three: an invalid byte becomes U+FFFD
	// (three bytes) and lower-casing lengthens a valid rune by half at most
	// (U+023A to U+2C65, two bytes to three; TestLowerLengthBound checks
	// every rune), so the second pass fits.
	out, _ := FoldInto(slices.Grow(dst, 3*len(s)), s, nil)
	return out
}

// LowerByte returns the lower case of an ASCII letter and any other byte
// unchanged.
func LowerByte(c byte) byte { return asciiLower[c] }

// asciiLower is LowerByte as a table: 256 entries, so indexing by a byte
// needs no bounds check.
var asciiLower = func() (t [256]byte) {
	for c := range t {
		t[c] = byte(c)
		if 'A' <= c && c <= 'Z' {
			t[c] = byte(c + 'a' - 'A')
		}
	}
	return t
}()
