package advice

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// A scan in place of severityWordRe. The expression rates every paragraph
// that names a finding, and its second alternative opens on punctuation or
// white space, so the regexp package tried it at nearly every byte of the
// text (about a fifth of the recommendation analysis on a review memo).
// The scan reads each byte once and decides from it which alternative can
// open there: its three alternatives open on disjoint bytes (a keyword's
// letter s, p, r or i in any case; rating punctuation, white space before
// "-" or "**"; a capital C, H, M or L), and at one start each can capture
// only one word, so the first start where one matches is the regexp's
// leftmost match and its capture. FuzzSeverityWord checks it against the
// expression.

// sevKeyedLevels are the level words of severityWordRe's first
// alternative, in its order ("informational" before "info"), matched
// ASCII case aside.
var sevKeyedLevels = []string{"critical", "high", "medium", "moderate", "low", "informational", "info", "minor", "major", "severe"}

// sevMarkedLevels are the level words of its second and third
// alternatives, matched exactly.
var sevMarkedLevels = []string{"Critical", "High", "Medium", "Moderate", "Low", "CRITICAL", "HIGH", "MEDIUM", "LOW"}

// sevKeywords are the words that open its first alternative, in its order.
var sevKeywords = []string{"severity", "priority", "risk", "rating", "impact"}

// severityWord returns the level word severityWordRe captures in s (its
// first, second or third group, whichever matched), or "" when it does not
// match.
func severityWord(s string) string {
	if st, e := severityWordIndex(s); st >= 0 {
		return s[st:e]
	}
	return ""
}

// severityWordIndex returns the start and end of the level word
// severityWordRe captures in s, or -1, -1 when it does not match. Text
// holding ſ or the Kelvin sign, which the first alternative's (?i) folds
// to ASCII letters, goes to the expression.
func severityWordIndex(s string) (int, int) {
	if foldsToASCII(s) {
		return severityWordReIndex(s)
	}
	for i := 0; i < len(s); i++ {
		st, e := -1, -1
		switch c := s[i]; {
		case c == '(' || c == '[' || c == '|' || c == ':':
			st, e = markedLevelAt(s, i+1)
		case c == '*':
			if i+1 < len(s) && s[i+1] == '*' {
				st, e = markedLevelAt(s, i+2)
			}
		case isReSpace(c):
			if i+1 < len(s) && s[i+1] == '-' {
				st, e = markedLevelAt(s, i+2)
			}
		case c == 0xE2: // the first byte of "—" and "–"
			if strings.HasPrefix(s[i:], "—") || strings.HasPrefix(s[i:], "–") {
				st, e = markedLevelAt(s, i+len("—"))
			}
		case c == 0xC2: // the first byte of "·"
			if strings.HasPrefix(s[i:], "·") {
				st, e = markedLevelAt(s, i+len("·"))
			}
		case i > 0 && asciiWordByte(s[i-1]):
			// Inside a word: the letter alternatives open at \b.
		case c == 'C' || c == 'H' || c == 'M' || c == 'L':
			st, e = levelBeforeMarkAt(s, i)
		case c|0x20 == 's' || c|0x20 == 'p' || c|0x20 == 'r' || c|0x20 == 'i':
			st, e = keyedLevelAt(s, i)
		}
		if st >= 0 {
			return st, e
		}
	}
	return -1, -1
}

// severityWordReIndex is severityWordIndex by the expression.
func severityWordReIndex(s string) (int, int) {
	m := severityWordRe.FindStringSubmatchIndex(s)
	for g := 2; g+1 < len(m); g += 2 {
		if m[g] >= 0 {
			return m[g], m[g+1]
		}
	}
	return -1, -1
}

// skipReSpace returns the offset past the \s bytes at i.
func skipReSpace(s string, i int) int {
	for i < len(s) && isReSpace(s[i]) {
		i++
	}
	return i
}

// wordEndsAt reports whether \b holds at offset e after a word byte.
func wordEndsAt(s string, e int) bool { return e == len(s) || !asciiWordByte(s[e]) }

// markedLevelAt reads the second alternative past its mark, from i:
// `\s*(Critical|...|LOW)\b`.
func markedLevelAt(s string, i int) (int, int) {
	i = skipReSpace(s, i)
	for _, w := range sevMarkedLevels {
		if strings.HasPrefix(s[i:], w) && wordEndsAt(s, i+len(w)) {
			return i, i + len(w)
		}
	}
	return -1, -1
}

// levelBeforeMarkAt reads the third alternative at i, after \b:
// `(Critical|...|LOW)\s*(?:[)\]|—–·]|\(|risk\b|severity\b|priority\b)`.
func levelBeforeMarkAt(s string, i int) (int, int) {
	for _, w := range sevMarkedLevels {
		if !strings.HasPrefix(s[i:], w) {
			continue
		}
		j := skipReSpace(s, i+len(w))
		if j == len(s) {
			continue
		}
		switch {
		case s[j] == ')' || s[j] == ']' || s[j] == '|' || s[j] == '(',
			strings.HasPrefix(s[j:], "—") || strings.HasPrefix(s[j:], "–") || strings.HasPrefix(s[j:], "·"):
			return i, i + len(w)
		}
		for _, k := range []string{"risk", "severity", "priority"} {
			if strings.HasPrefix(s[j:], k) && wordEndsAt(s, j+len(k)) {
				return i, i + len(w)
			}
		}
	}
	return -1, -1
}

// keyedLevelAt reads the first alternative at i, after \b, ASCII case
// aside: `(?:severity|priority|risk(?:\s+(?:level|rating))?|rating|impact)`
// and then what keyedLevelAfter reads. The optional words after "risk" are
// greedy, so they are tried first.
func keyedLevelAt(s string, i int) (int, int) {
	for _, k := range sevKeywords {
		if !doctext.AsciiFoldPrefix(s[i:], k) {
			continue
		}
		j := i + len(k)
		if k == "risk" {
			if q := skipReSpace(s, j); q > j {
				for _, w := range []string{"level", "rating"} {
					if doctext.AsciiFoldPrefix(s[q:], w) {
						if st, e := keyedLevelAfter(s, q+len(w)); st >= 0 {
							return st, e
						}
					}
				}
			}
		}
		if st, e := keyedLevelAfter(s, j); st >= 0 {
			return st, e
		}
	}
	return -1, -1
}

// keyedLevelAfter reads the rest of the first alternative from j, ASCII
// case aside: `\s*(?:[:=(|–—-]\s*|is\s+|of\s+)(critical|...|severe)\b`.
// Each separator opens on a byte that is not white space and the level
// word on a letter, so every \s run is read whole.
func keyedLevelAfter(s string, j int) (int, int) {
	j = skipReSpace(s, j)
	switch {
	case j == len(s):
		return -1, -1
	case s[j] == ':' || s[j] == '=' || s[j] == '(' || s[j] == '|' || s[j] == '-':
		j = skipReSpace(s, j+1)
	case strings.HasPrefix(s[j:], "—") || strings.HasPrefix(s[j:], "–"):
		j = skipReSpace(s, j+len("—"))
	case doctext.AsciiFoldPrefix(s[j:], "is") || doctext.AsciiFoldPrefix(s[j:], "of"):
		k := skipReSpace(s, j+2)
		if k == j+2 {
			return -1, -1
		}
		j = k
	default:
		return -1, -1
	}
	for _, w := range sevKeyedLevels {
		if doctext.AsciiFoldPrefix(s[j:], w) && wordEndsAt(s, j+len(w)) {
			return j, j + len(w)
		}
	}
	return -1, -1
}
