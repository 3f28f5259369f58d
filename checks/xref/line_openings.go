package xref

import (
	"cmp"
	"slices"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// lineOpenings indexes how the first maxOpenLines lines of a text open,
// after list marks, emphasis and table pipes, so that asking whether some
// line opens with a prefix costs a binary search, not a pass over the
// text. The openings are sorted by their first sixteen bytes with ASCII
// letters case-folded (lines that share them, mostly repeated lines, in
// no particular order: comparing them in full was most of the sort); the lines
// whose opening holds a byte outside ASCII, which case folding may match
// otherwise ("ſ" folds to "s"), are kept apart, by where that byte is.
type lineOpenings struct {
	text  string
	lines []openLine // every line, by the keys of its opening
	wide  []openLine // the lines whose opening has a non-ASCII byte, by its offset
}

// openLine is one line: text[start:end] with its break, its opening
// text[open:end], and the offset in the opening of its first non-ASCII
// byte (-1 for none).
type openLine struct {
	start, end, open, wide int
	key, key2              uint64 // foldKey of the opening and of the opening past its first eight bytes
}

func newLineOpenings(text string) *lineOpenings {
	o := &lineOpenings{text: text, lines: make([]openLine, 0, min(maxOpenLines, strings.Count(text, "\n")+1))}
	for at, n := 0, 0; at < len(text); n++ {
		if n >= maxOpenLines {
			break
		}
		start := at
		if i := strings.IndexByte(text[at:], '\n'); i >= 0 {
			at += i + 1
		} else {
			at = len(text)
		}
		open := start
		for open < at && openingMark[text[open]] {
			open++
		}
		ol := openLine{start: start, end: at, open: open, wide: nonASCIIAt(text[open:at]), key: foldKey(text[open:at])}
		if at-open > 8 {
			ol.key2 = foldKey(text[open+8 : at])
		}
		o.lines = append(o.lines, ol)
		if ol.wide >= 0 {
			o.wide = append(o.wide, ol)
		}
	}
	slices.SortFunc(o.lines, compareKeys)
	slices.SortStableFunc(o.wide, func(a, b openLine) int { return cmp.Compare(a.wide, b.wide) })
	return o
}

// openingMark marks the bytes an opening is read after: blanks, heading
// and quote marks, list marks, emphasis and table pipes (the cut set
// " \t#>|-*+_").
var openingMark = [256]bool{' ': true, '\t': true, '#': true, '>': true, '|': true, '-': true, '*': true, '+': true, '_': true}

// nonASCIIAt returns the offset of s's first byte outside ASCII, or -1.
// It reads eight bytes at a time.
func nonASCIIAt(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if (s[i]|s[i+1]|s[i+2]|s[i+3]|s[i+4]|s[i+5]|s[i+6]|s[i+7])&0x80 != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return i
		}
	}
	return -1
}

// opensWith reports whether an indexed line opens with prefix followed by
// a non-word byte (case folded when fold); the line holding offset skip
// (the reference itself) does not count. A line can only match if its
// opening equals prefix with ASCII case folded (found by binary search,
// for an ASCII prefix) or holds a non-ASCII byte within prefix's length.
func (o *lineOpenings) opensWith(prefix string, fold bool, skip int) bool {
	if asciiOnly(prefix) {
		// The lines whose first sixteen folded bytes can open with
		// prefix's lie between its keys with zeros and with 0xff bytes
		// past its end.
		lo, hi := prefixKeys(prefix)
		lines := o.lines
		k, _ := slices.BinarySearchFunc(lines, lo, compareKeys)
		for ; k < len(lines) && compareKeys(lines[k], hi) <= 0; k++ {
			if hasPrefixFoldASCII(o.text[lines[k].open:lines[k].end], prefix) && o.lineOpensWith(lines[k], prefix, fold, skip) {
				return true
			}
		}
	}
	for _, ol := range o.wide {
		if ol.wide >= len(prefix) {
			break
		}
		if o.lineOpensWith(ol, prefix, fold, skip) {
			return true
		}
	}
	return false
}

