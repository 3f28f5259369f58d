package checks

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// phraseMatcher finds any of a list of phrases in text, case-insensitively,
// on word boundaries, in one left-to-right pass: each word's lower-cased
// form is looked up in a map of first words, and only the phrases starting
// with that word are compared. Cost is linear in the text plus the matches.
// It is immutable once built and safe for concurrent use.
type phraseMatcher struct {
	byFirst map[string][][]string // first word -> phrases (as words), longest first
}

// newPhraseMatcher builds a matcher for phrases. Words inside a phrase are
// separated by spaces or hyphens; in the text they may be separated by any
// run of white space or hyphens.
func newPhraseMatcher(phrases []string) *phraseMatcher {
	m := &phraseMatcher{byFirst: make(map[string][][]string)}
	for _, p := range phrases {
		words := strings.FieldsFunc(strings.ToLower(p), func(r rune) bool { return unicode.IsSpace(r) || r == '-' })
		if len(words) == 0 {
			continue
		}
		m.byFirst[words[0]] = append(m.byFirst[words[0]], words)
	}
	for _, list := range m.byFirst {
		sort.SliceStable(list, func(i, j int) bool { return len(list[i]) > len(list[j]) })
	}
	return m
}

// isWordByte reports whether ASCII byte c is part of a word.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// nextWord returns the bounds of the first word starting at or after i in
// text[:end], or (end, end) when there is none. Words are runs of letters,
// digits and '_' (any Unicode letter or digit counts) joined by an apostrophe.
func nextWord(text string, i, end int) (int, int) {
	for i < end {
		c := text[i]
		if c < utf8.RuneSelf {
			if isWordByte(c) {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:end])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			break
		}
		i += size
	}
	s := i
	for i < end {
		c := text[i]
		if c < utf8.RuneSelf {
			if isWordByte(c) {
				i++
				continue
			}
			if (c == '\'') && i+1 < end && isWordByte(text[i+1]) && i > s {
				i++
				continue
			}
			break
		}
		r, size := utf8.DecodeRuneInString(text[i:end])
		if !(unicode.IsLetter(r) || unicode.IsDigit(r)) {
			break
		}
		i += size
	}
	return s, i
}

// lowerInto appends the lower-cased form of w to buf[:0] and returns it.
func lowerInto(buf []byte, w string) []byte {
	buf = buf[:0]
	for i := 0; i < len(w); {
		c := w[i]
		if c < utf8.RuneSelf {
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf = append(buf, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(w[i:])
		buf = utf8.AppendRune(buf, toLowerRune(r))
		i += size
	}
	return buf
}

// find calls fn(start, end, phrase) for each non-overlapping match in
// text[from:to], leftmost first, longest phrase first at a position.
func (m *phraseMatcher) find(text string, from, to int, fn func(start, end int)) {
	if m == nil || len(m.byFirst) == 0 {
		return
	}
	var buf []byte
	i := from
	for i < to {
		s, e := nextWord(text, i, to)
		if s >= to {
			return
		}
		i = e
		buf = lowerInto(buf, text[s:e])
		list, ok := m.byFirst[string(buf)]
		if !ok {
			continue
		}
		for _, words := range list {
			if end, ok := matchRest(text, e, to, words[1:]); ok {
				fn(s, end)
				i = end
				break
			}
		}
	}
}

// matchRest matches words after position i (each preceded by white space
// or hyphens) and returns the end of the last one.
func matchRest(text string, i, to int, words []string) (int, bool) {
	for _, w := range words {
		j := i
		for j < to && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r' || text[j] == '-') {
			j++
		}
		if j == i {
			return 0, false
		}
		s, e := nextWord(text, j, to)
		if s != j || !strings.EqualFold(text[s:e], w) {
			return 0, false
		}
		i = e
	}
	return i, true
}

// contains reports whether text[from:to] holds a match.
func (m *phraseMatcher) contains(text string, from, to int) bool {
	found := false
	m.findFirst(text, from, to, func(int, int) { found = true })
	return found
}

// findFirst calls fn for the first match only.
func (m *phraseMatcher) findFirst(text string, from, to int, fn func(start, end int)) {
	done := false
	m.find(text, from, to, func(s, e int) {
		if !done {
			done = true
			fn(s, e)
		}
	})
}

// toLowerRune is unicode.ToLower, named for the call sites that fold case.
func toLowerRune(r rune) rune { return unicode.ToLower(r) }
