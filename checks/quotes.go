package checks

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// quotedSpans returns the double-quoted passages in text[from:to]: straight
// quotes pair up in order; curly quotes pair an opening “ with the next ”.
// Each span covers the quote marks. A Markdown block quote line ("> ...")
// is returned as one span too. Spans are in document order and do not
// overlap; an unpaired quote mark opens nothing.
func quotedSpans(text string, from, to int) []span {
	var out []span
	atLineStart := true
	for i := from; i < to; {
		c := text[i]
		if atLineStart {
			j := i
			for j < to && (text[j] == ' ' || text[j] == '\t') {
				j++
			}
			if j < to && text[j] == '>' {
				e := strings.IndexByte(text[j:to], '\n')
				if e < 0 {
					e = to
				} else {
					e += j
				}
				out = append(out, span{j, e})
				i = e
				continue
			}
			atLineStart = false
		}
		switch {
		case c == '\n':
			atLineStart = true
			i++
		case c == '"':
			e := strings.IndexByte(text[i+1:to], '"')
			if e < 0 {
				return out
			}
			out = append(out, span{i, i + 1 + e + 1})
			i = i + 1 + e + 1
		case c == 0xE2 && strings.HasPrefix(text[i:to], "“"):
			e := strings.Index(text[i+3:to], "”")
			if e < 0 {
				i += 3
				continue
			}
			out = append(out, span{i, i + 3 + e + 3})
			i = i + 3 + e + 3
		case c < utf8.RuneSelf:
			i++
		default:
			_, size := utf8.DecodeRuneInString(text[i:to])
			i += size
		}
	}
	return out
}

// wordCount counts the words of text[from:to].
func wordCount(text string, from, to int) int {
	n := 0
	for i := from; i < to; {
		s, e := nextWord(text, i, to)
		if s >= to {
			break
		}
		n++
		i = e
	}
	return n
}

// inSpans reports whether [s,e) lies inside one of spans, which must be
// sorted by start and not overlap. It is a binary search.
func inSpans(spans []span, s, e int) bool {
	// The last span starting at or before s is the only candidate.
	i := sort.Search(len(spans), func(i int) bool { return spans[i].start > s }) - 1
	return i >= 0 && e <= spans[i].end
}
