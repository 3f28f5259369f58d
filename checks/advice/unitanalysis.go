package advice

import (
	"slices"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Reading each recommendation unit of a document: how risky it is, whether
// it drafts its fix, and which of its words hedge or only name a direction.

// recUnitsKey and riskScaleKey are the Shared keys of a document's
// recommendation units and its risk scale.
type (
	recUnitsKey  struct{}
	riskScaleKey struct{}
)

// analyzeUnits finds the recommendations of doc and what each carries.
func (a *recommendationAnalyzer) analyzeUnits(doc check.Document) []recommendation {
	text := doc.Text
	allWords := doctext.AnalysisOf(doc).WordList()
	units := check.Shared(doc, recUnitsKey{}, func() []doctext.RecUnit { return recommendationUnits(text, doctext.IsReview(doc.Kind), allWords) })
	ratings := docRatings{doc: doc, lines: map[int]riskClass{}}
	var out []recommendation
	for ui, u := range units {
		r := recommendation{item: u.Span, risk: -1}
		us := unitScan{
			text:   text,
			u:      u,
			body:   text[u.Start:u.End],
			inner:  innerFineUnits(units, ui),
			quotes: doctext.ExcludedSpans(text, u.Start, u.End),
			ws:     doctext.WordsIn(allWords, u.Start, u.End),
		}
		r.drafted = us.drafted()
		r.hedges = a.unitHedges(&us)
		r.stacked = len(r.hedges) > 0 && a.grammar && stackedDevices(blankSpans(text, u.Start, u.End, us.quotes))
		// The rating and directional fixes of a drafted recommendation
		// are no check's concern: its hedges are reported whatever its
		// rating, the directional check passes it over, and it counts as
		// actionable. Only a proposal, whose drafting a deferral undoes
		// (findDirectional), is read for them when drafted.
		if !r.drafted || u.Proposal {
			a.rate(&r, u, &ratings)
			a.findDirectional(&us, &r)
		}
		out = append(out, r)
	}
	return out
}

// docRatings is what rating the units of one document shares: its risk
// scale, read only when a unit's own text does not rate it (most
// documents' units do), and the class of each line of a finding block
// already read (by its start), as the units of one block read the same
// lines.
type docRatings struct {
	doc   check.Document
	sc    *riskScale
	lines map[int]riskClass
}

// scale returns the document's risk scale, read on first use.
func (d *docRatings) scale() *riskScale {
	if d.sc == nil {
		text := d.doc.Text
		d.sc = check.Shared(d.doc, riskScaleKey{}, func() *riskScale { return readRiskScale(text) })
	}
	return d.sc
}

// rate sets r's risk level, class and label. A unit that does not rate
// itself inherits the rating a review states elsewhere: in its table row
// or finding block (riskScale.unitRisk), under the heading above it, or in
// the finding it answers; its level and label come from the same text.
func (a *recommendationAnalyzer) rate(r *recommendation, u doctext.RecUnit, d *docRatings) {
	text := d.doc.Text
	body := text[u.Start:u.End]
	// The unit's own text is read for its level, class and label once.
	own := &ratedText{s: body}
	if m := own.riskMatch(); m != nil {
		r.risk, _ = strconv.Atoi(m[1])
	}
	label := own
	r.class = classifyText(own, a.blockRisk)
	if r.class == riskUnknown {
		var labelFrom string
		r.class, labelFrom = d.scale().unitRisk(text, u, a.blockRisk, d.lines)
		if r.class == riskUnknown {
			// A fix under a finding's heading ("### F-02 IDOR — High")
			// carries the finding's rating.
			labelFrom = headingAbove(text, u.Start)
			r.class = ClassifyRisk(labelFrom, a.blockRisk)
		}
		if r.class == riskUnknown {
			// "R2 (for F2)", "On Issue 2": the finding it answers.
			labelFrom = referencedFinding(text, body)
			r.class = ClassifyRisk(labelFrom, a.blockRisk)
		}
		label = &ratedText{s: labelFrom}
		if r.risk < 0 {
			if m := label.riskMatch(); m != nil {
				r.risk, _ = strconv.Atoi(m[1])
			}
		}
	}
	r.label = riskLabel(*r, label)
}

// innerFineUnits returns the fine units inside units[ui] when it is a
// broader item: they are read on their own, so the item does not report
// their words again.
func innerFineUnits(units []doctext.RecUnit, ui int) []doctext.Span {
	u := units[ui]
	var inner []doctext.Span
	if !u.Fine {
		for j := ui + 1; j < len(units) && units[j].Start < u.End; j++ {
			if units[j].Fine {
				inner = append(inner, units[j].Span)
			}
		}
	}
	return inner
}

// unitScan is one recommendation unit as its words are read: only words
// outside its quotations and code, and outside the fine units read on
// their own, count against it.
type unitScan struct {
	text   string
	u      doctext.RecUnit
	body   string         // text[u.Start:u.End]
	inner  []doctext.Span // fine units inside a broader item
	quotes []doctext.Span // quotations and code inside the unit
	ws     []doctext.Span // the document's words inside the unit
}

// skip reports whether [s,e) belongs to a fine unit read on its own.
func (us *unitScan) skip(s, e int) bool { return overlapsAny(us.inner, s, e) }

// drafted reports whether the unit carries drafted replacement text: a
// replacement marker or drafting in it, a drafted block it introduces,
// struck text in a proposal, or a long enough quotation that is not the
// source's own words.
func (us *unitScan) drafted() bool {
	text, u, body := us.text, us.u, us.body
	d := replacementMarker.match(body) || hasDraft(text, u.Start, u.End)
	if d && u.Fine && doctext.OpensWithFixVerb(text[u.Body:u.End]) {
		// "Proposed: expand the notice content" introduces no drafting:
		// its words are an instruction, not the text to insert.
		d = strings.Contains(body, "```") || strings.Contains(body, "~~~")
	}
	if d || introducesBlock(text, u.End) || u.Proposal && strings.Contains(body, "~~") {
		return true
	}
	for _, q := range us.quotes {
		if text[q.Start] != '`' && doctext.WordCount(text, q.Start, q.End) >= doctext.MinReplacementWords && !quotesSource(text, u.Start, q.Start) {
			return true
		}
	}
	return false
}

// unitHedges returns the unit's hedges in order: the hedge phrases, then
// the hedge grammar's and the advice grammar's matches (when the default
// hedge list applies) that overlap no phrase found.
func (a *recommendationAnalyzer) unitHedges(us *unitScan) []doctext.Span {
	text, u := us.text, us.u
	var hedges []doctext.Span
	a.hedges.Find(text, us.ws, u.End, func(s, e int) {
		if !doctext.InSpans(us.quotes, s, e) && !us.skip(s, e) {
			hedges = append(hedges, doctext.Span{Start: s, End: e})
		}
	})
	addHedges := func(ms [][]int) {
		for _, m := range ms {
			s, e := u.Start+m[0], u.Start+m[1]
			for s < e && !doctext.IsWordByte(text[s]) { // the grammar may match a leading ". " or "**"
				s++
			}
			if !doctext.InSpans(us.quotes, s, e) && !overlapsAny(hedges, s, e) && !us.skip(s, e) {
				hedges = append(hedges, doctext.Span{Start: s, End: e})
			}
		}
	}
	addHedges(a.grammarMatches(us.body))
	if a.grammar && adviceHedgeClasses.mayMatch(us.body) {
		addHedges(doctext.AdviceHedgeRe.FindAllStringIndex(us.body, 8))
	}
	doctext.SortSpans(hedges)
	return hedges
}

// findDirectional sets r's directional-only fixes, in order: the
// directional phrases, then (with the default list) the goal verbs and
// vague verbs with a vague qualifier; for a proposal with none, drafting
// it puts off; for a unit with neither hedge nor directional fix, an
// imperative with a vague object opening a sentence.
func (a *recommendationAnalyzer) findDirectional(us *unitScan, r *recommendation) {
	text, u := us.text, us.u
	a.directional.Find(text, us.ws, u.End, func(s, e int) { us.addDirectional(r, s, e, false) })
	if a.dirGrammar {
		for _, m := range directionalGoalWords.findAll(us.body, 8) {
			us.addDirectional(r, u.Start+m[0], u.Start+m[1], true)
		}
		for _, m := range vagueVerbWords.findAll(us.body, 8) {
			s, e := u.Start+m[0], u.Start+m[1]
			if vagueQualifier.match(text[e:doctext.SentenceEnd(text, e, u.End)]) {
				us.addDirectional(r, s, e, true)
			}
		}
	}
	if u.Proposal && a.dirGrammar && len(r.directional) == 0 {
		if ds, de, ok := deferredProposal(text, u.Body, u.End); ok && !doctext.InSpans(us.quotes, ds, de) && !us.skip(ds, de) && !introducesBlock(text, u.End) {
			// "Proposed: a fairer test, to be discussed.": the label
			// promised drafting the words put off.
			r.directional, r.drafted = append(r.directional, doctext.Span{Start: ds, End: de}), false
		}
	}
	if len(r.directional) == 0 && len(r.hedges) == 0 && a.grammar && !u.Advice {
		if s, e, ok := us.vagueImperativeOpening(); ok {
			r.directional = append(r.directional, doctext.Span{Start: s, End: e})
		}
	}
	if len(r.hedges) == 0 && a.grammar && !u.Advice && !u.Proposal && u.Body < u.End && mayBeVague(text, us.ws) {
		if s, e, ok := vagueDirection(blankSpans(text, u.Body, u.End, us.quotes)); ok && !overlapsAny(r.directional, u.Body+s, u.Body+e) {
			d := doctext.Span{Start: u.Body + s, End: u.Body + e}
			r.directional = append(r.directional, d)
			r.vague = append(r.vague, d)
		}
	}
	doctext.SortSpans(r.directional)
}

// addDirectional adds the directional word at [s,e) to r unless it is not
// the unit's own fix: in an advice unit, before the unit's words, a label
// ("Fix:"), quoted, already found, or in a fine unit read on its own. In a
// proposal it must open the unit with nothing concrete after it; elsewhere
// it must stand where a fix does (goalDirectionalAt when strict or in a
// fine unit, directionalAt otherwise).
func (us *unitScan) addDirectional(r *recommendation, s, e int, strict bool) {
	text, u := us.text, us.u
	if u.Advice || s < u.Body || isLabelWord(text, e) || nounOfUse(text, e) || doctext.InSpans(us.quotes, s, e) || overlapsAny(r.hedges, s, e) || overlapsAny(r.directional, s, e) || us.skip(s, e) {
		return
	}
	if u.Row.End > u.Row.Start && rowDated(text, u.Row) {
		return // "| Privacy | Update the record of processing | 12 June |": a task with its date
	}
	if u.Proposal {
		if !opensUnit(text, u.Body, s) || concreteOutsideRefs(text[e:u.End]) {
			return
		}
	} else if strict = strict || u.Fine; strict && !goalDirectionalAt(text, u, s, e) || !strict && !directionalAt(text, u.Start, u.End, s, e) {
		return
	}
	r.directional = append(r.directional, doctext.Span{Start: s, End: e})
}

// vagueImperativeOpening returns the first imperative with a vague object
// at the start of one of the unit's sentences ("Negotiate stronger
// data-location commitments"): a capitalised word of the unit's own
// words, not a closed-class word, after an imperative's lead (and, in a
// proposal, opening it).
func (us *unitScan) vagueImperativeOpening() (int, int, bool) {
	text, u := us.text, us.u
	// vagueImperative needs vagueObject to open within 80 bytes of the
	// word: the runs that may open it, found once (at the first
	// capitalised word), spare imperativeLead's look-back at nearly every
	// capitalised word. ſ and the Kelvin sign fold to ASCII letters: a unit
	// holding one is read word by word.
	folds := foldsToASCII(us.body)
	var objects []int
	read := false
	for _, w := range us.ws {
		if w.Start >= u.End || w.Start < u.Body || doctext.InSpans(us.quotes, w.Start, w.End) || us.skip(w.Start, w.End) {
			continue
		}
		if c := text[w.Start]; c < 'A' || c > 'Z' || closedClassWord(text[w.Start:w.End]) {
			continue
		}
		if !folds && !read {
			objects, read = vagueObject.openings(text, u.Start, u.End), true
		}
		if !folds && !vagueObject.runOpens(text, w.Start, u.End) && !anyIn(objects, w.Start+1, w.Start+80) {
			continue
		}
		if u.Proposal && !opensUnit(text, u.Body, w.Start) || !imperativeLead.match(text[max(u.Start, w.Start-60):w.Start]) {
			continue
		}
		if s, e, ok := vagueImperative(text, u.Start, u.End, w.Start); ok {
			return s, e, true
		}
	}
	return 0, 0, false
}

// anyIn reports whether sorted ps holds a position in [from, to].
func anyIn(ps []int, from, to int) bool {
	i, _ := slices.BinarySearch(ps, from)
	return i < len(ps) && ps[i] <= to
}

// closedClassWord reports whether w, lower-cased, is one of closedClass:
// an ASCII word is lower-cased into a buffer rather than copied by
// strings.ToLower, which lower-cases the rest (the Kelvin sign to k).
func closedClassWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= 0x80 {
			return closedClass[strings.ToLower(w)]
		}
	}
	var buf [10]byte
	if len(w) > len(buf) {
		return false // longer than any word of closedClass
	}
	return closedClass[string(doctext.LowerASCII(buf[:], w))]
}

