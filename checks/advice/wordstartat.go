package advice

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Hand matchers of the anchored patterns wordStartRe tries most often on
// a review: the risk level and colour severity that rate each
// recommendation, and the marker of drafted text each is read for. Each
// returns what the anchored pattern's FindStringSubmatchIndex does on s,
// which holds neither ſ nor the Kelvin sign (wordStartRe.find hands such
// text to the pattern whole); FuzzWordStartAt checks each against its
// pattern, and TestWordStartAtPatterns pins the patterns they read.

// riskPattern is doctext.RiskRe as riskAt reads it.
const riskPattern = `(?i)\brisk(?:[ \t]+(?:level|rating|score))?[ \t]*[:=]?[ \t]*([0-5])(?:[ \t]*/[ \t]*5)?\b`

// riskQualifiers are the words riskPattern allows between "risk" and its
// level.
var riskQualifiers = []string{"level", "rating", "score"}

// riskAt matches riskPattern at the start of s. The pattern's choices
// are settled by the next byte, bar its optional parts: the qualifier
// (tried before the level without it) and the "/5" (tried before the
// level's own \b).
func riskAt(s string) []int {
	if !doctext.AsciiFoldPrefix(s, "risk") {
		return nil
	}
	p := len("risk")
	if q := skipBlanks(s, p); q > p {
		for _, w := range riskQualifiers {
			if doctext.AsciiFoldPrefix(s[q:], w) {
				if m := riskLevelAfter(s, q+len(w)); m != nil {
					return m
				}
				break
			}
		}
	}
	return riskLevelAfter(s, p)
}

// riskLevelAfter matches `[ \t]*[:=]?[ \t]*([0-5])(?:[ \t]*/[ \t]*5)?\b`
// at s[p:], as the tail of riskPattern's match from 0.
func riskLevelAfter(s string, p int) []int {
	d := skipBlanks(s, p)
	if d < len(s) && (s[d] == ':' || s[d] == '=') {
		d = skipBlanks(s, d+1)
	}
	if d >= len(s) || s[d] < '0' || s[d] > '5' {
		return nil
	}
	if x := skipBlanks(s, d+1); x < len(s) && s[x] == '/' {
		if y := skipBlanks(s, x+1); y < len(s) && s[y] == '5' && wordEndsAt(s, y+1) {
			return []int{0, y + 1, d, d + 1}
		}
	}
	if !wordEndsAt(s, d+1) {
		return nil
	}
	return []int{0, d + 1, d, d + 1}
}

// severityPattern is doctext.SeverityRe as colourAt reads it.
const severityPattern = `\b(RED|AMBER|YELLOW|GREEN)\b|(?i:\bseverity[ \t]*[:=][ \t]*(red|amber|yellow|green)\b)`

// colours are severityPattern's colour words, upper case as its first
// alternative wants them.
var colours = []string{"RED", "AMBER", "YELLOW", "GREEN"}

// colourAt matches severityPattern at the start of s: an upper-case
// colour word, or "severity", a ':' or '=' between blanks, and a colour
// in any case. Each word's first letter settles which one can match.
func colourAt(s string) []int {
	for _, c := range colours {
		if strings.HasPrefix(s, c) && wordEndsAt(s, len(c)) {
			return []int{0, len(c), 0, len(c), -1, -1}
		}
	}
	if !doctext.AsciiFoldPrefix(s, "severity") {
		return nil
	}
	q := skipBlanks(s, len("severity"))
	if q >= len(s) || s[q] != ':' && s[q] != '=' {
		return nil
	}
	q = skipBlanks(s, q+1)
	for _, c := range lowerColours {
		if e := q + len(c); doctext.AsciiFoldPrefix(s[q:], c) && wordEndsAt(s, e) {
			return []int{0, e, -1, -1, q, e}
		}
	}
	return nil
}

// lowerColours are colours in lower case, as AsciiFoldPrefix wants them.
var lowerColours = []string{"red", "amber", "yellow", "green"}

// phraseColonAt matches `(?i)\b(?:phrase|...)[ \t]*:` at the start of s,
// phrases lower-case ASCII letters and spaces in the pattern's order: the
// first phrase followed by blanks and a colon is the match.
func phraseColonAt(phrases []string, s string) []int {
	for _, p := range phrases {
		if doctext.AsciiFoldPrefix(s, p) {
			if q := skipBlanks(s, len(p)); q < len(s) && s[q] == ':' {
				return []int{0, q + 1}
			}
		}
	}
	return nil
}

// colonPhrases returns the phrases of a pattern `(?i)\b(?:a|b|...)[ \t]*:`
// whose alternatives are lower-case ASCII letters and single spaces. It
// panics on another pattern, as regexp.MustCompile does on a bad one: the
// patterns are the text layer's constants.
func colonPhrases(pattern string) []string {
	const open, shut = `(?i)\b(?:`, `)[ \t]*:`
	if !strings.HasPrefix(pattern, open) || !strings.HasSuffix(pattern, shut) {
		panic("checks: colonPhrases: pattern is not a phrase alternation before a colon: " + pattern)
	}
	phrases := strings.Split(pattern[len(open):len(pattern)-len(shut)], "|")
	for _, p := range phrases {
		for i := 0; i < len(p); i++ {
			if c := p[i]; (c < 'a' || c > 'z') && c != ' ' || i == 0 && c == ' ' {
				panic("checks: colonPhrases: phrase " + p + " is not plain lower-case words")
			}
		}
	}
	return phrases
}

// skipBlanks returns the offset past the spaces and tabs at s[i:].
func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}
