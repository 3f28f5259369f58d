package advice

import (
	"regexp"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// recommendationUnits returns the recommendation units of text: the items of its
// recommendation sections (or, in a review with none, of every section),
// the units found by their own form (fineUnits), and, in a review, the
// paragraph of every sentence that is a hedged recommendation by its
// grammar wherever it stands (adviceHedgeRe). An item that starts where a
// fine unit does gives way to it.
func recommendationUnits(text string, review bool, words []doctext.Span) []doctext.RecUnit {
	its := doctext.Items(text, doctext.RecommendationKind, review)
	if len(its) == 0 && review {
		its = doctext.Items(text, doctext.AnySection, true)
	}
	fine := doctext.FineUnits(text)
	out := make([]doctext.RecUnit, 0, len(its)+len(fine))
	starts := make(map[int]bool, len(fine))
	for _, f := range fine {
		starts[f.Start] = true
		starts[strings.LastIndexByte(text[:f.Start], '\n')+1] = true
	}
	for _, it := range its {
		if !starts[it.Start] {
			out = append(out, doctext.RecUnit{Span: it, Body: it.Start})
		}
	}
	out = append(out, fine...)
	if review {
		out = append(out, adviceUnits(text, words, out)...)
	}
	doctext.SortUnits(out)
	return out
}

// adviceTriggers are the words adviceHedgeRe cannot match without, each
// with the lead word its construction needs before it in the sentence
// ("it" is advisable, "there" is merit, "we" suggest, "may" wish to; ""
// for the words that open a match themselves: "worth", "ideally"): a
// sentence holding none of them, or a trigger without its lead, is not
// scanned.
var adviceTriggers = map[string]string{
	"advisable": "it", "prudent": "it", "sensible": "it", "wise": "it", "idea": "it", "preferable": "it",
	"desirable": "it", "worth": "", "worthwhile": "it", "merit": "", "merits": "", "value": "there",
	"sense": "there", "scope": "there", "room": "there", "case": "there", "argument": "there", "benefit": "there",
	"suggest": "we", "recommend": "we", "advise": "we", "propose": "we", "wish": "may", "want": "may",
	"like": "may", "care": "may", "ideally": "",
}

// adviceFilter spares the lookup of most words in adviceTriggers.
var adviceFilter = doctext.NewWordFilter(doctext.KeysOf(adviceTriggers)...)

// adviceShapes spares the lookup of most words adviceFilter lets through.
var adviceShapes = newWordShapes(doctext.KeysOf(adviceTriggers)...)

// leadWords are the words that may stand for each lead.
var leadWords = map[string][]string{
	"it":    {"it"},
	"there": {"there"},
	"we":    {"we", "i"},
	"may":   {"may", "might", "could"},
}

// maxLeadGap bounds how far before its trigger adviceHedgeRe's lead word
// can stand: "there might well be some real value" is seven words.
const maxLeadGap = 48

// hasLead reports whether one of the lead's words (leadWords) stands as a
// whole word in text[from:at].
func hasLead(text string, from, at int, lead string) bool {
	for i := from; i < at; {
		s, e := doctext.NextWord(text, i, at)
		if s >= at {
			return false
		}
		i = e
		if e-s > 5 {
			continue
		}
		for _, w := range leadWords[lead] {
			if strings.EqualFold(text[s:e], w) {
				return true
			}
		}
	}
	return false
}

// adviceUnits returns, for each hedged recommendation found by
// adviceHedgeRe outside quotations, code and the units already known, its
// paragraph as a unit.
func adviceUnits(text string, words []doctext.Span, known []doctext.RecUnit) []doctext.RecUnit {
	var out []doctext.RecUnit
	var ex []doctext.Span
	exDone := false
	last := -1 // end of the last sentence scanned
	var buf [10]byte
	for _, w := range words {
		s, e := w.Start, w.End
		if e-s < 4 || e-s > 10 || s < last {
			continue
		}
		if !adviceFilter.MayHave(text[s:e]) || !adviceShapes.MayHave(text[s:e]) {
			continue
		}
		lead, ok := adviceTriggers[string(doctext.LowerASCII(buf[:], text[s:e]))]
		if !ok {
			continue
		}
		ss, se := sentenceAround(text, s)
		if lead != "" && !hasLead(text, max(ss, s-maxLeadGap), s, lead) {
			continue
		}
		last = se
		m := doctext.AdviceHedgeRe.FindStringIndex(text[ss:se])
		if m == nil {
			continue
		}
		ms, me := ss+m[0], ss+m[1]
		if !exDone {
			ex, exDone = doctext.ExcludedSpans(text, 0, len(text)), true
		}
		if doctext.InSpans(ex, ms, me) || inUnits(known, ms, me) || inUnits(out, ms, me) {
			continue
		}
		ps, pe := paragraphAround(text, ms)
		if headingLine(text, ps) {
			continue
		}
		out = append(out, doctext.RecUnit{Span: doctext.Span{Start: ps, End: pe}, Body: ps, Advice: true})
	}
	return out
}

// sentenceAround returns the sentence holding offset at, by the text
// layer's clause rules: from after the previous sentence end or line break
// to the next (and the byte that ends it), at most 400 bytes each way.
func sentenceAround(text string, at int) (int, int) {
	s := doctext.ClauseSentenceRules().SentenceStart(text, max(0, at-400), at)
	e := doctext.SentenceEnd(text, at, min(len(text), at+400))
	if e < len(text) {
		e++
	}
	return s, e
}

// paragraphAround returns the paragraph (or list item, or table row)
// holding offset at.
func paragraphAround(text string, at int) (int, int) {
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	t := strings.TrimLeft(text[ls:doctext.LineEndAt(text, ls)], " \t")
	if strings.HasPrefix(t, "|") || doctext.ListItemRe.MatchString(t) {
		return ls, doctext.LineEndAt(text, ls)
	}
	for ls > 0 {
		p := strings.LastIndexByte(text[:ls-1], '\n') + 1
		pt := strings.TrimSpace(text[p : ls-1])
		if pt == "" || doctext.OpensBlock(text[p:ls-1]) || doctext.ListItemRe.MatchString(pt) {
			break
		}
		ls = p
	}
	return ls, paragraphEnd(text, ls)
}

// headingLine reports whether the line at ls is a heading.
func headingLine(text string, ls int) bool {
	lvl, _ := doctext.HeadingLevel(text[ls:doctext.LineEndAt(text, ls)])
	return lvl > 0
}

// inUnits reports whether [s,e) lies inside one of units.
func inUnits(units []doctext.RecUnit, s, e int) bool {
	for _, u := range units {
		if u.Start <= s && e <= u.End {
			return true
		}
	}
	return false
}

// goalDirectionalAt reports whether the goal verb at text[s:e], inside
// unit u, is a directional-only fix: it stands where an imperative does
// (goalLeadRe: not after a modal, so "the Creator shall amend" in drafted
// text is not one) and nothing concrete stands in the fix around it: from
// the unit's own words (a label's run) or the verb's sentence (a paragraph)
// to the unit's end.
func goalDirectionalAt(text string, u doctext.RecUnit, s, e int) bool {
	lead := text[max(u.Start, s-60):s]
	if i := strings.LastIndexByte(lead, '\n'); i >= 0 {
		lead = lead[i+1:]
	}
	if !goalLead.match(lead) {
		return false
	}
	from := u.Body
	if !u.Fine {
		from = sentenceStartFrom(text, u.Start, s)
	}
	for _, part := range []string{text[from:s], text[e:u.End]} {
		if concreteOrTechOutsideRefs(part) {
			return false
		}
	}
	return !(changeVerbs[strings.ToLower(text[s:e])] && namesTarget(text, e, doctext.SentenceEnd(text, e, u.End)))
}

// namesTarget reports whether a change verb (changeVerbs) ending at e names the state it
// changes to in its sentence text[e:end]: "Change the administrator
// password on the HMI stations to individual passwords stored in the
// password safe", "Change the tool so it takes no policy number from the
// model". A target that is itself a direction ("to be fairer", "to a
// reasonable level", "so that it is more robust") names none.
func namesTarget(text string, e, end int) bool {
	seg := text[e:end]
	i := strings.Index(seg, " to ")
	if j := strings.Index(seg, " so "); j >= 0 && (i < 0 || j < i) {
		i = j
	}
	if i < 0 {
		return false
	}
	target := strings.TrimPrefix(strings.TrimPrefix(seg[i+4:], "that "), "it ")
	first, _, _ := strings.Cut(target, " ")
	if directionWords[strings.ToLower(first)] || vagueObject.index(target) != nil || vagueQualifier.match(target) {
		return false
	}
	return len(strings.Fields(target)) >= 3
}

// changeVerbs are the goal verbs that take the state they change to
// ("change X to Y"); "improve X so agents can decide" names a purpose,
// not a state.
var changeVerbs = map[string]bool{"change": true, "amend": true, "modify": true, "revise": true, "update": true,
	"adjust": true, "reduce": true, "increase": true, "decrease": true, "limit": true, "restrict": true,
	"extend": true, "shorten": true, "lengthen": true}

// directionWords open a target that only restates a direction: "to be
// clearer", "to make it work", "so it is fair".
var directionWords = map[string]bool{"be": true, "make": true, "reflect": true, "ensure": true, "address": true,
	"cover": true, "better": true, "more": true, "less": true, "is": true, "are": true, "works": true, "work": true,
	"something": true, "a": true, "an": true, "the": true}

// techNameRe matches a technical name that makes a fix concrete beyond
// concreteRe: a CamelCase product or class name given as the value a fix
// sets ("restrict it to the CloudFront origin", not "lock down the
// WebView", which names only what to change) or a host or file name
// ("nginx.conf", "status.example.io").
var techNameRe = regexp.MustCompile(`\b(?:to|with|via|using|behind|through|into)[ \t]+(?:the[ \t]+|a[ \t]+|an[ \t]+)?[A-Z][a-z]+[A-Z][A-Za-z]*\b|\b[a-z][a-z0-9-]*\.(?:[a-z0-9-]+\.)*(?:conf|ini|yaml|yml|json|toml|xml|io|com|net|org|dev|app)\b`)

// sentenceStartFrom returns the start of the sentence holding offset at, not
// before from, by the text layer's clause rules without Markdown closers
// (fixLeadSentences).
func sentenceStartFrom(text string, from, at int) int {
	return fixLeadSentences.SentenceStart(text, from, at)
}

// fixLeadSentences are the clause rules with Markup off: a bold lead
// ("**P3 — Section 11.1 (assignment).** Make it mutual") belongs to the fix
// after it, so the clause it names makes that fix concrete.
var fixLeadSentences = doctext.ClauseSentenceRules().With(func(r *doctext.SentenceRules) { r.Markup = false })

// isLabelWord reports whether the word ending at e is a label ("Fix:",
// "*Fix.*"), not a verb.
func isLabelWord(text string, e int) bool {
	for e < len(text) && (text[e] == '*' || text[e] == '_') {
		e++
	}
	return e < len(text) && (text[e] == ':' || text[e] == '.' && (e+1 == len(text) || text[e+1] == ' ' || text[e+1] == '*' || text[e+1] == '_'))
}

// introducesBlock reports whether the text ending at end introduces a
// drafted block: it ends with ':' and the next non-blank line is indented,
// quoted or fenced ("revise clause 7.1 to read:" and the clause below).
func introducesBlock(text string, end int) bool {
	t := strings.TrimRight(text[max(0, end-8):end], " \t*_")
	if !strings.HasSuffix(t, ":") {
		return false
	}
	for i := doctext.LineEndAt(text, end) + 1; i < len(text); {
		e := doctext.LineEndAt(text, i)
		if l := text[i:e]; strings.TrimSpace(l) != "" {
			return doctext.Continuation(l, 0)
		}
		i = e + 1
	}
	return false
}

// opensUnit reports whether offset s is the first word of the unit's own
// words (from body), after markup, a bracket and a note label.
func opensUnit(text string, body, s int) bool {
	for i := body; i < s; i++ {
		switch text[i] {
		case ' ', '\t', '*', '_', '[', '(', '"', '\'':
			continue
		}
		return false
	}
	return true
}
