package checks

import (
	"regexp"
	"strings"
)

// The grammar of advice that commits to nothing. hedgeGrammarRe (grammar.go)
// describes soft wording inside a recommendation; the patterns here describe
// constructions that are recommendations by their form, wherever they stand
// in a review, and the fixes that name a goal instead of a change.
var (
	// adviceHedgeRe matches a sentence that gives advice and softens it in
	// the same breath, so it is a hedged recommendation wherever it stands:
	//   - "it is/may be/might be/could be/would be (adverb) advisable/prudent/
	//     sensible/wise/a good idea/preferable ..." and "it ... worth" + a
	//     soft gerund, its subject possibly between them ("it might be worth
	//     looking at", "it may be worth the vendor reviewing", not "worth
	//     noting");
	//   - "there is/may be/might be/could be (some) merit/value/sense/scope/a
	//     case in/for";
	//   - "we/I (would) suggest/recommend/advise/propose" + a soft gerund or
	//     "that ... consider/explore/review/revisit";
	//   - "X may/might/could wish/want/like/care to" + a soft verb ("the
	//     client may wish to consider");
	//   - "ideally ... would/should/could" (a wish, not an instruction);
	//   - "worth/merits" + a soft gerund.
	adviceHedgeRe = regexp.MustCompile(`(?i)\bit\s+(?:is|may\s+be|might\s+be|could\s+be|would\s+be|will\s+be|seems|appears|would\s+seem)\s+(?:\w+\s+)?(?:advisable|prudent|sensible|wise|a\s+good\s+idea|preferable|desirable|worth(?:while)?\s+(?:[\w'’-]+\s+){0,4}?(?:` + softGerunds + `))\b` +
		`|\bthere\s+(?:is|may\s+be|might\s+be|could\s+be|would\s+be|seems\s+to\s+be)\s+(?:some\s+|real\s+|good\s+)?(?:merit|value|sense|scope|room|a\s+case|an\s+argument|benefit)\s+(?:in|for|to)\b` +
		`|\b(?:we|i)\s+(?:would\s+|might\s+|may\s+)?(?:suggest|recommend|advise|propose)\s+(?:(?:that\s+)?(?:[\w'’-]+\s+){0,5}?(?:consider\w*|explore|look\s+(?:into|at)|think\s+about|revisit|reconsider|reflect\s+on|review)\b|(?:` + softGerunds + `)\b)` +
		`|\b(?:may|might|could)\s+(?:also\s+|perhaps\s+)?(?:wish|want|like|care)\s+to\s+(?:consider|explore|look|think|revisit|reconsider|review|discuss|raise|reflect|evaluate|assess|seek|ask|try|push)\b` +
		`|\bideally\b[^.;:!?\n]{0,80}?\b(?:would|should|could|might)\b` +
		`|\b(?:worth|merits?)\s+(?:` + softGerunds + `|a\s+(?:look|review|discussion|conversation|try))\b`)

	// directionalGoalRe matches an imperative verb that names a goal rather
	// than a change ("strengthen", "harden", "restrict", "make ... idempotent",
	// "improve") and, when it stands where an imperative does and nothing
	// concrete follows it (directionalAt), is a directional-only fix.
	directionalGoalRe = regexp.MustCompile(`(?i)\b(?:improve|strengthen|tighten|harden|soften|loosen|relax|shore\s+up|overhaul|enhance|clarify|refine|sharpen|firm\s+up|beef\s+up|broaden|narrow|rework|rethink|revisit|reconsider|rebalance|address|mitigate|restrict|limit|reduce|minimi[sz]e|saniti[sz]e|validate|secure|lock\s+down|protect|expand|extend|increase|decrease|shorten|lengthen|adjust|align|update|ensure|make\s+sure|make|reinforce|bolster|toughen|streamline|simplify|fix|resolve|deal\s+with|work\s+on|look\s+at|review|revise|amend|modify|change)\b`)

	// goalLeadRe matches what may stand right before an imperative goal
	// verb: the start of the line or sentence, a label, list or bold
	// markup, a bracket, "and"/"then"/"also"/"please" joining imperatives,
	// or a short opening phrase and a comma ("On the term, push ..."). Not
	// a modal: "the Supplier shall ensure" is drafting, not a direction.
	goalLeadRe = regexp.MustCompile(`(?i)(?:^|[.:;!?]\s*|\*\*\s*|__\s*|\*\s*|[-–—]\s+|^\s*[-*+]\s+|^\s*\d{1,3}(?:\.\d{1,3})*[.)]?\s+|\[\s*|\b(?:and|then|please|also|first|second|third|finally|next)|^[^.,;:]{1,40},)\s*$`)

	// vagueVerbRe matches the imperative verbs of negotiation and delivery
	// ("push for", "negotiate", "seek", "carve out", "give"), which name a
	// direction only when their object is vague (vagueQualifierRe).
	vagueVerbRe = regexp.MustCompile(`(?i)\b(?:push|press|negotiate|seek|ask|request|obtain|get|carve\s+out|give|provide|introduce|add|build\s+in|put\s+in\s+place|adopt|implement|require|include|agree|insist\s+on|aim\s+for|go\s+for|move\s+to(?:wards)?)\b`)

	// vagueQualifierRe matches what makes an object vague: a comparative or
	// an unmeasured standard ("stronger", "better", "more balanced",
	// "proper", "appropriate", "acceptable", "some form of", "as
	// appropriate", "at some point").
	vagueQualifierRe = regexp.MustCompile(`(?i)\b(?:stronger|better|broader|narrower|tighter|clearer|fairer|firmer|safer|greater|more\s+\w+|less\s+\w+|proper(?:ly)?|appropriate(?:ly)?|adequate(?:ly)?|acceptable|reasonable|robust|balanced|fair|serious|meaningful|sufficient(?:ly)?|suitable|commercially\s+\w+|objective|sensible|enhanced|improved|some\s+(?:form|kind|sort|level)\s+of|in\s+some\s+way|as\s+(?:appropriate|needed|necessary|required)|where\s+(?:appropriate|possible|feasible)|if\s+possible|to\s+the\s+extent\s+(?:possible|feasible)|at\s+some\s+(?:point|stage)|in\s+due\s+course|at\s+a\s+later\s+stage)\b`)
)

