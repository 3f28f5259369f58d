package text

import (
	"regexp"
	"regexp/syntax"
	"unicode"
	"unicode/utf8"
)

// A try of an anchored expression on a long line costs the regexp
// package's backtracker a bitmap the size of its input, cleared on every
// try, however short the match. Most label and phrase expressions match a
// bounded number of bytes besides their blanks: a try needs only the
// input up to one rune past the last of them (SolidWindow).

// SolidBound returns the most bytes other than \s ([\t\n\f\r ]) a match
// of re can hold, or -1 when there is no bound (a repeated class of other
// bytes: \w+, [^.]*). A rune of a literal counts the bytes of its longest
// case fold when the literal folds case ("k" matches the Kelvin sign), a
// class the bytes of its longest rune.
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
				n += literalBytes(r, t.Flags&syntax.FoldCase != 0)
			}
		}
		return n
	case syntax.OpCharClass:
		for i := 0; i+1 < len(t.Rune); i += 2 {
			for r := t.Rune[i]; r <= t.Rune[i+1]; r++ {
				if !isSpaceRune(r) {
					// The longest rune of the class is its last one (the
					// parser folds cases into the class).
					return max(1, utf8.RuneLen(min(t.Rune[len(t.Rune)-1], unicode.MaxRune)))
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

// literalBytes returns the most bytes the literal rune r matches: its
// own, or with fold the longest of its case folds ("k" matches the
// three-byte Kelvin sign).
func literalBytes(r rune, fold bool) int {
	n := max(1, utf8.RuneLen(r))
	if fold {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			n = max(n, utf8.RuneLen(f))
		}
	}
	return n
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