// compareKeys orders lines by their keys.
func compareKeys(a, b openLine) int {
	if c := cmp.Compare(a.key, b.key); c != 0 {
		return c
	}
	return cmp.Compare(a.key2, b.key2)
}

// prefixKeys returns the least and the greatest keys of a line whose
// opening's first sixteen bytes, case folded, open with prefix's.
func prefixKeys(prefix string) (lo, hi openLine) {
	var b [16]byte
	n := copy(b[:], prefix)
	lo.key, lo.key2 = foldKey(string(b[:8])), foldKey(string(b[8:]))
	for i := n; i < len(b); i++ {
		b[i] = 0xff
	}
	hi.key, hi.key2 = foldKey(string(b[:8])), foldKey(string(b[8:]))
	return lo, hi
}

// lineOpensWith is opensWith's test of one line.
func (o *lineOpenings) lineOpensWith(ol openLine, prefix string, fold bool, skip int) bool {
	if ol.start <= skip && skip < ol.end {
		return false
	}
	l := o.text[ol.open:ol.end]
	if len(l) < len(prefix) {
		return false
	}
	head := l[:len(prefix)]
	if head != prefix && !(fold && strings.EqualFold(head, prefix)) {
		return false
	}
	return len(l) == len(prefix) || !doctext.IsWordByte(l[len(prefix)])
}

// lowerASCII lower-cases an ASCII capital and leaves any other byte.
func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// compareFoldASCII compares a and b byte by byte with ASCII capitals
// lower-cased, eight bytes at a time.
func compareFoldASCII(a, b string) int {
	i := 0
	for ; i+8 <= len(a) && i+8 <= len(b); i += 8 {
		x, y := foldWord(a[i:i+8]), foldWord(b[i:i+8])
		if x != y {
			return cmp.Compare(x, y)
		}
	}
	for ; i < len(a) && i < len(b); i++ {
		if c := cmp.Compare(lowerASCII(a[i]), lowerASCII(b[i])); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
}

// foldWord returns the first eight bytes of s, ASCII capitals
// lower-cased, as a big-endian number: two such numbers compare as the
// folded bytes do.
func foldWord(s string) uint64 {
	_ = s[7]
	return foldBits(uint64(s[0])<<56 | uint64(s[1])<<48 | uint64(s[2])<<40 | uint64(s[3])<<32 |
		uint64(s[4])<<24 | uint64(s[5])<<16 | uint64(s[6])<<8 | uint64(s[7]))
}

// foldBits lower-cases the ASCII capitals among the eight bytes of x.
func foldBits(x uint64) uint64 {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	low := x &^ high                      // each byte's low seven bits: adding below cannot carry into the next byte
	geA := (low + (0x80-'A')*ones) & high // the byte's low bits are 'A' or more
	gtZ := (low + (0x7f-'Z')*ones) & high // ... more than 'Z'
	upper := geA &^ gtZ &^ x              // and the byte is ASCII
	return x | upper>>2                   // 0x80>>2 is the 0x20 of lower case
}

// foldKey returns the first eight bytes of s as foldWord reads them,
// zeros past its end: lines whose keys differ compare as their keys do.
func foldKey(s string) uint64 {
	if len(s) >= 8 {
		return foldWord(s)
	}
	var x uint64
	for i := 0; i < 8; i++ {
		x <<= 8
		if i < len(s) {
			x |= uint64(s[i])
		}
	}
	return foldBits(x)
}

// hasPrefixFoldASCII reports whether s opens with p, ASCII capitals
// lower-cased.
func hasPrefixFoldASCII(s, p string) bool {
	if len(s) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		if lowerASCII(s[i]) != lowerASCII(p[i]) {
			return false
		}
	}
	return true
}
