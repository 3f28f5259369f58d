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

// nextWord returns the first word in text[pos:end].
func nextWord(text string, pos, end int) (s, e int, ok bool) {
	i := pos
	for i < end {
		for i < end {
			if c := text[i]; c < utf8.RuneSelf && !asciiSpace[c] && c != '.' && c != '-' {
				break // ASCII fast path: not a separator
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
		for j < end {
			if c := text[j]; c < utf8.RuneSelf {
				// ASCII fast path of sepAt.
				if asciiSpace[c] || ((c == '.' || c == '-') && j+1 < end && text[j+1] == c) {
					break
				}
				j++
				continue
			}
			if sepAt(text, j, end) > 0 {
				break
			}
			_, size := utf8.DecodeRuneInString(text[j:end])
			j += size
		}
		if s, e := trimToAlnum(text, i, j); s < e {
			if e < j && text[e] == ')' && strings.IndexByte(text[s:e], '(') >= 0 {
				e++ // keep the balanced ")" of "3.2(a)"
			}
			return s, e, true
		}
		i = j
	}
	return 0, 0, false
}

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

// trimToAlnum narrows [i, j) to start and end on a letter or digit.
func trimToAlnum(text string, i, j int) (int, int) {
	for i < j {
		c := text[i]
		if c < utf8.RuneSelf {
			if asciiAlnum[c] {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:j])
		if isAlnumRune(r) {
			break
		}
		i += size
	}
	for j > i {
		c := text[j-1]
		if c < utf8.RuneSelf {
			if asciiAlnum[c] {
				break
			}
			j--
			continue
		}
		r, size := utf8.DecodeLastRuneInString(text[i:j])
		if isAlnumRune(r) {
			break
		}
		j -= size
	}
	return i, j
}
