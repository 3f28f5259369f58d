package readability

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words returns the word spans of text using the default Analyzer.
func Words(text string) []Span { return Default().AppendWords(nil, text) }

// AppendWords appends the word spans of text to dst and returns it.
//
// Words are separated by white space, em and en dashes, ellipses and runs of
// two or more '.' or '-'; a word is what remains with leading and trailing
// characters that are neither letters nor digits removed, and is dropped when
// nothing remains ("&", "--"). Inner punctuation stays: "singer-songwriter",
// "don't", "3.2(a)" (a closing parenthesis is kept when the word opened one), "$1,000.50" (as "1,000.50"), "U.S" and "and/or" are one
// word each. Spans are ordered, non-overlapping and on UTF-8 boundaries.
func (a *Analyzer) AppendWords(dst []Span, text string) []Span {
	for pos := 0; ; {
		s, e, ok := nextWord(text, pos, len(text))
		if !ok {
			return dst
		}
		dst = append(dst, Span{s, e})
		pos = e
	}
}

// nextWord returns the first word in text[pos:end]. It finds the chunk's
// first and last letter or digit while scanning it, which is the trimming
// AppendWords documents.
func nextWord(text string, pos, end int) (s, e int, ok bool) {
	i := pos
	for i < end {
		for i < end {
			if c := text[i]; c < utf8.RuneSelf {
				if asciiSpace[c] {
					i++
					continue
				}
				if c != '.' && c != '-' {
					break // ASCII fast path: not a separator
				}
			}
			if size := sepAt(text, i, end); size > 0 {
				i += size
				continue
			}
			break
		}
		if i >= end {
			break
		}
		j := i
		first, last := -1, -1
		for j < end {
			// Tight loop over a run of ASCII letters and digits: the bulk of
			// any text.
			k := j
			for k < end && alnum256[text[k]] {
				k++
			}
			if k > j {
				if first < 0 {
					first = j
				}
				last = k
				j = k
				if j >= end {
					break
				}
			}
			if c := text[j]; c < utf8.RuneSelf {
				if asciiSpace[c] || ((c == '.' || c == '-') && j+1 < end && text[j+1] == c) {
					break
				}
				j++ // inner punctuation: "don't", "3.2(a)", "and/or"
				continue
			}
			if sepAt(text, j, end) > 0 {
				break
			}
			r, size := utf8.DecodeRuneInString(text[j:end])
			if isAlnumRune(r) {
				if first < 0 {
					first = j
				}
				last = j + size
			}
			j += size
		}
		if first >= 0 {
			if last < j && text[last] == ')' && strings.IndexByte(text[first:last], '(') >= 0 {
				last++ // keep the balanced ")" of "3.2(a)"
			}
			return first, last, true
		}
		i = j
	}
	return 0, 0, false
}

// space256 is asciiSpace over all byte values (false from 0x80 up).
var space256 = func() (t [256]bool) {
	for _, c := range " \t\n\r\v\f" {
		t[c] = true
	}
	return t
}()

// alnum256 is asciiAlnum over all byte values (false from 0x80 up), so
// the tight loop needs no range check.
var alnum256 = func() (t [256]bool) {
	for c := 0; c < utf8.RuneSelf; c++ {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

// sepAt returns the byte length of the word separator at i, or 0.
func sepAt(text string, i, end int) int {
	c := text[i]
	if c < utf8.RuneSelf {
		switch {
		case asciiSpace[c]:
			return 1
		case (c == '.' || c == '-') && i+1 < end && text[i+1] == c:
			return 2
		}
		return 0
	}
	r, size := utf8.DecodeRuneInString(text[i:end])
	switch r {
	case '—', '–', '―', '…':
		return size
	}
	if unicode.IsSpace(r) {
		return size
	}
	return 0
}
