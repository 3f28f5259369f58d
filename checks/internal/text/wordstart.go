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
	// byPrefix[i], when set, is at with only the alternatives that can
	// open with prefixes[i]: draftIntroRe's counted repetition made every
	// anchored try of the whole expression dear, whatever the word.
	byPrefix []*regexp.Regexp
}

// newWordStartRe wraps re with the lower-case prefixes its alternatives'
// first words open with.
func newWordStartRe(re *regexp.Regexp, prefixes ...string) *wordStartRe {
	w := &wordStartRe{re: re, at: regexp.MustCompile(`^(?:` + re.String() + `)`), prefixes: prefixes}
	const open, shut = `(?i)\b(?:`, `)\b`
	p := re.String()
	if !strings.HasPrefix(p, open) || !strings.HasSuffix(p, shut) {
		return w
	}
	alts := topAlternatives(p[len(open) : len(p)-len(shut)])
	for _, pre := range prefixes {
		var keep []string
		for _, a := range alts {
			if mayOpenWith(a, pre) {
				keep = append(keep, a)
			}
		}
		w.byPrefix = append(w.byPrefix, regexp.MustCompile(`^(?:`+open+strings.Join(keep, "|")+shut+`)`))
	}
	return w
}

// topAlternatives splits an expression at its top-level '|' (escapes and
// character classes read as such).
func topAlternatives(p string) []string {
	var out []string
	depth, from := 0, 0
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++ // an escaped byte is never a '|' or a parenthesis
		case '[':
			i = classEnd(p, i)
		case '(':
			depth++
		case ')':
			depth--
		case '|':
			if depth == 0 {
				out, from = append(out, p[from:i]), i+1
			}
		}
	}
	return append(out, p[from:])
}

// classEnd returns the offset of the ']' that closes the character class
// opening at p[i] (a ']' right after "[" or "[^" is a member), or len(p).
func classEnd(p string, i int) int {
	i++
	if i < len(p) && p[i] == '^' {
		i++
	}
	if i < len(p) && p[i] == ']' {
		i++
	}
	for ; i < len(p) && p[i] != ']'; i++ {
		if p[i] == '\\' {
			i++
		}
	}
	return i
}

// mayOpenWith reports whether alternative a may match at a word that opens
// with pre: false only when every literal word a opens with (its leading
// letters, or those of each branch of a leading group) disagrees with pre
// before one of them ends.
func mayOpenWith(a, pre string) bool {
	lits := []string{a}
	if strings.HasPrefix(a, "(?:") {
		end := strings.IndexByte(a, ')')
		if end < 0 || strings.ContainsAny(a[3:end], "()[\\") {
			return true
		}
		lits = strings.Split(a[3:end], "|")
	}
	for _, l := range lits {
		n := 0
		for n < len(l) && l[n] >= 'a' && l[n] <= 'z' {
			n++
		}
		if n == 0 || strings.HasPrefix(pre, l[:n]) || strings.HasPrefix(l[:n], pre) {
			return true
		}
	}
	return false
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
		k := w.opens(s[st:i])
		if st == i || k < 0 {
			continue
		}
		at := w.at
		if w.byPrefix != nil {
			at = w.byPrefix[k]
		}
		if m := at.FindStringIndex(s[st:]); m != nil && m[1] > 0 {
			return st, st + m[1], true
		}
	}
	return 0, 0, false
}

// opens returns the index in w.prefixes of the first prefix the word run
// starts with, ASCII letters compared without case, or -1: the run may
// open a match only when it starts with one.
func (w *wordStartRe) opens(run string) int {
	for k, p := range w.prefixes {
		if len(run) >= len(p) && asciiHasPrefixFold(run, p) {
			return k
		}
	}
	return -1
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
