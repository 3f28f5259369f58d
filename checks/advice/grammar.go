package advice

import (
	"regexp"
	"strconv"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// The grammar of soft recommendations. A phrase list memorises; these
// patterns describe how hedges and directional-only fixes are built, so
// they hold on wordings no list has seen.
var (
	// hedgeGrammarRe matches a hedge by its construction:
	//   - modal + optional softener + soft verb: "may want to revisit",
	//     "could also explore", "should perhaps consider";
	//   - "it is/may be/might be/could be/would be (adverb) advisable/worth/
	//     prudent/sensible/good to/nice to ...", the subject of "worth" + soft gerund
	//     possibly between them ("it may be worth the team looking at");
	//   - "we/I (would) suggest/recommend/advise/propose" + soft gerund
	//     ("we suggest reviewing"), or + "that ... consider/explore";
	//   - "worth/merits" + soft gerund;
	//   - an imperative soft verb opening a sentence or a label: "Consider
	//     adding ...", "Explore whether ...", "Look into ...".
	hedgeGrammarRe = regexp.MustCompile(`(?i)\b(?:may|might|could|should|would|can)(?:\s+(?:also|perhaps|possibly|potentially|still|then|want\s+to|wish\s+to|like\s+to|need\s+to|care\s+to|be\s+(?:able|prepared|minded)\s+to))*\s+(?:consider\w*|explore|look\s+(?:into|at)|think\s+about|revisit|reconsider|re-?evaluate|evaluate|assess|examine|investigate|discuss|weigh(?:\s+up)?|contemplate|study|reflect\s+on|try\s+to|seek\s+to|aim\s+to|review)\b` +
		`|\bit\s+(?:is|may\s+be|might\s+be|could\s+be|would\s+be|will\s+be|seems|appears|would\s+seem)\s+(?:\w+\s+)?(?:advisable|worth(?:while)?\s+(?:[\w'’-]+\s+){0,4}?(?:` + doctext.SoftGerunds + `)|prudent|sensible|wise|helpful|beneficial|useful|desirable|preferable|a\s+good\s+idea|good\s+practice|(?:good|nice|ideal)\s+to\s+(?:have|look|review|consider|revisit|explore|think|get|move)|recommended\s+to\s+(?:consider|explore|review|look))\b` +
		`|\b(?:we|i)\s+(?:would\s+|might\s+|may\s+)?(?:suggest|recommend|advise|propose)\s+(?:(?:that\s+)?(?:\w+\s+){0,4}?(?:consider\w*|explore|look\s+into|think\s+about|discuss|revisit|reflect\s+on)\b|(?:considering|exploring|reviewing|revisiting|reconsidering|looking\s+(?:into|at)|thinking\s+about|evaluating|assessing|discussing|examining|investigating|reflecting\s+on)\b)` +
		`|\b(?:worth|merits?)\s+(?:considering|exploring|looking|reviewing|revisiting|discussing|investigating|a\s+(?:look|review|discussion))\b` +
		`|(?:^|[.:;!?]\s+|\*\*\s*|__\s*|^[-*+]\s+)(?:consider(?:ing)?|explore|think\s+about|look\s+into|reflect\s+on)\b`)

	// concreteRe matches what makes a fix concrete rather than a direction:
	// a number, a quotation, code, an identifier (call(), snake_case,
	// camelCase, a path, a header name), or a named value after "to".
	concreteRe = regexp.MustCompile("[0-9\"“`=<>{}]|\\b\\w+\\(|\\b[a-z]+_[a-z_]+\\b|\\b[a-z]+[A-Z]\\w*|/\\w|\\b[A-Z][a-z]+-[A-Z][a-z]+|\\bX-[A-Z]")

	// imperativeLeadRe matches what may stand right before an imperative
	// verb: the start of the item or sentence, a label ("Fix:"), a modal of
	// obligation ("should", "must", "needs to"; not a bare "to": "you asked
	// us to review" is no instruction), or "and"/"then" joining
	// imperatives; before a participle, the passive's modal and "be"
	// ("the clause should be tightened"). It is matched against the text
	// before the verb.
	imperativeLeadRe = regexp.MustCompile(`(?i)(?:^|[.:;!?]\s*|\*\*\s*|__\s*|[-–—]\s+|^\s*[-*+]\s+|^\s*\d{1,3}(?:\.\d{1,3})*[.)]?\s+|\b(?:should|must|shall|needs?\s+to|has\s+to|have\s+to|and|then|please|also|(?:the\s+)?(?:customer|supplier|client|company|team|vendor|we|you)\s+(?:should|must|needs?\s+to))|\b(?:should|must|shall|needs?\s+to|has\s+to|have\s+to|ought\s+to)\s+be)\s*$`)
)

// riskClass is what a recommendation's stated risk says about how much
// soft wording matters.
type riskClass int

const (
	riskUnknown riskClass = iota // no risk, severity or priority stated
	riskLow                      // risk below the block level, GREEN, Low, P3+
	riskHigh                     // risk at or above the block level, RED/AMBER/YELLOW, Critical/High/Medium, P0-P2
)

var (
	// severityWordRe matches a severity word where a rating stands: after
	// "severity", "priority", "risk", "rating" or "impact" (and a
	// separator), or capitalised next to rating punctuation ("— High",
	// "(Critical)", "| Medium |", "High risk").
	severityWordRe = regexp.MustCompile(`(?i:\b(?:severity|priority|risk(?:\s+(?:level|rating))?|rating|impact)\s*(?:[:=(|–—-]\s*|is\s+|of\s+)(critical|high|medium|moderate|low|informational|info|minor|major|severe)\b)` +
		`|(?:[(\[|—–·]|:|\s-|\*\*)\s*(Critical|High|Medium|Moderate|Low|CRITICAL|HIGH|MEDIUM|LOW)\b|\b(Critical|High|Medium|Moderate|Low|CRITICAL|HIGH|MEDIUM|LOW)\s*(?:[)\]|—–·]|\(|risk\b|severity\b|priority\b)`)
	// priorityRe matches a priority label P0 to P4.
	priorityRe = regexp.MustCompile(`\bP([0-4])\b`)
	// cvssRe matches a CVSS base score.
	cvssRe = regexp.MustCompile(`(?i)\bCVSS(?:\s*v?\d(?:\.\d)?)?[^0-9\n]{0,12}(\d{1,2}\.\d)\b`)
)

// ClassifyRisk returns what s (a recommendation, or the heading above it)
// says about its risk, or riskUnknown. blockRisk is the numeric level from
// which risk counts as high. When signals disagree ("Risk: 2. Severity:
// AMBER") the higher one wins: soft wording is excused only when nothing
// says the matter is serious.
func ClassifyRisk(s string, blockRisk int) riskClass {
	return classifyText(&ratedText{s: s}, blockRisk)
}

// classifyText is ClassifyRisk of t.s, reading t's matches.
func classifyText(t *ratedText, blockRisk int) riskClass {
	m := rateMask(t.s)
	if m == 0 {
		return riskUnknown
	}
	return classifyRated(t, m, blockRisk)
}

// ratedText is a text the risk level and colour severity expressions
// read at most once each: rating a recommendation reads them for its
// level, its class and its label.
type ratedText struct {
	s                    string
	risk, colour         []string
	riskRead, colourRead bool
}

// riskMatch returns riskLevel.submatch(t.s).
func (t *ratedText) riskMatch() []string {
	if !t.riskRead {
		t.risk, t.riskRead = riskLevel.submatch(t.s), true
	}
	return t.risk
}

// colourMatch returns colourSeverity.submatch(t.s).
func (t *ratedText) colourMatch() []string {
	if !t.colourRead {
		t.colour, t.colourRead = colourSeverity.submatch(t.s), true
	}
	return t.colour
}

// classifyRated is classifyRisk for t.s holding the rating words m
// (rateMask): only the expressions whose words it holds run.
func classifyRated(t *ratedText, m rateClass, blockRisk int) riskClass {
	s := t.s
	c := riskUnknown
	see := func(high bool) {
		if high {
			c = riskHigh
		} else if c == riskUnknown {
			c = riskLow
		}
	}
	if m&rateRisk != 0 {
		if g := t.riskMatch(); g != nil {
			n, _ := strconv.Atoi(g[1])
			see(n >= blockRisk)
		}
	}
	if m&rateColour != 0 {
		if g := t.colourMatch(); g != nil {
			see(g[1]+upper(g[2]) != "GREEN")
		}
	}
	if m&rateLevel != 0 {
		if w := severityWord(s); w != "" {
			switch strings.ToLower(w) {
			case "low", "informational", "info", "minor":
				see(false)
			default:
				see(true)
			}
		}
	}
	if m&rateP != 0 {
		if g := priorityRe.FindStringSubmatch(s); g != nil {
			see(g[1] <= "2")
		}
	}
	if m&rateCVSS != 0 {
		if g := cvssRe.FindStringSubmatch(s); g != nil {
			v, err := strconv.ParseFloat(g[1], 64)
			see(err == nil && v >= 4)
		}
	}
	return c
}

// rateClass is a set of the kinds of rating word a text holds: each
// rating expression needs a word of one kind, so it runs only when the
// text holds one.
type rateClass uint8

const (
	rateRisk     rateClass = 1 << iota // "risk" (riskRe)
	rateColour                         // RED, AMBER, YELLOW, GREEN (severityRe)
	rateLevel                          // critical ... minor (severityWordRe, ratingSentenceRe, ratedRe)
	rateP                              // P0 to P4 (priorityRe)
	rateCVSS                           // a word starting "cvss" (cvssRe)
	ratePriority                       // "priority" (priorityNumRe)
	rateScore                          // "score", "L3" (scoreRe)

	rateAll = rateRisk | rateColour | rateLevel | rateP | rateCVSS | ratePriority | rateScore
)

// rateWords maps the rating words, lower case, to their kind.
var rateWords = map[string]rateClass{
	"risk": rateRisk, "red": rateColour, "amber": rateColour, "yellow": rateColour, "green": rateColour,
	"critical": rateLevel, "high": rateLevel, "medium": rateLevel, "moderate": rateLevel, "low": rateLevel,
	"informational": rateLevel, "info": rateLevel, "minor": rateLevel, "major": rateLevel, "severe": rateLevel,
	"p0": rateP, "p1": rateP, "p2": rateP, "p3": rateP, "p4": rateP,
	"priority": ratePriority, "score": rateScore,
}

// rateShapes spares the lookup in rateWords of most words.
var rateShapes = newWordShapes(doctext.KeysOf(rateWords)...)

// levelTails are what may run on from a level word in one word and still
// match severityWordRe ("Highrisk").
var levelTails = []string{"risk", "severity", "priority"}

// rateMask returns the kinds of rating word s holds, read as runs of ASCII
// word characters — the words the rating expressions' \b boundaries see
// — including a keyword run into its number ("risk0", "score10") or a
// level run into its keyword ("Highrisk"). Most of a long text rates
// nothing, and this scan costs less than one of those expressions.
func rateMask(s string) rateClass {
	if foldsToASCII(s) {
		return rateAll
	}
	var m rateClass
	var buf [16]byte
	for i := 0; i < len(s); {
		if !doctext.WordByte[s[i]] {
			i++
			continue
		}
		j := i
		for j < len(s) && doctext.WordByte[s[j]] {
			j++
		}
		w := s[i:j]
		i = j
		if doctext.AsciiFoldPrefix(w, "cvss") {
			m |= rateCVSS
		}
		if len(w) >= 2 && w[0]|0x20 == 'l' && w[1] >= '1' && w[1] <= '5' {
			m |= rateScore // "L3×I4 = 12", "L3xI4"
		}
		n := len(w)
		if n < 2 || n > len(buf) {
			continue
		}
		for k := 0; k < n; k++ {
			c := w[k]
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf[k] = c
		}
		if rateShapes.mayHaveRun(buf[:n]) {
			m |= rateWords[string(buf[:n])]
		}
		l := n
		for l > 0 && buf[l-1] >= '0' && buf[l-1] <= '9' {
			l--
		}
		if l < n && l >= 2 {
			m |= rateWords[string(buf[:l])] // "risk0", "score10", "priority1"
		}
		for _, tail := range levelTails {
			if n > len(tail) && string(buf[n-len(tail):n]) == tail && rateWords[string(buf[:n-len(tail)])] == rateLevel {
				m |= rateLevel
			}
		}
	}
	return m
}

// foldsToASCII reports whether s holds one of the two non-ASCII letters
// that case-insensitive matching folds to ASCII ones ("ſ" to s, the Kelvin
// sign to k): a scan that reads only ASCII words would miss what an (?i)
// expression finds there.
func foldsToASCII(s string) bool {
	return strings.Contains(s, "ſ") || strings.Contains(s, "\u212a")
}

// directionalAt reports whether the vague verb at text[s:e] (inside the
// item [from, to)) is a directional-only fix: it stands where an
// imperative does and the rest of its sentence names nothing concrete.
func directionalAt(text string, from, to, s, e int) bool {
	lead := text[max(from, s-60):s]
	if i := strings.LastIndexByte(lead, '\n'); i >= 0 {
		lead = lead[i+1:]
	}
	if !imperativeLead.match(lead) {
		return false
	}
	return !concreteOutsideRefs(text[e:doctext.SentenceEnd(text, e, to)])
}

// vagueObjectRe matches the words that leave a fix as a direction whatever
// its verb: "negotiate stronger commitments", "to an acceptable level",
// "a commercially acceptable time", "better protection".
var vagueObjectRe = regexp.MustCompile(`(?i)\b(?:stronger|better|more\s+(?:robust|balanced|favourable|favorable|protective|specific)|appropriate(?:ly)?|acceptable|adequate(?:ly)?|sufficient(?:ly)?|reasonable|tighter|clearer|improved|as\s+(?:needed|appropriate|necessary))\b`)

// vagueImperative reports whether the sentence at text[s:to) (an item's
// sentence starting where an imperative may stand) gives a direction by a
// vague object: an imperative verb, then vagueObjectRe, and nothing
// concrete.
func vagueImperative(text string, from, to, s int) (int, int, bool) {
	// An imperative takes its object next: a word a stop, comma, colon or
	// semicolon ends ("Acceptable; the framework still …") gives none, and
	// one "of" follows is a noun ("Review of the settings").
	w := s
	for w < to && doctext.IsWordByte(text[w]) {
		w++
	}
	if w < to && strings.IndexByte(";,:.", text[w]) >= 0 || nounOfUse(text[:to], w) {
		return 0, 0, false
	}
	end := doctext.SentenceEnd(text, s, to)
	seg := text[s:end]
	m := vagueObject.index(seg)
	if m == nil || m[0] > 80 {
		return 0, 0, false
	}
	if concreteOutsideRefs(seg) || copulaRe.MatchString(seg[:m[0]]) {
		return 0, 0, false // "X are acceptable for us" describes; it does not instruct
	}
	if (m[0] == 0 || verdictMark(seg[:m[0]])) && verdictTail(seg[m[1]:]) {
		// "Acceptable if the Sponsor resists.", "Law: India (clause 7.1) —
		// acceptable": a verdict on the term, no fix.
		return 0, 0, false
	}
	return s + m[0], s + m[1], true
}

// verdictWords open the condition or reason after a sentence's opening
// adjective that make it a verdict ("Acceptable if …", "Reasonable given
// …"), not a fix's vague object ("Stronger cap needed").
var verdictWords = map[string]bool{"if": true, "as": true, "provided": true, "unless": true, "given": true, "because": true, "since": true, "when": true, "for": true, "here": true, "overall": true, "in": true}

// verdictMark reports whether the text before a vague adjective ends in
// the dash or colon that sets a verdict after its subject.
func verdictMark(before string) bool {
	t := strings.TrimRight(before, " \t*_")
	return strings.HasSuffix(t, "—") || strings.HasSuffix(t, "–") || strings.HasSuffix(t, " -") || strings.HasSuffix(t, ":")
}

// verdictTail reports whether what follows a sentence's opening adjective
// ends the sentence or opens a condition or reason.
func verdictTail(rest string) bool {
	rest = strings.TrimLeft(rest, " \t")
	if rest == "" || strings.IndexByte(".;,:!", rest[0]) >= 0 {
		return true
	}
	e := 0
	for e < len(rest) && doctext.IsWordByte(rest[e]) {
		e++
	}
	return verdictWords[strings.ToLower(rest[:e])]
}

// copulaRe matches a finite "to be"/"to have" that makes a sentence a
// description rather than an instruction.
var copulaRe = regexp.MustCompile(`(?i)\b(?:is|are|was|were|been|has|have|had|seems?|remains?)\b`)

// refIDRe matches references and item ids, whose digits say where, not
// what: "clause 8.2", "Section 4(b)", "§ 7", "F-02", "R3", "CWE-89". An
// id is in capitals: "v3", "sha256" and "ipv6" name versions and
// algorithms, concrete things a fix may name.
var refIDRe = regexp.MustCompile(`(?i)\b(?:sections?|clauses?|articles?|paragraphs?|schedules?|exhibits?|annex(?:es)?|appendix|appendices|items?|findings?|recommendations?|parts?|rules?|steps?)\s+[0-9][0-9.()a-z]*|§+\s*[0-9][0-9.()a-z]*|\b(?-i:[A-Z]{1,4})-?[0-9]{1,4}\b|\b\d{1,3}(?:\.\d{1,3})+(?:\([a-z0-9]{1,4}\))*`)

// leadTail runs a lead pattern (imperativeLeadRe, goalLeadRe: alternatives
// then `\s*$`) only when a scan of the text's end cannot settle it. The
// regexp package tries an end-anchored pattern from every start position,
// so settling the common ends (a sentence's stop, a label's colon, a word
// standing alone) by bytes saves most of its calls.
type leadTail struct {
	re    *regexp.Regexp
	ends  string          // the ASCII bytes a match may end on, before trailing \s
	words map[string]bool // the lower-case words a match may end on
	sure  string          // the ends that match alone: a `[...]\s*` alternative
	// sureWords are the words of words that match alone, standing whole
	// (a `\b(?:word|...)` alternative).
	sureWords map[string]bool
}

// The answers of leadTail.decide.
const (
	leadNo    = iota // the pattern cannot match
	leadYes          // the pattern matches
	leadMaybe        // ask the pattern
)

// match reports whether l.re matches p.
func (l *leadTail) match(p string) bool {
	switch l.decide(p) {
	case leadNo:
		return false
	case leadYes:
		return true
	}
	return l.re.MatchString(p)
}

// mayMatch is false only when l.re cannot match p.
func (l *leadTail) mayMatch(p string) bool { return l.decide(p) != leadNo }

// decide reads p's end: less trailing \s, empty (^) or ending in a sure
// byte, "**" or "__" is a match; ending in another of l.ends or in a
// non-ASCII byte (a dash) may be; ending in a word standing whole is a
// match for l.sureWords, may be for l.words, and otherwise is none.
// (?i) folds ſ to s and the Kelvin sign to k: a p holding either may.
func (l *leadTail) decide(p string) int {
	t := strings.TrimRight(p, " \t\n\f\r")
	if t == "" || strings.HasSuffix(t, "**") || strings.HasSuffix(t, "__") {
		return leadYes
	}
	c := t[len(t)-1]
	if strings.IndexByte(l.sure, c) >= 0 {
		return leadYes
	}
	if c >= 0x80 || strings.IndexByte(l.ends, c) >= 0 {
		return leadMaybe
	}
	if !asciiWordByte(c) {
		return leadNo
	}
	if strings.Contains(p, "\u017f") || strings.Contains(p, "\u212a") {
		return leadMaybe
	}
	i := len(t)
	for i > 0 && asciiWordByte(t[i-1]) {
		i--
	}
	var buf [maxAltWord]byte
	if len(t)-i > len(buf) {
		return leadNo
	}
	w := doctext.LowerASCII(buf[:], t[i:])
	switch {
	case l.sureWords[string(w)]:
		return leadYes
	case l.words[string(w)]:
		return leadMaybe
	}
	return leadNo
}

// imperativeLead and goalLead run imperativeLeadRe and goalLeadRe
// (leadTail); their ends and words are read off the patterns: the bytes
// their punctuation, markup and numbering alternatives end on, and the
// last word of each word alternative; the sure ones are the alternatives
// of one punctuation byte or one word.
var (
	imperativeLead = &leadTail{re: imperativeLeadRe, ends: ".:;!?*_-+)0123456789", sure: ".:;!?",
		words:     map[string]bool{"should": true, "must": true, "shall": true, "to": true, "and": true, "then": true, "please": true, "also": true, "be": true},
		sureWords: map[string]bool{"should": true, "must": true, "shall": true, "and": true, "then": true, "please": true, "also": true}}
	goalLeadWords = map[string]bool{"and": true, "then": true, "please": true, "also": true, "first": true, "second": true, "third": true, "finally": true, "next": true}
	goalLead      = &leadTail{re: doctext.GoalLeadRe, ends: ".:;!?*_-+)0123456789[,", sure: ".:;!?*[", words: goalLeadWords, sureWords: goalLeadWords}
)

// The word classes mayHedgeGrammar looks for, read off hedgeGrammarRe's
// alternatives: a modal then a soft verb; "it" then what makes advice of
// it; "we"/"I" then a verb of advice; a word that opens a match alone.
const (
	hgModal uint8 = 1 << iota
	hgSoft
	hgIt
	hgItObject
	hgWe
	hgWeVerb
	hgAlone
)

// hedgeGrammarWords maps each word hedgeGrammarRe's alternatives need to
// its classes ("consider..." is soft by prefix too: consider\w*).
var hedgeGrammarWords = map[string]uint8{
	"may": hgModal, "might": hgModal, "could": hgModal, "should": hgModal, "would": hgModal, "can": hgModal,
	"consider": hgSoft | hgAlone, "considering": hgSoft | hgAlone, "explore": hgSoft | hgAlone, "look": hgSoft | hgAlone,
	"think": hgSoft | hgAlone, "reflect": hgSoft | hgAlone, "revisit": hgSoft, "reconsider": hgSoft, "reevaluate": hgSoft,
	"evaluate": hgSoft, "assess": hgSoft, "examine": hgSoft, "investigate": hgSoft, "discuss": hgSoft, "weigh": hgSoft,
	"contemplate": hgSoft, "study": hgSoft, "try": hgSoft, "seek": hgSoft, "aim": hgSoft, "review": hgSoft,
	"it": hgIt, "advisable": hgItObject, "worth": hgItObject | hgAlone, "worthwhile": hgItObject, "prudent": hgItObject,
	"sensible": hgItObject, "wise": hgItObject, "helpful": hgItObject, "beneficial": hgItObject, "useful": hgItObject,
	"desirable": hgItObject, "preferable": hgItObject, "good": hgItObject, "nice": hgItObject, "ideal": hgItObject,
	"recommended": hgItObject, "we": hgWe, "i": hgWe, "suggest": hgWeVerb, "recommend": hgWeVerb, "advise": hgWeVerb, "propose": hgWeVerb,
	"merit": hgAlone, "merits": hgAlone,
}

// mayHedgeGrammar is a cheap exact prefilter for hedgeGrammarRe: false
// only when s holds the words of none of its alternatives.
func mayHedgeGrammar(s string) bool { return hedgeGrammarClasses.mayMatch(s) }

// hedgeGrammarClasses reads hedgeGrammarRe's words: "consider..." is soft
// by prefix (consider\w*), and a bold opening "__consider" has its word
// after the run's last "__".
var hedgeGrammarClasses = withShapes(&wordClasses{
	words:      hedgeGrammarWords,
	needs:      []uint8{hgAlone, hgModal | hgSoft, hgIt | hgItObject, hgWe | hgWeVerb},
	prefix:     "consider",
	prefixBits: hgSoft,
	underscore: hgAlone,
})

// wordClasses is a cheap exact prefilter for a regexp whose every match
// holds whole words of given classes: a text may match when, among its
// maximal runs of \b word bytes (lower-cased), it holds every class of
// one of needs. A text holding ſ or the Kelvin sign, which (?i) folds to
// s and k, or a run too long to look up, may match.
type wordClasses struct {
	words      map[string]uint8 // each word's classes
	shapes     *wordShapes      // the shapes of words, set by withShapes
	needs      []uint8          // the class sets of the alternatives
	prefix     string           // a run starting with it also has prefixBits
	prefixBits uint8
	underscore uint8 // classes also read from a run's part after its last "__"
}

// withShapes sets c's shapes from its words and returns c.
func withShapes(c *wordClasses) *wordClasses {
	c.shapes = newWordShapes(doctext.KeysOf(c.words)...)
	return c
}

// mayMatch reports whether the regexp may match s (see wordClasses). A
// run is lower-cased only when its shape fits a word, it may start with
// the prefix or, when s holds one, it holds "__": most runs need no copy
// and no lookup.
func (c *wordClasses) mayMatch(s string) bool {
	if foldsToASCII(s) {
		return true
	}
	under := c.underscore != 0 && strings.Contains(s, "__")
	var seen uint8
	var buf [maxAltWord]byte
	for i := 0; i < len(s); {
		for i < len(s) && !asciiWordByte(s[i]) {
			i++
		}
		st := i
		for i < len(s) && asciiWordByte(s[i]) {
			i++
		}
		n := i - st
		if n > len(buf) {
			return true
		}
		if n == 0 {
			continue
		}
		var add uint8
		if c.shapes.fits(n, s[st], s[i-1]) {
			add |= c.words[string(doctext.LowerASCII(buf[:], s[st:i]))]
		}
		if c.prefix != "" && doctext.AsciiFoldPrefix(s[st:i], c.prefix) {
			add |= c.prefixBits
		}
		if under {
			if j := strings.LastIndex(s[st:i], "__"); j >= 0 {
				add |= c.words[string(doctext.LowerASCII(buf[:], s[st+j+2:i]))] & c.underscore
			}
		}
		if add == 0 {
			continue
		}
		seen |= add
		for _, n := range c.needs {
			if seen&n == n {
				return true
			}
		}
	}
	return false
}
