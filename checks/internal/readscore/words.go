package readscore

import (
	"strings"
	"unicode"

	"github.com/evalopt/evalopt/internal/textscan"
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
		s, e, ok := nextWord(text, pos)
		if !ok {
			return dst
		}
		dst = append(dst, Span{s, e})
		pos = e
	}
}

// nextWord returns the first word of text at or after pos: the word the
// shared scanner finds (see wordRules), with the balanced ")" of "3.2(a)".
func nextWord(text string, pos int) (s, e int, ok bool) {
	s, e, ok = wordScanner.Next(text, pos)
	if ok && e < len(text) && text[e] == ')' && strings.IndexByte(text[s:e], '(') >= 0 {
		e++
	}
	return s, e, ok
}

// wordRules are the word boundaries AppendWords documents: white space, em
// and en dashes, ellipses and the pairs ".." and "--" break; letters and
// digits make a word; every other character joins the letters around it
// and is trimmed at the edges.
var wordRules = func() textscan.Rules {
	r := textscan.Rules{ASCII: textscan.ASCIIAlnum(), Other: otherClass}
	for c, class := range r.ASCII {
		if class != textscan.Letter && !space256[c] {
			r.ASCII[c] = textscan.Joiner
		}
	}
	r.ASCII['.'], r.ASCII['-'] = textscan.Pair, textscan.Pair
	return r
}()

var wordScanner = textscan.New(wordRules)

// otherClass is wordRules for non-ASCII runes.
func otherClass(r rune) textscan.Class {
	switch {
	case r == '—' || r == '–' || r == '―' || r == '…' || unicode.IsSpace(r):
		return textscan.Break
	case textscan.IsAlnum(r):
		return textscan.Letter
	}
	return textscan.Joiner
}

// space256 marks the ASCII white space bytes (none from 0x80 up).
var space256 = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\v': true, '\f': true}

// alnum256 marks the bytes that are a letter or digit to wordRules (none
// from 0x80 up), for the loops that need no range check.
var alnum256 = func() (t [256]bool) {
	for c, class := range wordRules.ASCII {
		t[c] = class == textscan.Letter
	}
	return t
}()
