package text

import (
	"regexp"
	"strings"
)

// wordStartRe runs a case-insensitive expression whose every alternative
// opens with \b and an ASCII word byte only where a match can start: at a
// maximal run of ASCII word bytes (the regexp package's \b) that,
// lower-cased, opens with one of prefixes, with the expression anchored
// there. findAll also needs every match to end at a word boundary
// (`\b(?:alt|alt|...)\b`), so that the next search may start where the
// last match ended. The regexp package tries an unanchored expression at
// every byte, and draftIntroRe's counted repetition makes each try dear:
// it was 7% of the realistic memo for a few thousand short intros. Text
// holding ſ or the Kelvin sign, which (?i) folds to ASCII letters, goes to
// the expression whole. FuzzWordStartRe checks each against its pattern.
type wordStartRe struct {
	re, at   *regexp.Regexp
	prefixes []string // lower-case ASCII
}

// newWordStartRe wraps re with the lower-case prefixes its alternatives'
// first words open with.
func newWordStartRe(re *regexp.Regexp, prefixes ...string) *wordStartRe {
	return &wordStartRe{re: re, at: regexp.MustCompile(`^(?:` + re.String() + `)`), prefixes: prefixes}
}

// findAll returns what w.re.FindAllStringIndex(s, -1) does. A match of
// `\b(?:...)\b` ends at a word boundary, so the next search starts where
// the last match ended.
func (w *wordStartRe) findAll(s string) [][]int {
	if foldsToASCII(s) {
		return w.re.FindAllStringIndex(s, -1)
	}
	var out [][]int
	for i := 0; i < len(s); {
		st, end, ok := w.next(s, i)
		if !ok {
			break
		}
		out = append(out, []int{st, end})
		i = end
	}
	return out
}

// match returns what w.re.MatchString(s) does.
func (w *wordStartRe) match(s string) bool {
	if foldsToASCII(s) {
		return w.re.MatchString(s)
	}
	_, _, ok := w.next(s, 0)
	return ok
}

// next returns the leftmost match in s at or after i (a word boundary): the
// first candidate run at which the anchored expression matches. s holds
// neither ſ nor the Kelvin sign.
func (w *wordStartRe) next(s string, i int) (start, end int, ok bool) {
	for i < len(s) {
		for i < len(s) && !asciiWordByte(s[i]) {
			i++
		}
		st := i
		for i < len(s) && asciiWordByte(s[i]) {
			i++
		}
		if st == i || !w.opens(s[st:i]) {
			continue
		}
		if m := w.at.FindStringIndex(s[st:]); m != nil && m[1] > 0 {
			return st, st + m[1], true
		}
	}
	return 0, 0, false
}

// opens reports whether the word run may open a match: it starts with one
// of w.prefixes, ASCII letters compared without case.
func (w *wordStartRe) opens(run string) bool {
	for _, p := range w.prefixes {
		if len(run) >= len(p) && asciiHasPrefixFold(run, p) {
			return true
		}
	}
	return false
}

// asciiHasPrefixFold reports whether s opens with p (lower-case ASCII),
// ASCII letters of s compared without case; len(s) >= len(p).
func asciiHasPrefixFold(s, p string) bool {
	for k := 0; k < len(p); k++ {
		c := s[k]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != p[k] {
			return false
		}
	}
	return true
}

// asciiWordByte reports whether c is a word byte of the regexp package's
// \b: an ASCII letter, digit or underscore.
func asciiWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// foldsToASCII reports whether s holds one of the two non-ASCII letters
// that case-insensitive matching folds to ASCII ones ("ſ" to s, the Kelvin
// sign to k): a scan that reads only ASCII words would miss what an (?i)
// expression finds there.
func foldsToASCII(s string) bool {
	return strings.Contains(s, "ſ") || strings.Contains(s, "\u212a")
}
