package text

import (
	"strings"
	"unicode/utf8"
)

// Clause numbers open most lines of a contract ("3.2.1 The Supplier ..."),
// so reading them is a per-line hot path. numLabel reads them with a
// scanner; its two forms match exactly what these expressions match (a
// fuzz test holds them to it):
//
//	heading: ^(?:\*\*)?(?:(?i:section|clause|article|paragraph)[ \t]+|§[ \t]*)?((?:[A-Z]{1,2}\.?)?\d{1,4}(?:\.\d{1,4})*)\.?(?:\*\*)?(?:[ \t]|$|[-–—:.])
//	line:    ^(?:\*\*)?([A-Z]{1,2}\.\d{1,4}(?:\.\d{1,4})*|(?:[A-Z]{1,2})?\d{1,4}(?:\.\d{1,4})+)\.?(?:\*\*)?[ \t]+\S

// numLabel is a clause-number reader with the methods of the expression it
// stands for.
type numLabel struct {
	// heading: a heading's number, after an optional keyword, ending at a
	// blank, the end, a dash, a colon or a dot; otherwise a numbered line:
	// at least two levels ("3.2"), then blanks and text.
	heading bool
}

var (
	// HeadingNumRe reads the number a heading opens with: "3.2 Fees",
	// "**Section 4**", "§ 7.", "A1.2 —".
	HeadingNumRe = numLabel{heading: true}
	// LineNumRe reads the number a numbered line opens with: "3.2 The
	// Supplier ...", "**B4.1** Fees ...".
	LineNumRe = numLabel{}
)

// labelKeywords are the words a heading's number may follow.
var labelKeywords = []string{"section", "clause", "article", "paragraph"}

// FindStringSubmatchIndex returns the match's bounds and the number's, as
// regexp.Regexp does for the expression, or nil.
func (n numLabel) FindStringSubmatchIndex(s string) []int {
	i := 0
	if strings.HasPrefix(s, "**") {
		i = 2
	}
	if n.heading {
		if j, ok := labelKeyword(s, i); ok {
			if m := n.numberAt(s, j); m != nil {
				return m
			}
		}
	}
	return n.numberAt(s, i)
}

// MatchString reports whether s starts with a number of this form.
func (n numLabel) MatchString(s string) bool { return n.FindStringSubmatchIndex(s) != nil }

// FindStringSubmatch returns the match and the number, or nil.
func (n numLabel) FindStringSubmatch(s string) []string {
	m := n.FindStringSubmatchIndex(s)
	if m == nil {
		return nil
	}
	return []string{s[m[0]:m[1]], s[m[2]:m[3]]}
}

// labelKeyword returns the offset after a heading keyword and its blanks
// at s[i:] ("Section 4", "§7"), or false.
func labelKeyword(s string, i int) (int, bool) {
	if strings.HasPrefix(s[i:], "§") {
		j := i + len("§")
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		return j, true
	}
	for _, kw := range labelKeywords {
		if j, ok := foldPrefix(s, i, kw); ok && j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			return j, true
		}
	}
	return 0, false
}

// foldPrefix reports whether s[i:] starts with kw (lower-case ASCII) under
// simple case folding, as (?i) reads it ("SECTION", "ſection"), and
// returns the offset after it.
func foldPrefix(s string, i int, kw string) (int, bool) {
	for k := 0; k < len(kw); k++ {
		if i >= len(s) {
			return 0, false
		}
		if c := s[i]; c < utf8.RuneSelf {
			if c|0x20 != kw[k] || c|0x20 < 'a' || c|0x20 > 'z' {
				return 0, false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !strings.EqualFold(string(r), kw[k:k+1]) {
			return 0, false
		}
		i += size
	}
	return i, true
}

// DigitsEnd returns the end of the run of ASCII digits at s[i:].
func DigitsEnd(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// numberAt reads a number at s[i:]: up to two capitals, one to four
// digits, then ".digits" levels (one to four digits each), and the tail.
// A run of five digits or more matches no level, as in the expression.
func (n numLabel) numberAt(s string, i int) []int {
	start := i
	k := i
	for k < len(s) && k-i < 3 && s[k] >= 'A' && s[k] <= 'Z' {
		k++
	}
	if k-i > 2 {
		return nil
	}
	// A letter part and a dot ("H.2", "C.5.4"): the letter is a level of
	// its own, so a numbered line needs no further one.
	lettered := k > i && k+1 < len(s) && s[k] == '.' && s[k+1] >= '0' && s[k+1] <= '9'
	if lettered {
		k++
	}
	e := DigitsEnd(s, k)
	if e == k || e-k > 4 {
		return nil
	}
	// Level ends, longest first: the expression backtracks from the most
	// levels to the fewest.
	var buf [16]int
	ends := append(buf[:0], e)
	for e < len(s) && s[e] == '.' {
		d := DigitsEnd(s, e+1)
		if d == e+1 || d-(e+1) > 4 {
			break
		}
		e = d
		ends = append(ends, e)
	}
	first := 0
	if !n.heading && !lettered {
		first = 1 // at least one level after the first number
	}
	for g := len(ends) - 1; g >= first; g-- {
		if end, ok := n.tail(s, ends[g]); ok {
			return []int{0, end, start, ends[g]}
		}
	}
	return nil
}

// tail matches what follows the number at s[i:]: an optional dot and
// closing bold, then (heading) a blank, the end, a dash, a colon or a dot,
// or (line) blanks and a character that is not white space; it returns the
// match's end. Choices are tried in the expression's order: the dot and
// the bold taken before left.
func (n numLabel) tail(s string, i int) (int, bool) {
	for _, dot := range [2]bool{true, false} {
		j := i
		if dot {
			if j >= len(s) || s[j] != '.' {
				continue
			}
			j++
		}
		for _, bold := range [2]bool{true, false} {
			k := j
			if bold {
				if !strings.HasPrefix(s[k:], "**") {
					continue
				}
				k += 2
			}
			if end, ok := n.end(s, k); ok {
				return end, true
			}
		}
	}
	return 0, false
}

// end matches the last part of the tail at s[k:].
func (n numLabel) end(s string, k int) (int, bool) {
	if n.heading {
		switch {
		case k == len(s):
			return k, true
		case s[k] == ' ' || s[k] == '\t' || s[k] == '-' || s[k] == ':' || s[k] == '.':
			return k + 1, true
		case strings.HasPrefix(s[k:], "–") || strings.HasPrefix(s[k:], "—"):
			return k + len("–"), true
		}
		return 0, false
	}
	j := k
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j == k || j == len(s) {
		return 0, false
	}
	switch s[j] {
	case '\n', '\r', '\f':
		return 0, false
	}
	_, size := utf8.DecodeRuneInString(s[j:])
	return j + size, true
}
