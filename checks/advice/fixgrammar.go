package advice

import (
	"regexp"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

var (
	// deferralRe matches words that put off the content of a proposal:
	// "to be discussed", "to be agreed between us", "subject to further
	// discussion", "TBD", "for discussion".
	deferralRe = regexp.MustCompile(`(?i)\b(?:(?:(?:still|yet)\s+)?to\s+be\s+(?:further\s+)?(?:discussed|agreed|negotiated|determined|decided|confirmed|settled|worked\s+out|finali[sz]ed)|subject\s+to\s+(?:further\s+)?(?:discussion|negotiation|agreement)|for\s+(?:further\s+)?discussion|open\s+for\s+discussion|(?:let'?s|we\s+can|we\s+will|we'll|happy\s+to)\s+(?:discuss|talk|agree)|tbd|tbc)\b`)
	// finiteDraftRe matches what drafted contract language holds and a
	// deferred wish does not: a modal or operative verb ("shall", "may",
	// "will", "must", "is entitled", "applies").
	finiteDraftRe = regexp.MustCompile(`(?i)\b(?:shall|may|must|will|is|are|applies|apply|means|has|have|includes?)\b`)
)

// vagueOpeningRe matches a proposal that opens by naming a kind of term
// rather than drafting one: "A fairer ...", "Some cap", "More time".
// The word classes of adviceHedgeRe's alternatives: "it" then what makes
// advice of it, "there" then what there is merit in, "we"/"I" then a verb
// of advice, a modal then a verb of wishing, a word that opens a match
// alone ("ideally", "worth", "merits").
const (
	ahIt uint8 = 1 << iota
	ahItObject
	ahThere
	ahThereObject
	ahWe
	ahWeVerb
	ahModal
	ahWish
)

// ahAlone is the class of the words that open an adviceHedgeRe match alone;
// "worth" is also what makes advice of "it".
const ahAlone = ahIt | ahItObject

// adviceHedgeClasses is the exact prefilter (wordClasses) run before
// adviceHedgeRe on a recommendation.
var adviceHedgeClasses = withShapes(&wordClasses{
	words: map[string]uint8{
		"it": ahIt, "advisable": ahItObject, "prudent": ahItObject, "sensible": ahItObject, "wise": ahItObject,
		"idea": ahItObject, "preferable": ahItObject, "desirable": ahItObject, "worthwhile": ahItObject,
		"there": ahThere, "merit": ahThereObject | ahAlone, "value": ahThereObject, "sense": ahThereObject,
		"scope": ahThereObject, "room": ahThereObject, "case": ahThereObject, "argument": ahThereObject,
		"benefit": ahThereObject, "we": ahWe, "i": ahWe, "suggest": ahWeVerb, "recommend": ahWeVerb,
		"advise": ahWeVerb, "propose": ahWeVerb, "may": ahModal, "might": ahModal, "could": ahModal,
		"wish": ahWish, "want": ahWish, "like": ahWish, "care": ahWish,
		"ideally": ahAlone, "worth": ahAlone, "merits": ahAlone,
	},
	needs: []uint8{ahIt | ahItObject, ahThere | ahThereObject, ahWe | ahWeVerb, ahModal | ahWish},
})

// directionalGoalWords and vagueVerbWords run directionalGoalRe and
// vagueVerbRe at the words that can open a match (wordAltRe).
var (
	directionalGoalWords = newWordAltRe(doctext.DirectionalGoalRe)
	vagueVerbWords       = newWordAltRe(doctext.VagueVerbRe)
)

var vagueOpeningRe = regexp.MustCompile(`(?i)^(?:a|an|some|something|more|less|better|fairer|lower|higher|longer|shorter|reasonable|appropriate|another|alternative|revised|new)\b`)

// deferredProposal returns the deferral in the proposal text[s:e] ("A
// fairer cap, to be agreed.") when it drafts nothing: no finite verb of
// contract language outside the deferral. A proposal whose content is
// put off is a direction, not drafted text; "The fee shall be an amount
// to be agreed" is drafted.
func deferredProposal(text string, s, e int) (int, int, bool) {
	m := deferral.index(text[s:e])
	if m == nil {
		return 0, 0, false
	}
	rest := text[s:s+m[0]] + " " + text[s+m[1]:e]
	if finiteDraft.match(rest) || strings.ContainsAny(rest, "\"“") {
		return 0, 0, false
	}
	// What is left names a thing ("A more proportionate test", "Some
	// lower cap") rather than drafting a term ("Fees rise by CPI, capped
	// at an amount ..."): it opens with an indefinite or comparative
	// word, or is too short to be a clause.
	if !vagueOpeningRe.MatchString(strings.TrimLeft(text[s:e], " \t*_(")) && doctext.WordCount(rest, 0, len(rest)) > 6 {
		return 0, 0, false
	}
	return s + m[0], s + m[1], true
}

// wordAltRe is a case-insensitive regexp `\b(?:alt|alt|...)\b` whose
// alternatives are words and short phrases ("fix", "shore\s+up"), run only
// where a match can start: at a word that opens one of the alternatives,
// on a window a few words long. The regexp's backtracker clears a bitmap
// the size of its input and its NFA starts threads at every byte, so over
// a whole recommendation it costs far more than a word scan.
type wordAltRe struct {
	re    *regexp.Regexp
	at    *regexp.Regexp  // re anchored at the start: a window's match must open it
	first map[string]bool // the lower-case words that open an alternative
	words int             // the most words one alternative spans
	// shapes spares the lookup in first of most words.
	shapes *wordShapes
	// alone are the first words whose first alternative (in the
	// pattern's order) is the word alone: at a run that is one, that
	// alternative matches the run and, leftmost-first, is the match, so
	// the anchored expression need not run.
	alone map[string]bool
}

// newWordAltRe wraps re, which must read `(?i)\b(?:alt|alt|...)\b` with
// each alternative lower-case words joined by `\s+`, its first word plain
// letters or with one `[sz]` class (both spellings open it); later words
// may hold any syntax that keeps to one word. It panics on another
// pattern, as regexp.MustCompile does on a bad one: the patterns are the
// package's own constants.
func newWordAltRe(re *regexp.Regexp) *wordAltRe {
	const open, shut = `(?i)\b(?:`, `)\b`
	p := re.String()
	if !strings.HasPrefix(p, open) || !strings.HasSuffix(p, shut) {
		panic("checks: newWordAltRe: pattern is not a word alternation: " + p)
	}
	w := &wordAltRe{re: re, at: anchored(re), first: map[string]bool{}, alone: map[string]bool{}}
	for _, a := range strings.Split(p[len(open):len(p)-len(shut)], "|") {
		if strings.Count(a, "(") != strings.Count(a, ")") {
			panic("checks: newWordAltRe: nested alternation in " + p)
		}
		parts := strings.Split(a, `\s+`)
		w.words = max(w.words, len(parts))
		f := parts[0]
		forms := []string{f}
		if i := strings.Index(f, "[sz]"); i >= 0 {
			forms = []string{f[:i] + "s" + f[i+4:], f[:i] + "z" + f[i+4:]}
		}
		for _, form := range forms {
			for i := 0; i < len(form); i++ {
				if form[i] < 'a' || form[i] > 'z' || len(form) > maxAltWord {
					panic("checks: newWordAltRe: first word " + f + " is not plain lower-case letters")
				}
			}
			if !w.first[form] {
				w.alone[form] = len(parts) == 1
			}
			w.first[form] = true
		}
	}
	w.shapes = newWordShapes(doctext.KeysOf(w.first)...)
	return w
}

// maxAltWord bounds the length of a wordAltRe's first words.
const maxAltWord = 24

// asciiWordByte reports whether c is a word byte of the regexp package's
// \b: an ASCII letter, digit or underscore. The word scans call it on
// every byte of every recommendation: a table costs one load.
func asciiWordByte(c byte) bool { return reWordByte[c] }

// reWordByte is the table asciiWordByte reads.
var reWordByte = func() (t [256]bool) {
	for c := range t {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
	}
	return t
}()

// findAll returns what w.re.FindAllStringIndex(s, n) does. A match starts
// at \b and an opening word, so at the start of a maximal run of \b word
// bytes that is, lower-cased, one of w.first, and ends within w.words runs;
// the regexp is run on that window only. (?i) folds ſ to s and the Kelvin
// sign to k, the only non-ASCII runes that fold to ASCII letters: a text
// holding either is handed to the regexp whole.
func (w *wordAltRe) findAll(s string, n int) [][]int {
	if n == 0 {
		return nil
	}
	if strings.Contains(s, "\u017f") || strings.Contains(s, "\u212a") {
		return w.re.FindAllStringIndex(s, n)
	}
	var out [][]int
	var buf [maxAltWord]byte
	for i := 0; i < len(s); {
		for i < len(s) && !asciiWordByte(s[i]) {
			i++
		}
		st := i
		for i < len(s) && asciiWordByte(s[i]) {
			i++
		}
		if i == st || i-st > maxAltWord || !w.shapes.fits(i-st, s[st], s[i-1]) {
			continue // the shape check folds case itself: most runs need no copy
		}
		doctext.LowerASCII(buf[:], s[st:i])
		if !w.first[string(buf[:i-st])] {
			continue
		}
		if w.alone[string(buf[:i-st])] {
			out = append(out, []int{st, i})
			if len(out) == n {
				break
			}
			continue
		}
		end := i
		for k := 1; k < w.words; k++ {
			for end < len(s) && !asciiWordByte(s[end]) {
				end++
			}
			for end < len(s) && asciiWordByte(s[end]) {
				end++
			}
		}
		// The leftmost match of the window counts only when it opens the
		// window, where the anchored expression finds the same one without
		// trying every later byte.
		m := w.at.FindStringIndex(s[st:end])
		if m == nil {
			continue
		}
		out = append(out, []int{st, st + m[1]})
		if len(out) == n {
			break
		}
		i = st + m[1]
	}
	return out
}