// softGerunds are the gerunds of soft advice: looking, not doing.
const softGerunds = `considering|exploring|looking(?:\s+(?:at|into|further\s+into))?|reviewing|revisiting|reconsidering|raising|discussing|asking|seeking|thinking(?:\s+about)?|investigating|checking|pursuing|trying|pushing|negotiating|evaluating|assessing|examining|reflecting(?:\s+on)?`

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
var adviceHedgeClasses = &wordClasses{
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
}

// directionalGoalWords and vagueVerbWords run directionalGoalRe and
// vagueVerbRe at the words that can open a match (wordAltRe).
var (
	directionalGoalWords = newWordAltRe(directionalGoalRe)
	vagueVerbWords       = newWordAltRe(vagueVerbRe)
)

var vagueOpeningRe = regexp.MustCompile(`(?i)^(?:a|an|some|something|more|less|better|fairer|lower|higher|longer|shorter|reasonable|appropriate|another|alternative|revised|new)\b`)

// deferredProposal returns the deferral in the proposal text[s:e] ("A
// fairer cap, to be agreed.") when it drafts nothing: no finite verb of
// contract language outside the deferral. A proposal whose content is
// put off is a direction, not drafted text; "The fee shall be an amount
// to be agreed" is drafted.
func deferredProposal(text string, s, e int) (int, int, bool) {
	m := deferralRe.FindStringIndex(text[s:e])
	if m == nil {
		return 0, 0, false
	}
	rest := text[s:s+m[0]] + " " + text[s+m[1]:e]
	if finiteDraftRe.MatchString(rest) || strings.ContainsAny(rest, "\"“") {
		return 0, 0, false
	}
	// What is left names a thing ("A more proportionate test", "Some
	// lower cap") rather than drafting a term ("Fees rise by CPI, capped
	// at an amount ..."): it opens with an indefinite or comparative
	// word, or is too short to be a clause.
	if !vagueOpeningRe.MatchString(strings.TrimLeft(text[s:e], " \t*_(")) && wordCount(rest, 0, len(rest)) > 6 {
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
	first map[string]bool // the lower-case words that open an alternative
	words int             // the most words one alternative spans
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
	w := &wordAltRe{re: re, first: map[string]bool{}}
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
			w.first[form] = true
		}
	}
	return w
}

// maxAltWord bounds the length of a wordAltRe's first words.
const maxAltWord = 24

// asciiWordByte reports whether c is a word byte of the regexp package's
// \b: an ASCII letter, digit or underscore.
func asciiWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

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
		end := i
		for k := 1; k < w.words; k++ {
			for end < len(s) && !asciiWordByte(s[end]) {
				end++
			}
			for end < len(s) && asciiWordByte(s[end]) {
				end++
			}
		}
		m := w.re.FindStringIndex(s[st:end])
		if m == nil || m[0] != 0 {
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
