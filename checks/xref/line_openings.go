package xref

import (
	"cmp"
	"slices"
	"sort"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// lineOpenings indexes how the first maxOpenLines lines of a text open,
// after list marks, emphasis and table pipes, so that asking whether some
// line opens with a prefix costs a binary search, not a pass over the
// text. The openings are sorted with ASCII letters case-folded; the lines
// whose opening holds a byte outside ASCII, which case folding may match
// otherwise ("ſ" folds to "s"), are kept apart, by where that byte is.
type lineOpenings struct {
	text  string
	lines []openLine // every line, by opening (ASCII case folded)
	wide  []openLine // the lines whose opening has a non-ASCII byte, by its offset
}

// openLine is one line: text[start:end] with its break, its opening
// text[open:end], and the offset in the opening of its first non-ASCII
// byte (-1 for none).
type openLine struct {
	start, end, open, wide int
}

func newLineOpenings(text string) *lineOpenings {
	o := &lineOpenings{text: text}
	n, at := 0, 0
	for line := range strings.Lines(text) {
		if n++; n > maxOpenLines {
			break
		}
		start := at
		at += len(line)
		l := strings.TrimLeft(line, " \t#>|-*+_")
		ol := openLine{start: start, end: at, open: at - len(l), wide: -1}
		for i := 0; i < len(l); i++ {
			if l[i] >= 0x80 {
				ol.wide = i
				break
			}
		}
		o.lines = append(o.lines, ol)
		if ol.wide >= 0 {
			o.wide = append(o.wide, ol)
		}
	}
	slices.SortFunc(o.lines, func(a, b openLine) int { return compareFoldASCII(text[a.open:a.end], text[b.open:b.end]) })
	slices.SortStableFunc(o.wide, func(a, b openLine) int { return cmp.Compare(a.wide, b.wide) })
	return o
}

// opensWith reports whether an indexed line opens with prefix followed by
// a non-word byte (case folded when fold); the line holding offset skip
// (the reference itself) does not count. A line can only match if its
// opening equals prefix with ASCII case folded (found by binary search,
// for an ASCII prefix) or holds a non-ASCII byte within prefix's length.
func (o *lineOpenings) opensWith(prefix string, fold bool, skip int) bool {
	if asciiOnly(prefix) {
		lines := o.lines
		k := sort.Search(len(lines), func(k int) bool {
			return compareFoldASCII(o.text[lines[k].open:lines[k].end], prefix) >= 0
		})
		for ; k < len(lines) && hasPrefixFoldASCII(o.text[lines[k].open:lines[k].end], prefix); k++ {
			if o.lineOpensWith(lines[k], prefix, fold, skip) {
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
// lower-cased.
func compareFoldASCII(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := cmp.Compare(lowerASCII(a[i]), lowerASCII(b[i])); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
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
