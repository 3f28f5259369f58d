package text

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/evalopt/evalopt/internal/textscan"
)

// PhraseMatcher finds any of a list of phrases in text, case-insensitively,
// on word boundaries, in one left-to-right pass: each word's lower-cased
// form is looked up in a map of first words, and only the phrases starting
// with that word are compared. Cost is linear in the text plus the matches.
// It is immutable once built and safe for concurrent use.
type PhraseMatcher struct {
	byFirst   map[string][][]string // first word -> phrases (as words), longest first
	firstByte [256]bool             // lower-cased first bytes of the first words
	// pairs[c][d/64] has bit d%64 set when a first word starts with the
	// ASCII byte c followed by the byte d (0 for a one-letter word): most
	// words of a text fail this test before any lower-casing or lookup.
	pairs [128][4]uint64
	// lasts[c][l/64] has bit l%64 set when a first word starts with the
	// ASCII byte c and ends with the byte l: a word ending in an ASCII
	// byte, lower-cased, ends with it lower-cased, so a word that passes
	// pairs is looked up only when its end fits too.
	lasts    [128][4]uint64
	nonASCII bool // some first word starts with a non-ASCII byte
	minLen   int  // shortest first word, in bytes
	maxLen   int  // longest first word, in bytes
}

// NewPhraseMatcher builds a matcher for phrases. Words inside a phrase are
// separated by spaces or hyphens; in the text they may be separated by any
// run of white space or hyphens.
func NewPhraseMatcher(phrases []string) *PhraseMatcher {
	m := &PhraseMatcher{byFirst: make(map[string][][]string)}
	for _, p := range phrases {
		// A phrase's words are the words the text is read in: "tl;dr" is
		// "tl" and "dr" there, as "go/no-go" is "go", "no", "go".
		lp := strings.ToLower(p)
		var words []string
		for _, w := range WordSpans(lp) {
			words = append(words, lp[w.Start:w.End])
		}
		if len(words) == 0 {
			continue
		}
		m.byFirst[words[0]] = append(m.byFirst[words[0]], words)
		f := words[0]
		if f[0] >= utf8.RuneSelf {
			m.nonASCII = true
		} else {
			m.firstByte[f[0]] = true
			d := byte(0)
			if len(f) > 1 {
				d = f[1]
			}
			m.pairs[f[0]][d>>6] |= 1 << (d & 63)
			l := f[len(f)-1]
			m.lasts[f[0]][l>>6] |= 1 << (l & 63)
		}
		if m.minLen == 0 || len(f) < m.minLen {
			m.minLen = len(f)
		}
		// A word's lower-cased form may be longer than its text for a few
		// non-ASCII runes; compare lengths with slack.
		m.maxLen = max(m.maxLen, len(f)+4)
	}
	for _, list := range m.byFirst {
		sort.SliceStable(list, func(i, j int) bool { return len(list[i]) > len(list[j]) })
	}
	return m
}

// wordRules are the word boundaries of the checks: letters, digits and '_'
// make a word, and one ASCII apostrophe joins two of them when an ASCII
// letter or digit follows it ("Buyer's", "don't"); anything else ends a
// word.
var wordRules = func() textscan.Rules {
	r := textscan.Rules{ASCII: textscan.ASCIIAlnum(), SingleJoiner: true, JoinASCIIOnly: true}
	r.ASCII['_'] = textscan.Letter
	r.ASCII['\''] = textscan.Joiner
	return r
}()

var wordScanner = textscan.New(wordRules)

// WordByte[c] is true for the ASCII bytes that are part of a word.
var WordByte = func() (t [256]bool) {
	for c, class := range wordRules.ASCII {
		t[c] = class == textscan.Letter
	}
	return t
}()

// IsWordByte reports whether ASCII byte c is part of a word.
func IsWordByte(c byte) bool { return WordByte[c] }

// NextWord returns the bounds of the first word (see wordRules) starting at
// or after i in text[:end], or (end, end) when there is none.
func NextWord(text string, i, end int) (int, int) {
	if s, e, ok := wordScanner.Next(text[:end], i); ok {
		return s, e
	}
	return max(i, end), max(i, end)
}

// LowerInto appends the lower-cased form of w to buf[:0] and returns it.
func LowerInto(buf []byte, w string) []byte { return textscan.AppendLower(buf[:0], w) }

// Find calls fn(start, end) for each non-overlapping match starting at one
// of the words ws (spans of text, in order), leftmost first, longest phrase
// first at a position. Matches may not extend past limit.
func (m *PhraseMatcher) Find(text string, ws []Span, limit int, fn func(start, end int)) {
	m.scan(text, ws, limit, func(s, e int) bool { fn(s, e); return true })
}

// First returns the first match starting at one of the words ws.
func (m *PhraseMatcher) First(text string, ws []Span, limit int) (start, end int, ok bool) {
	m.scan(text, ws, limit, func(s, e int) bool { start, end, ok = s, e, true; return false })
	return start, end, ok
}

// scan is find with a callback that returns false to stop.
func (m *PhraseMatcher) scan(text string, ws []Span, limit int, fn func(start, end int) bool) {
	if m == nil || len(m.byFirst) == 0 {
		return
	}
	var buf []byte
	next := 0 // matches may not overlap
	for _, w := range ws {
		s, e := w.Start, w.End
		if s < next {
			continue
		}
		c := text[s]
		if c < utf8.RuneSelf {
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			if !m.firstByte[c] {
				continue
			}
			d := byte(0)
			if e-s > 1 {
				if d = text[s+1]; d >= 'A' && d <= 'Z' {
					d += 'a' - 'A'
				}
			}
			if d < utf8.RuneSelf && m.pairs[c][d>>6]&(1<<(d&63)) == 0 {
				continue // a non-ASCII second letter may lower-case to anything: looked up
			}
			if l := text[e-1]; l < utf8.RuneSelf {
				if l >= 'A' && l <= 'Z' {
					l += 'a' - 'A'
				}
				if m.lasts[c][l>>6]&(1<<(l&63)) == 0 {
					continue
				}
			}
		} else if !m.nonASCII {
			continue
		}
		if n := e - s; n < m.minLen-4 || n > m.maxLen {
			continue
		}
		buf = LowerInto(buf, text[s:e])
		list, ok := m.byFirst[string(buf)]
		if !ok {
			continue
		}
		for _, words := range list {
			if end, ok := MatchRest(text, e, limit, words[1:]); ok {
				if !fn(s, end) {
					return
				}
				next = end
				break
			}
		}
	}
}

// MatchRest matches words after position i (each preceded by white space,
// hyphens, or the ';' and '/' that join the words of "tl;dr" and
// "go/no-go") and returns the end of the last one.
func MatchRest(text string, i, to int, words []string) (int, bool) {
	for _, w := range words {
		j := i
		for j < to && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r' || text[j] == '-' || text[j] == ';' || text[j] == '/') {
			j++
		}
		if j == i {
			return 0, false
		}
		s, e := NextWord(text, j, to)
		if s != j || !strings.EqualFold(text[s:e], w) {
			return 0, false
		}
		i = e
	}
	return i, true
}

// Contains reports whether a match starts at one of the words ws.
func (m *PhraseMatcher) Contains(text string, ws []Span, limit int) bool {
	_, _, ok := m.First(text, ws, limit)
	return ok
}

// ToLowerRune is unicode.ToLower, named for the call sites that fold case.
func ToLowerRune(r rune) rune { return unicode.ToLower(r) }
