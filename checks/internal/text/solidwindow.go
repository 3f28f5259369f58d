package text

import (
	"regexp"
	"regexp/syntax"
	"unicode/utf8"
)

// A try of an anchored expression on a long line costs the regexp
// package's backtracker a bitmap the size of its input, cleared on every
// try, however short the match. Most label and phrase expressions match a
// bounded number of bytes besides their blanks: a try needs only the
// input up to one rune past the last of them (SolidWindow).

// SolidBound returns the most bytes other than \s ([\t\n\f\r ]) a match
// of re can hold, or -1 when there is no bound (a repeated class of other
// bytes: \w+, [^.]*). Each rune of a literal or class other than \s
// counts utf8.UTFMax bytes, as (?i) may fold it to a longer one.
func SolidBound(re *regexp.Regexp) int {
	t, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return -1
	}
	return solidBound(t)
}

// solidBound is SolidBound of a parsed expression.
func solidBound(t *syntax.Regexp) int {
	switch t.Op {
	case syntax.OpLiteral:
		n := 0
		for _, r := range t.Rune {
			if !isSpaceRune(r) {
				n += utf8.UTFMax
			}
		}
		return n
	case syntax.OpCharClass:
		for i := 0; i+1 < len(t.Rune); i += 2 {
			for r := t.Rune[i]; r <= t.Rune[i+1]; r++ {
				if !isSpaceRune(r) {
					return utf8.UTFMax
				}
			}
		}
		return 0
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return utf8.UTFMax
	case syntax.OpStar, syntax.OpPlus, syntax.OpRepeat:
		n := solidBound(t.Sub[0])
		switch {
		case n <= 0:
			return n // blanks repeated, or no bound
		case t.Op != syntax.OpRepeat || t.Max < 0:
			return -1
		}
		return n * t.Max
	case syntax.OpConcat:
		sum := 0
		for _, s := range t.Sub {
			n := solidBound(s)
			if n < 0 {
				return -1
			}
			sum += n
		}
		return sum
	case syntax.OpAlternate:
		most := 0
		for _, s := range t.Sub {
			n := solidBound(s)
			if n < 0 {
				return -1
			}
			most = max(most, n)
		}
		return most
	case syntax.OpCapture, syntax.OpQuest:
		return solidBound(t.Sub[0])
	}
	return 0 // an empty-width assertion or the empty match
}

// isSpaceRune reports whether r is in \s.
func isSpaceRune(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r' }

// SolidWindow returns the prefix of s that holds every match starting at
// 0 of an expression whose matches hold at most n bytes other than \s
// (SolidBound, n >= 0), and what its assertions read past one: s up to its
// (n+1)-th byte other than \s, and the rune that starts there. The
// expression, anchored at the start, finds on it what it finds on s.
func SolidWindow(s string, n int) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' {
			continue
		}
		if n == 0 {
			return s[:min(len(s), i+utf8.UTFMax)]
		}
		n--
	}
	return s
}
