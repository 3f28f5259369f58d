package text

import (
	"regexp"
	"strings"
)

// The expressions below run on every line or heading of a deliverable;
// each is tried only where a match can start (a sentence end, an opening
// word), which FuzzLabelScans checks against the expression.

var (
	// negativeLeadRe (read by negativeLead) and negativeWordsRe match a
	// heading that reports what was not found ("No issues", "Not
	// vulnerable", "What held", "Out of scope"): the alternative anchored
	// at the start, `(?i)^(?:\W*)(?:not|no|non|none)\b`, and the ones
	// that open with a word (FuzzLabelScans holds them joined as one
	// expression, as they were).
	negativeWordsRe = regexp.MustCompile(`(?i)\bnot[ \t]+(?:a|an|vulnerable|exploitable|issues?|findings?|an[ \t]+issue)\b|\b(?:what[ \t]+held|that[ \t]+(?:failed|held|worked)|out[ \t]+of[ \t]+scope)\b`)
	negativeWords   = newWordStartRe(negativeWordsRe, "not", "what", "that", "out")

	// inlineFixLabelAt is inlineFixLabelRe anchored at its sentence end.
	inlineFixLabelAt = regexp.MustCompile(`^(?:` + inlineFixLabelRe.String() + `)`)
	// inlineFixLabelSolid and fixLabelSolid bound the bytes besides
	// blanks of a match of inlineFixLabelAt and fixLabelRe (SolidWindow).
	inlineFixLabelSolid = SolidBound(inlineFixLabelAt)
	fixLabelSolid       = SolidBound(fixLabelRe)
)

// negativeHeading reports whether heading s reports what was not found:
// what the two expressions joined as one (negativeHeadingRe in the fuzz
// test) match.
func negativeHeading(s string) bool {
	return negativeLead(s) || negativeWords.match(s)
}

// negativeLead reports what negativeLeadRe, `(?i)^(?:\W*)(?:not|no|non|none)\b`, matches, without
// the expression: \W* can only stop at the first word byte (an 'n' must
// follow it), and the \b after the word makes the alternatives the whole
// of the first run of word bytes. No rune outside ASCII folds to n, o, t
// or e, and every byte outside ASCII is \W.
func negativeLead(s string) bool {
	i := 0
	for i < len(s) && !asciiWordByte(s[i]) {
		i++
	}
	j := i
	for j < len(s) && asciiWordByte(s[j]) {
		j++
	}
	switch w := s[i:j]; len(w) {
	case 2, 3, 4:
		return strings.EqualFold(w, "no") || strings.EqualFold(w, "not") || strings.EqualFold(w, "non") || strings.EqualFold(w, "none")
	}
	return false
}

// inlineFixLabels returns what inlineFixLabelRe.FindAllStringSubmatchIndex(s,
// n) does (n > 0). A match opens at one of ".!?)" followed by a blank and
// the label's first byte, and ends after a blank, so the next search starts
// where the last match ended.
func inlineFixLabels(s string, n int) [][]int {
	var out [][]int
	for i := 0; i+2 < len(s) && len(out) < n; i++ {
		switch s[i] {
		case '.', '!', '?', ')':
		default:
			continue
		}
		j := i + 1
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		if j == i+1 || j == len(s) || !StartsWithAny(s[j:], "*_FRMAPS") || !mayInlineLabel(s[j:]) {
			continue
		}
		m := inlineFixLabelAt.FindStringSubmatchIndex(SolidWindow(s[i:], inlineFixLabelSolid))
		if m == nil {
			continue
		}
		for k := range m {
			if m[k] >= 0 {
				m[k] += i
			}
		}
		out = append(out, m)
		i = m[1] - 1
	}
	return out
}

// inlineLabels are inlineFixLabelRe's labels, in its order.
var inlineLabels = []string{"Fix", "Fixes", "Remediation", "Remedy", "Recommendation", "Mitigation", "Recommended fix",
	"Suggested fix", "Action", "Proposed", "Proposal"}

// mayInlineLabel is false only when inlineFixLabelRe's label cannot open
// s: past an optional "**", "__", "*" or "_", s opens with one of
// inlineLabels. Most sentences that open with one of the labels' first
// letters ("Severity", "Replace", "Amend") open with none of them.
func mayInlineLabel(s string) bool {
	for k := 0; k <= 2 && k <= len(s); k++ {
		if k > 0 && (s[k-1] != '*' && s[k-1] != '_' || s[k-1] != s[0]) {
			break
		}
		for _, l := range inlineLabels {
			if strings.HasPrefix(s[k:], l) {
				return true
			}
		}
	}
	return false
}

// fixLabelWords are the words a fix label's first word may be (fixLabelRe's
// qualifiers and labels, lower-cased, up to the first byte that is no
// ASCII letter: "short-term" is "short").
var fixLabelWords = wordSet("recommended", "suggested", "proposed", "required", "our", "requested", "immediate", "short",
	"long", "fix", "fixes", "remediation", "remedy", "remedies", "treatment", "mitigation", "mitigations",
	"recommendation", "recommendations", "action", "actions", "resolution", "countermeasure", "countermeasures", "next",
	"proposal", "counter", "counterproposal")

// mayOpenFixLabel reports whether fixLabelRe may match t: its first run of
// ASCII letters, after list and emphasis markup, is one of fixLabelWords.
// False only when the expression cannot match.
func mayOpenFixLabel(t string) bool { return firstWordIn(t, fixLabelWords) }

// firstWordIn reports whether t's first run of ASCII letters, after list
// and emphasis markup ("-*+_" and blanks), lower-cased, is one of words:
// the test that spares a label expression the lines it cannot match. True
// for a t holding ſ or the Kelvin sign, which (?i) folds to ASCII letters.
func firstWordIn(t string, words map[string]bool) bool {
	if foldsToASCII(t) {
		return true
	}
	i := 0
	for i < len(t) && StartsWithAny(t[i:], "-*+ \t_") {
		i++
	}
	var buf [16]byte
	n := 0
	for ; i < len(t) && asciiLetter(t[i]); i++ {
		if n == len(buf) {
			return false
		}
		buf[n] = t[i] | 0x20
		n++
	}
	return words[string(buf[:n])]
}

// wordSet returns the set of words.
func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// asciiLetter reports whether c is an ASCII letter.
func asciiLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
