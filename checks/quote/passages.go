package quote

import (
	"iter"
	"strings"
)

// Passage is a quoted passage of a text: [Start, End) covers the quote marks,
// or a whole block-quote line.
type Passage struct {
	Start, End int
}

// Passages yields the double-quoted passages of text[from:to] in document
// order: straight quotes pair up in order; a curly “ pairs with the next ”;
// a Markdown block-quote line ("> ...", after optional blanks) is one
// passage. Passages do not overlap; an unpaired quote mark opens nothing.
// Offsets are in text.
//
// Passages holds no list: it finds one passage at a time, in one pass over
// the text (once no ” is left, later “ are skipped without searching), so
// 20 MB of '"' yield their ten million passages in linear time and
// constant memory. The caller stops it by breaking out of the range.
func Passages(text string, from, to int) iter.Seq[Passage] {
	return func(yield func(Passage) bool) {
		from, to = max(from, 0), min(to, len(text))
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
					if !yield(Passage{j, e}) {
						return
					}
					i = e
					continue
				}
				atLineStart = false
			}
			// Skip to the next byte that can matter.
			for i < to && !passageStop[text[i]] {
				i++
			}
			if i >= to {
				return
			}
			switch c := text[i]; {
			case c == '\n':
				atLineStart = true
				i++
			case c == '"':
				e := strings.IndexByte(text[i+1:to], '"')
				if e < 0 {
					return
				}
				if !yield(Passage{i, i + 1 + e + 1}) {
					return
				}
				i += 1 + e + 1
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
				if !yield(Passage{i, i + 3 + e + 3}) {
					return
				}
				i += 3 + e + 3
			default: // 0xE2 starting another rune
				i++
			}
		}
	}
}

// passageStop marks the bytes Passages must look at: quotes, line breaks and the
// first byte of a curly quote.
var passageStop = [256]bool{'"': true, '\n': true, 0xE2: true}
