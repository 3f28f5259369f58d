package text

import (
	"slices"
	"sort"
	"strings"

	"github.com/evalopt/evalopt/checks/internal/quotematch"
)

// QuotedSpans returns the double-quoted passages in text[from:to] as
// quotematch.Passages finds them (straight quotes paired with nesting, curly “
// with the next ”, "> " block-quote lines), in document order, without
// overlaps.
//
// The passages are counted first and the result allocated once: growing it
// by appends allocated five times its size, which 20 MB of quotes (ten
// million passages) turned into gigabytes.
func QuotedSpans(text string, from, to int) []Span {
	if to-from <= maxOnePassQuotes {
		return slices.Clip(AppendQuotedSpans(nil, text, from, to))
	}
	n := 0
	for range quotematch.Passages(text, from, to) {
		n++
	}
	if n == 0 {
		return nil
	}
	out := make([]Span, 0, n)
	for p := range quotematch.Passages(text, from, to) {
		out = append(out, Span{p.Start, p.End})
	}
	return out
}

// maxOnePassQuotes is the longest range whose passages QuotedSpans and
// AppendQuotedSpans collect in one scan, growing their slice as they go;
// a longer one is scanned twice, to count and then fill, so that its
// slice is allocated once (see QuotedSpans). A line is nearly always
// shorter: the values and recommendation checks read quotations line by
// line.
const maxOnePassQuotes = 64 << 10

// AppendQuotedSpans appends QuotedSpans(text, from, to) to dst: a caller
// reading line after line reuses one slice.
func AppendQuotedSpans(dst []Span, text string, from, to int) []Span {
	if to-from > maxOnePassQuotes {
		n := 0
		for range quotematch.Passages(text, from, to) {
			n++
		}
		dst = slices.Grow(dst, n)
	}
	for p := range quotematch.Passages(text, from, to) {
		dst = append(dst, Span{p.Start, p.End})
	}
	return dst
}

// WordCount counts the words of text[from:to].
func WordCount(text string, from, to int) int {
	n := 0
	for i := from; i < to; {
		s, e := NextWord(text, i, to)
		if s >= to {
			break
		}
		n++
		i = e
	}
	return n
}

// InSpans reports whether [s,e) lies inside one of spans, which must be
// sorted by start and not overlap. It is a binary search.
func InSpans(spans []Span, s, e int) bool {
	// The last span starting at or before s is the only candidate.
	i := sort.Search(len(spans), func(i int) bool { return spans[i].Start > s }) - 1
	return i >= 0 && e <= spans[i].End
}

// CodeSpans returns the code in text[from:to]: fenced blocks (from a
// "```" or "~~~" line to the closing one, or to the end) and inline
// `code` spans on one line, in document order. Quotation marks in code are
// code, not quotations.
func CodeSpans(text string, from, to int) []Span {
	if strings.IndexByte(text[from:to], '`') < 0 && !strings.Contains(text[from:to], "~~~") && !strings.Contains(text[from:to], "\n    ") {
		return nil
	}
	var out []Span
	fence := -1 // start of the open fenced block, or -1
	for i := from; i < to; {
		e := strings.IndexByte(text[i:to], '\n')
		if e < 0 {
			e = to
		} else {
			e += i
		}
		t := strings.TrimLeft(text[i:e], " \t>")
		if fence < 0 && indentedCode(text, i, e, t) {
			out = append(out, Span{i, e}) // a four-space indented block: drafted clause text or code
			i = e + 1
			continue
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			if fence < 0 {
				fence = i
			} else {
				out = append(out, Span{fence, e})
				fence = -1
			}
		} else if fence < 0 {
			for j := i; j < e; {
				a := strings.IndexByte(text[j:e], '`')
				if a < 0 {
					break
				}
				a += j
				b := strings.IndexByte(text[a+1:e], '`')
				if b < 0 {
					break
				}
				b += a + 1
				out = append(out, Span{a, b + 1})
				j = b + 1
			}
		}
		i = e + 1
	}
	if fence >= 0 {
		out = append(out, Span{fence, to})
	}
	return out
}

// outsideCode returns the quotations qs that do not start inside code, in
// a slice of its own when it drops any.
func outsideCode(qs, code []Span) []Span {
	if len(code) == 0 {
		return qs
	}
	out := make([]Span, 0, len(qs))
	for _, q := range qs {
		if !InSpans(code, q.Start, q.Start+1) {
			out = append(out, q)
		}
	}
	return out
}

// ExcludedSpans returns the quotations and code of text[from:to], sorted
// and without overlaps: the text a recommendation or finding check must
// not read as the author's own words.
func ExcludedSpans(text string, from, to int) []Span {
	code := CodeSpans(text, from, to)
	return unionSpans(code, outsideCode(QuotedSpans(text, from, to), code))
}

// unionSpans returns a and b (each sorted) as one sorted list without
// overlaps, in a new slice unless one of them is empty.
func unionSpans(a, b []Span) []Span {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	all := append(append(make([]Span, 0, len(a)+len(b)), a...), b...)
	SortSpans(all)
	out := all[:0]
	for _, s := range all {
		if n := len(out); n > 0 && s.Start < out[n-1].End {
			out[n-1].End = max(out[n-1].End, s.End)
			continue
		}
		out = append(out, s)
	}
	return out
}

// indentedCode reports whether the line text[i:e] (t, trimmed) is a
// Markdown indented block: four or more leading spaces (or a tab), not a
// list item, after a blank line or another such line.
func indentedCode(text string, i, e int, t string) bool {
	if t == "" || LeadingSpaces(text[i:e]) < 4 || ListItemRe.MatchString(t) || StartsWithAny(t, "-*+") && len(t) > 1 && t[1] == ' ' {
		return false
	}
	if i == 0 {
		return true
	}
	ps := strings.LastIndexByte(text[:i-1], '\n') + 1
	prev := text[ps : i-1]
	return strings.TrimSpace(prev) == "" || LeadingSpaces(prev) >= 4
}
