package checks

import (
	"sort"
	"strings"
)

// quotedSpans returns the double-quoted passages in text[from:to]: straight
// quotes pair up in order; curly quotes pair an opening “ with the next ”.
// Each span covers the quote marks. A Markdown block quote line ("> ...")
// is returned as one span too. Spans are in document order and do not
// overlap; an unpaired quote mark opens nothing.
func quotedSpans(text string, from, to int) []span {
	var out []span
	atLineStart := true
	noCurlyClose := false // no ” after the last search: later “ cannot close
	for i := from; i < to; {
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
		// Skip to the next byte that can matter.
		for i < to && !quoteStop[text[i]] {
			i++
		}
		if i >= to {
			break
		}
		switch c := text[i]; {
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
		case strings.HasPrefix(text[i:to], "“"):
			e := -1
			if !noCurlyClose {
				e = strings.Index(text[i+3:to], "”")
			}
			if e < 0 {
				noCurlyClose = true
				i += 3
				continue
			}
			out = append(out, span{i, i + 3 + e + 3})
			i = i + 3 + e + 3
		default: // 0xE2 starting another rune
			i++
		}
	}
	return out
}

// quoteStop marks the bytes quotedSpans must look at: quotes, line breaks
// and the first byte of a curly quote.
var quoteStop = [256]bool{'"': true, '\n': true, 0xE2: true}

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
