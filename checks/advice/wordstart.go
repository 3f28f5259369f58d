package advice

import (
	"regexp"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// wordStartRe runs a case-insensitive regexp `\b(?:alt|alt|...)...` whose
// every alternative opens with a whole word of first (followed by \s, or
// ending the alternative before \b) only where a match can start: at a
// maximal run of ASCII word bytes that is, lower-cased, one of first, with
// the pattern anchored there. The regexp package tries an unanchored
// pattern at every byte of the text, which over a long unit costs far more
// than a word scan and a few anchored tries. Text holding ſ or the Kelvin
// sign, which (?i) folds to ASCII letters, goes to the pattern whole.
// FuzzWordStartRe checks each against its pattern.
type wordStartRe struct {
	re    *regexp.Regexp // the pattern
	at    *regexp.Regexp // the pattern anchored at the start
	first map[string]bool
}

// newWordStartRe wraps re with the words its alternatives open with.
func newWordStartRe(re *regexp.Regexp, first ...string) *wordStartRe {
	w := &wordStartRe{re: re, at: regexp.MustCompile(`^(?:` + re.String() + `)`), first: map[string]bool{}}
	for _, f := range first {
		w.first[f] = true
	}
	return w
}

// index returns what w.re.FindStringIndex(s) does: the first candidate
// start at which the anchored pattern matches is the leftmost match, with
// the alternative the pattern prefers there.
func (w *wordStartRe) index(s string) []int {
	if foldsToASCII(s) {
		return w.re.FindStringIndex(s)
	}
	var buf [maxAltWord]byte
	for i := 0; i < len(s); {
		for i < len(s) && !asciiWordByte(s[i]) {
			i++
		}
		st := i
		for i < len(s) && asciiWordByte(s[i]) {
			i++
		}
		if i == st || i-st > maxAltWord {
			continue
		}
		for k := st; k < i; k++ {
			c := s[k]
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf[k-st] = c
		}
		if !w.first[string(buf[:i-st])] {
			continue
		}
		if m := w.at.FindStringIndex(s[st:]); m != nil {
			return []int{st, st + m[1]}
		}
	}
	return nil
}

// match returns what w.re.MatchString(s) does.
func (w *wordStartRe) match(s string) bool { return w.index(s) != nil }

// The expressions run by word starts on the recommendation analysis's
// paths: the marker of drafted replacement text, the qualifiers that leave
// a negotiation verb's object vague, and the vague objects of an
// imperative.
var (
	replacementMarker = newWordStartRe(doctext.ReplacementMarkerRe, "replacement", "proposed", "suggested", "revised", "replace", "insert")
	vagueQualifier    = newWordStartRe(doctext.VagueQualifierRe, "stronger", "better", "broader", "narrower", "tighter", "clearer", "fairer",
		"firmer", "safer", "greater", "more", "less", "proper", "properly", "appropriate", "appropriately", "adequate", "adequately",
		"acceptable", "reasonable", "robust", "balanced", "fair", "serious", "meaningful", "sufficient", "sufficiently", "suitable",
		"commercially", "objective", "sensible", "enhanced", "improved", "some", "in", "as", "where", "if", "to", "at")
	vagueObject = newWordStartRe(vagueObjectRe, "stronger", "better", "more", "appropriate", "appropriately", "acceptable", "adequate",
		"adequately", "sufficient", "sufficiently", "reasonable", "tighter", "clearer", "improved", "as")
)