// closedClass are words that open a sentence but are never an imperative
// verb: determiners, pronouns, conjunctions and prepositions.
var closedClass = map[string]bool{
	"a": true, "an": true, "the": true, "this": true, "that": true, "these": true, "those": true, "it": true, "its": true,
	"we": true, "you": true, "they": true, "he": true, "she": true, "i": true, "our": true, "your": true, "their": true,
	"there": true, "if": true, "when": true, "where": true, "while": true, "as": true, "in": true, "on": true, "at": true,
	"for": true, "with": true, "without": true, "by": true, "of": true, "to": true, "from": true, "under": true, "after": true,
	"before": true, "because": true, "since": true, "although": true, "but": true, "and": true, "or": true, "so": true,
	"each": true, "every": true, "any": true, "all": true, "no": true, "some": true, "both": true, "either": true,
	"neither": true, "one": true, "two": true, "three": true, "most": true, "many": true, "such": true, "other": true,
}

// nounOfUse reports whether the word ending at e is used as a noun, "of"
// after it: "Review of Windows hardening settings" names an activity in a
// list of what was done; it instructs nothing.
func nounOfUse(text string, e int) bool {
	return strings.HasPrefix(text[e:], " of ")
}

// rowDated reports whether a table row states a date: an action plan's
// task, which an owner does by then, not a direction of change.
func rowDated(text string, row doctext.Span) bool {
	r := text[row.Start:row.End]
	ws := doctext.WordSpans(r)
	if len(doctext.ScanDates(r, ws)) > 0 {
		return true
	}
	// A day and a month without a year: "12 June", "June 12".
	for i, w := range ws {
		if _, ok := doctext.Months[strings.ToLower(r[w.Start:w.End])]; !ok {
			continue
		}
		for _, j := range []int{i - 1, i + 1} {
			if j >= 0 && j < len(ws) {
				if d := r[ws[j].Start:ws[j].End]; len(d) <= 2 && d[0] >= '0' && d[0] <= '9' {
					return true
				}
			}
		}
	}
	return false
}
