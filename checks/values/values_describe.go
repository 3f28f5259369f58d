package values

import (
	"sort"
	"strings"

	"github.com/evalopt/evalopt/checks/internal/text"
)

// This file describes a value once read: how it is stated (approximate,
// a bound, a total, a reference to a value stated elsewhere), which noun
// phrase it belongs to, and whether the sentence states a change.

// vPreLinks may stand between a noun phrase and its value: "platform fee
// of", "salary is", "capped at", "within".
var vPreLinks = map[string]bool{
	"of": true, "is": true, "are": true, "was": true, "were": true, "be": true, "been": true, "being": true,
	"will": true, "shall": true, "at": true, "to": true, "for": true, "by": true, "in": true, "on": true,
	"within": true, "after": true, "before": true, "means": true, "mean": true, "equals": true, "equal": true,
	"totals": true, "totalling": true, "totaling": true, "amounts": true, "amounting": true, "set": true,
	"capped": true, "limited": true, "up": true, "about": true, "approximately": true, "approx": true,
	"the": true, "a": true, "an": true, "full": true, "same": true, "entire": true, "whole": true, "remaining": true,
	"than": true, "more": true, "less": true, "fewer": true, "least": true, "most": true, "not": true, "no": true,
	"over": true, "under": true, "only": true, "just": true, "exactly": true, "some": true, "around": true,
	"roughly": true, "nearly": true, "almost": true, "maximum": true, "minimum": true, "max": true, "min": true,
	"your": true, "our": true, "its": true, "their": true, "his": true, "her": true, "this": true, "that": true,
	"these": true, "those": true, "is:": true, "has": true, "have": true, "had": true, "now": true, "still": true,
	"gives": true, "give": true, "get": true, "gets": true, "got": true, "only:": true, "worth": true, "valued": true,
}

// vClauseWords end a noun phrase read backwards from a value.
var vClauseWords = map[string]bool{
	"and": true, "or": true, "but": true, "which": true, "that": true, "because": true, "so": true, "if": true,
	"when": true, "where": true, "while": true, "who": true, "whereas": true, "then": true, "unless": true,
}

// describe fills in how m is stated and what it is attached to.
func (d *valueDoc) describe(m *mention, v rawValue, c sentCtx) {
	toks := d.toks
	first := v.first
	if first == 0 && (len(toks) == 0 || toks[0].start != v.start) {
		for first < len(toks) && toks[first].end <= v.start {
			first++
		}
	}
	if c.heading {
		m.flags |= fHeading
	}
	if c.table > 0 {
		m.flags |= fTable
	}
	if c.total && c.labelEnd >= 0 && v.start-c.labelEnd <= 40 {
		m.flags |= fTotal
	}
	if d.quotedAt(v.start) {
		m.flags |= fQuoted
	}
	m.tense = c.labelTense
	if c.cellTense != tenseDefault {
		m.tense = c.cellTense
	}
	if m.tense == tenseProp && (d.memo || d.plain) {
		m.tense = tenseNew // a memo's proposals are its new values
	}
	if m.tense == tenseDefault && d.inDraft(v.start) {
		// Drafted text ("Replacement text: "..."", "The following is added
		// as a new Section 10.5: "..."") is the new value: a memo proposes
		// it, a redline's notes and an amending contract's own summary
		// describe it.
		m.tense = tenseNew
	}
	if m.tense == tenseDefault {
		m.tense = d.quoteTense(v.start)
	}
	if m.tense == tenseDefault && c.proposed && (d.memo || d.plain) {
		m.tense = tenseNew // drafted text and a memo's recommendations propose
	}
	if m.tense == tenseDefault && d.struck[m.val] {
		m.tense = tenseOld // the value struck out elsewhere: the old text under discussion
	}

	// Words before the value, nearest first.
	var before [5]string
	nb := 0
	for k := first - 1; k >= 0 && nb < len(before); k-- {
		t := toks[k]
		if t.kind == tSym {
			s := d.sym(k)
			if s == "~" || s == "≈" {
				m.flags |= fApprox
			}
			if s == "*" || s == "_" || s == "~" || s == "≈" || s == "(" {
				continue
			}
			break
		}
		if t.kind == tNum {
			break
		}
		before[nb] = d.lowerTok(k) // only compared: no copy
		nb++
	}
	skipDet := 0
	if nb > 0 {
		switch before[0] {
		case "the", "a", "an", "our", "your", "its", "their", "this", "that":
			skipDet = 1
		}
	}
	w := func(i int) string {
		if i < nb {
			return before[i]
		}
		return ""
	}
	wd := func(i int) string { return w(i + skipDet) }
	switch wd(0) {
	case "further", "additional", "extra", "another":
		m.flags |= fExtra
	}
	// "which comes to $228.00", "adds up to", "works out at": a total.
	switch {
	case w(0) == "to" && (w(1) == "comes" || w(1) == "come" || w(1) == "adds" || w(1) == "add" || w(1) == "amounts" || w(1) == "amount" && w(2) != "the" || w(1) == "up" && (w(2) == "adds" || w(2) == "add")),
		w(0) == "at" && w(1) == "out",
		w(0) == "totals" || w(0) == "totalling" || w(0) == "totaling" || w(0) == "making":
		m.flags |= fTotal
	}
	// "For each missed visit you get £15.00": a per-item amount, and what
	// it is per.
	for k := first - 1; k >= 1 && k >= first-8; k-- {
		if d.sym(k) == "," || d.sym(k) == ";" || toks[k].kind == tNum {
			break
		}
		if d.tokIs(k, "each", "every") && d.tokIs(k-1, "for", "per") {
			m.flags |= fEach
			for j := k + 1; j < first && j <= k+2 && toks[j].kind == tWord; j++ {
				if w := d.lowerTok(j); len(w) > 2 && !vPreLinks[w] {
					m.eachNoun = append(m.eachNoun, vReduceWord(w))
				}
			}
			break
		}
	}
	// "5 repayments of $38.00", "3 × $20": a per-item amount counted N times.
	if first >= 3 && d.tokIs(first-1, "of") && toks[first-2].kind == tWord {
		if n, ok := d.countAt(first - 3); ok {
			m.mult = n
		}
	}
	if first >= 2 && (d.sym(first-1) == "×" || d.tokIs(first-1, "x")) {
		if n, ok := d.countAt(first - 2); ok {
			m.mult = n
		}
	}
	switch w(0) {
	case "about", "approximately", "approx", "around", "roughly", "nearly", "almost", "circa", "some", "c", "ca", "estimated", "est":
		m.flags |= fApprox
	case "maximum", "max":
		m.flags |= fCap
	case "reached", "reaches", "reach", "reaching", "exceeded", "exceeds", "hit", "hits", "passes", "passed", "tops":
		m.flags |= fBound // a threshold crossed ("when roaming reached $50")
	case "minimum", "min", "over", "above", "under", "below", "exceeding", "beyond":
		if w(1) == "not" && w(0) == "exceeding" {
			m.flags |= fCap
		} else {
			m.flags |= fBound
		}
	case "to":
		if w(1) == "up" {
			m.flags |= fCap
		}
	case "of":
		switch w(1) {
		case "maximum", "max":
			m.flags |= fCap
		case "minimum", "min":
			m.flags |= fBound
		}
	case "most":
		if w(1) == "at" {
			m.flags |= fCap
		}
	case "least":
		if w(1) == "at" {
			m.flags |= fBound
		}
	case "than":
		if w(2) == "no" || w(2) == "not" {
			m.flags |= fCap
		} else {
			m.flags |= fBound
		}
	}
	if skipDet > 0 && m.flags&(fBound|fCap) == 0 {
		switch wd(0) {
		case "above", "below", "over", "under", "beyond", "exceeding", "minimum":
			m.flags |= fBound
		case "maximum":
			m.flags |= fCap
		}
	}
	switch w(0) {
	case "those", "these":
		m.flags |= fDefinite | fPointer
	case "the", "that", "this":
		m.flags |= fDefinite
	case "full", "entire", "whole", "remaining", "agreed", "original", "stated", "said", "above":
		switch w(1) {
		case "the", "that", "this", "those", "these":
			m.flags |= fDefinite
		}
	}
	for i := 0; i < nb && i < 4; i++ {
		switch w(i) {
		case "same":
			m.flags |= fSame | fDefinite
		case "total", "totalling", "totaling", "altogether", "combined":
			m.flags |= fTotal
		case "leaves", "leaving", "remaining", "remainder", "balance", "left", "outstanding", "rest":
			if i <= 2 {
				m.flags |= fRemain
			}
		case "between", "from":
			if i <= 1 && m.class != "date" && m.class != "daterange" {
				m.flags |= fRange
			}
		}
		if i == 0 && (w(0) == "a" || w(0) == "an") {
			break
		}
	}
	// After the value: "each", "in total", a range's other end.
	after := v.next
	for k := after; k < len(toks) && k < after+3; k++ {
		if toks[k].kind != tWord {
			if s := d.sym(k); (s == "–" || s == "-" || s == "—") && k == after && k+1 < len(toks) && (toks[k+1].kind == tNum || valueCurrencySigns[d.sym(k+1)] != "") {
				m.flags |= fRange
			}
			continue
		}
		switch d.lowerTok(k) {
		case "each", "apiece", "every":
			if k == after || d.tokIs(k-1, "for", "per") {
				m.flags |= fEach
				// "for each missed appointment": what it is per.
				for j := k + 1; j < len(toks) && j <= k+2 && toks[j].kind == tWord; j++ {
					if w := d.lowerTok(j); len(w) > 2 && !vPreLinks[w] {
						m.eachNoun = append(m.eachNoun, vReduceWord(w))
					}
				}
			}
		case "total", "altogether", "combined", "overall", "together":
			if k <= after+1 {
				m.flags |= fTotal
			}
		case "both", "all":
			if d.tokIs(k-1, "for") {
				m.flags |= fTotal // "EUR 36.00 for both seats"
			}
		case "to", "and":
			if k == after && k+1 < len(toks) && (toks[k+1].kind == tNum || valueCurrencySigns[d.sym(k+1)] != "") && m.flags&fRange == 0 {
				// "10 to 20 days", "between 10 and 20": the first end.
				if d.tokIs(k, "to") || d.tokIs(first-1, "between") {
					m.flags |= fRange
				}
			}
		}
	}
	if first > 0 && d.sym(first-1) == "–" || first > 1 && d.sym(first-1) == "-" && toks[first-2].kind == tNum {
		m.flags |= fRange
	}
	if first > 0 && (d.tokIs(first-1, "to", "and") && m.flags&fRange == 0) {
		// The second end of "between 10 and 20", "from 10 to 20".
		for k := first - 2; k >= 0 && k >= first-6; k-- {
			if d.tokIs(k, "between") {
				m.flags |= fRange
				break
			}
		}
	}

	m.ref = d.nearRef(first, v.next)
	m.part = d.citedPart(v.next)
	// The noun phrase: the label, the words right before and right after.
	m.topic = c.topic
	if c.labelEnd >= 0 && v.start-c.labelEnd <= 40 {
		m.head = append(m.head, c.label...)
	} else if len(c.label) > 0 {
		m.topic = append(append([]int32(nil), c.topic...), c.label...)
	}
	var npStart int
	m.head, npStart = d.preHead(m.head, first)
	if c.labelDef && c.labelEnd >= 0 && v.start-c.labelEnd <= 40 || npStart > 0 && npStart < first && d.tokIs(npStart-1, "the", "your", "our", "this", "that") {
		m.flags |= fDefHead
	}
	// What follows a duration's "within ... of" or a multiple ("2x the
	// fees") is its base, not its subject.
	// So is what follows a percentage's "of" ("25% of the hire fee"): the
	// deposit and the cancellation charge are both shares of one fee.
	if m.class == "multiple" || vIsDuration(m.class) && d.refPointAfter(v.next, first) || m.class == "percent" && d.tokIs(v.next, "of") {
		m.from = d.postHead(nil, v.next)
	} else {
		m.head = d.postHead(m.head, v.next)
	}
	if len(m.head) == 0 {
		m.head = append(m.head, c.lead...) // "Non-compete. Twenty-four months, ..."
	}
	// The context: the words around it in the sentence and the topic.
	lo, hi := max(0, first-maxValueLookaround), min(len(toks), v.next+maxValueLookaround)
	if m.ctx == nil && hi > lo {
		m.ctx = make([]int32, 0, hi-lo) // one allocation, not one per doubling
	}
	for k := lo; k < hi; k++ {
		if id := d.tokIDs[k]; id >= 0 {
			m.ctx = vAppendID(m.ctx, id)
		}
	}
}

// preHead appends the subject words of the noun phrase before token
// first: link words are skipped, then up to three subject words are read
// back to a clause boundary.
func (d *valueDoc) preHead(dst []int32, first int) ([]int32, int) {
	toks := d.toks
	k := first - 1
	for ; k >= 0 && first-k <= 6; k-- {
		t := toks[k]
		if t.kind == tSym {
			s := d.sym(k)
			if s == "*" || s == "_" || s == "(" || s == ":" || s == "=" || s == "~" || s == "'" || s == "’" {
				continue
			}
			if s == "," && k == first-1 && k > 0 && toks[k-1].kind == tWord {
				continue // an appositive: "the chef's knife, £129.00"
			}
			return dst, -1
		}
		if t.kind == tNum {
			return dst, -1
		}
		if !vPreLinks[d.lowerTok(k)] {
			break
		}
	}
	got, start := 0, -1
	for ; k >= 0 && got < 3; k-- {
		t := toks[k]
		if t.kind != tWord {
			if s := d.sym(k); s == "-" || s == "*" || s == "_" || s == "'" || s == "’" {
				continue
			}
			break
		}
		if vClauseWords[d.lowerTok(k)] {
			break
		}
		if id := d.tokIDs[k]; id >= 0 {
			dst = vAppendID(dst, id)
			got++
			start = k
		} else if got > 0 {
			break
		}
	}
	return dst, start
}

// postHead appends the subject words of the noun phrase after a value:
// "30-day export window", "12 months' severance", "£600,000 of
// purchases", "14 days to export".
func (d *valueDoc) postHead(dst []int32, next int) []int32 {
	toks := d.toks
	k := next
	for k < len(toks) {
		s := d.sym(k)
		if s == "'" || s == "’" || s == "-" || s == "*" || s == "_" || d.tokIs(k, "s") && d.adjacent(k) {
			k++
			continue
		}
		break
	}
	if k < len(toks) && toks[k].kind == tWord {
		switch d.lowerTok(k) {
		case "of", "to":
			k++
		}
	}
	for k < len(toks) && d.tokIs(k, "the", "your", "our", "a", "an", "its", "their", "this", "that", "his", "her") {
		k++
	}
	got := 0
	for ; k < len(toks) && got < 3; k++ {
		t := toks[k]
		if t.kind != tWord {
			if s := d.sym(k); s == "-" && d.adjacent(k) {
				continue
			}
			break
		}
		id := d.tokIDs[k]
		if id < 0 {
			if d.sym(k+1) == "-" && d.adjacent(k+1) {
				continue // the prefix of a compound: "non-compete", "co-marketing"
			}
			break
		}
		dst = vAppendID(dst, id)
		got++
	}
	return dst
}

// vChangeVerbs introduce the new value of a change: "increases ... to £45",
// "extends the term to 28 February 2029", "goes down to $97.35".
var vChangeVerbs = map[string]bool{
	"increase": true, "increases": true, "increased": true, "increasing": true, "reduce": true, "reduces": true, "reduced": true,
	"reducing": true, "raise": true, "raises": true, "raised": true, "lower": true, "lowers": true, "lowered": true,
	"extend": true, "extends": true, "extended": true, "shorten": true, "shortens": true, "shortened": true, "cut": true, "cuts": true,
	"change": true, "changes": true, "changed": true, "amend": true, "amends": true, "amended": true, "move": true, "moves": true,
	"moved": true, "rise": true, "rises": true, "rose": true, "fall": true, "falls": true, "fell": true, "drop": true, "drops": true,
	"dropped": true, "go": true, "goes": true, "going": true, "went": true, "adjust": true, "adjusted": true, "vary": true,
	"varies": true, "varied": true, "update": true, "updated": true, "revise": true, "revised": true, "bring": true, "brings": true,
	"brought": true, "becomes": true, "become": true, "became": true, "decrease": true, "decreases": true, "decreased": true,
	"lengthen": true, "lengthens": true, "lengthened": true, "upgrade": true, "downgrade": true,
}

// vProposalWords make a sentence state what should be rather than what is.
var vProposalWords = map[string]bool{
	"should": true, "propose": true, "proposes": true, "proposed": true, "proposal": true, "recommend": true,
	"recommends": true, "recommended": true, "recommendation": true, "suggest": true, "suggests": true, "suggested": true,
	"seek": true, "negotiate": true, "counter": true, "counterproposal": true, "fallback": true,
	"accept": true, "acceptable": true, "insist": true, "prefer": true, "preferred": true,
}

// vHypoWords make a sentence an example or a supposition.
var vHypoWords = map[string]bool{
	"would": true, "could": true, "might": true, "example": true, "instance": true, "suppose": true, "imagine": true,
	"hypothetical": true, "hypothetically": true, "illustration": true, "illustrative": true, "assume": true, "assuming": true,
	"e.g": true, "fallback": true, "alternatively": true, "alternative": true, "compromise": true,
}

// sentTense marks the values of the sentence just read (from index
// first) with the tense a change gives them, and the whole sentence as a
// proposal or an example.
func (d *valueDoc) sentTense(first int, c sentCtx) {
	toks := d.toks
	ms := d.ms[first:]
	hypoAt := -1     // the first word making what follows an example or a supposition
	proposalAt := -1 // the first proposing word, or -1
	oldAt := -1      // a word saying the sentence describes the old text
	for k := range toks {
		if toks[k].kind != tWord || toks[k].word > 0 && !d.words[toks[k].word-1].tense {
			continue // most words: nothing to look up
		}
		w := d.lowerTok(k)
		if vProposalWords[w] && proposalAt < 0 {
			proposalAt = k
		}
		// "Our analysis requires RTO 8 hours": what we need, not what the
		// source says ("Section 3 requires payment").
		if (w == "requires" || w == "require" || w == "need" || w == "needs" || w == "expect" || w == "expects" || w == "want" || w == "wants") && proposalAt < 0 {
			for b := k - 1; b >= 0 && b >= k-10; b-- {
				if d.tokIs(b, "we", "our", "us", "i", "my") {
					proposalAt = k
					break
				}
			}
		}
		// "I would ask for", "we would recommend": the writer's stance,
		// politely put, not a supposition about the values that follow.
		firstPerson := (w == "would" || w == "could" || w == "might") && d.tokIs(k-1, "i", "we")
		if (vHypoWords[w] && !firstPerson || w == "such" && d.tokIs(k+1, "as")) && hypoAt < 0 {
			hypoAt = k
		}
		// "As drafted", "currently", "originally": the sentence describes
		// the text before the change.
		if w == "currently" || w == "presently" || w == "originally" || w == "drafted" && d.tokIs(k-1, "as") || w == "stands" && d.tokIs(k-1, "it") {
			oldAt = k
		}
	}
	imperative := len(toks) > 0 && toks[0].kind == tWord && vImperativeVerbs[d.lowerTok(0)]
	if (d.memo || d.plain) && imperative {
		proposalAt = 0
	}
	// Token index of each value.
	at := func(m *mention) int {
		// Tokens are in text order: a binary search keeps a long sentence
		// with many values from costing tokens × values.
		return sort.Search(len(toks), func(k int) bool { return toks[k].start >= m.start })
	}
	if hypoAt >= 0 {
		// "For example, a £100 order ...", "so fewer seats would lower it":
		// the values after the marker, or right before a modal ("a 12-month
		// cap would be acceptable").
		for i := range ms {
			if k := at(&ms[i]); k > hypoAt || hypoAt-k <= 4 {
				ms[i].flags |= fHypo
			}
		}
	}
	for i := range ms {
		m := &ms[i]
		k := at(m)
		// Words just before: "from £40", "previously 12 months", "now 24".
		for b := k - 1; b >= 0 && b >= k-3; b-- {
			if toks[b].kind != tWord {
				continue
			}
			switch d.lowerTok(b) {
			case "was", "were":
				if m.tense == tenseDefault && d.nowAfter(k) {
					m.tense = tenseOld // "was 12 months, now 24"
				}
			case "from", "previously", "formerly", "currently", "existing", "old", "original", "originally", "replace", "replacing", "delete", "deleting", "strike":
				if m.tense == tenseDefault && !(d.lowerTok(b) == "from" && m.class == "daterange") {
					if d.lowerTok(b) == "from" && !d.fromTo(k, m) {
						continue
					}
					m.tense = tenseOld
				}
			case "now", "new", "revised", "amended", "substitute", "insert", "with":
				if m.tense == tenseDefault && (d.lowerTok(b) != "with" || d.replaceBefore(b)) {
					m.tense = tenseNew
				}
			case "to":
				if m.tense == tenseDefault && d.changeBefore(b) {
					m.tense = tenseNew
				}
			case "of", "than":
				if b == k-1 && d.tokIs(b-1, "instead", "rather", "place") {
					m.tense = tenseOld
				}
			}
		}
		// An arrow between two values: old -> new.
		if s := d.sym(k - 1); s == "→" || s == "⇒" || s == ">" && d.sym(k-2) == "-" {
			m.tense = tenseNew
			if i > 0 && ms[i-1].tense == tenseDefault {
				ms[i-1].tense = tenseOld
			}
		}
		if m.tense == tenseDefault && oldAt >= 0 {
			m.tense = tenseOld
		}
		// A proposal states its value after the proposing word ("we
		// propose 12 months") or right before it ("a 12-month cap would
		// be acceptable").
		if m.tense == tenseDefault && (d.memo || d.plain) && proposalAt >= 0 && (k > proposalAt || proposalAt-k <= 4) {
			m.tense = tenseNew
		}
		// "Amend Section 7.3 to require notice within 24 hours" in a
		// document that is itself the text: an instruction beside it,
		// compared only with other proposals.
		if m.tense == tenseDefault && imperative && !d.memo && !d.plain && c.row < 0 && d.tokIs(1, "section", "clause", "article", "paragraph", "schedule", "the", "this", "it", "its") {
			m.tense = tenseProp
		}
	}
}

// fromTo reports whether the value at token k, after "from", is followed
// by "to" and another value: "from £40 to £45".
func (d *valueDoc) fromTo(k int, m *mention) bool {
	for j := k + 1; j < len(d.toks) && j < k+8; j++ {
		if d.tokIs(j, "to") {
			return true
		}
	}
	return false
}

// changeBefore reports whether a change verb stands before the "to" at
// token b (within the sentence, at most eight tokens back).
func (d *valueDoc) changeBefore(b int) bool {
	for j := b - 1; j >= 0 && j >= b-8; j-- {
		if d.toks[j].kind == tWord && vChangeVerbs[d.lowerTok(j)] {
			return true
		}
		if d.toks[j].kind == tNum {
			// "from £40 to": the "from" rule handles it; a value between
			// verb and "to" is the old one ("raise £40 to £45").
			continue
		}
	}
	return false
}

// replaceBefore reports whether "replace" stands before the "with" at b.
func (d *valueDoc) replaceBefore(b int) bool {
	for j := b - 1; j >= 0 && j >= b-8; j-- {
		if d.tokIs(j, "replace", "replaced", "replacing", "replaces") {
			return true
		}
	}
	return false
}

// vLabelTense returns the tense a label or column heading gives its values:
// "Current", "Existing", "Before" give the old value; "Proposed", "New",
// "Revised", "After" the new one.
func vLabelTense(label string) int8 {
	l := strings.ToLower(strings.Trim(strings.TrimSpace(label), "*_: "))
	for _, p := range []string{"current", "existing", "old", "before", "was", "original", "previous", "source", "today"} {
		if l == p || strings.HasPrefix(l, p+" ") {
			return tenseOld
		}
	}
	for _, p := range []string{"proposed", "suggested", "recommended", "counter", "our position", "replacement", "target", "fallback"} {
		if l == p || strings.HasPrefix(l, p+" ") || strings.HasPrefix(l, p+"-") {
			return tenseProp
		}
	}
	for _, p := range []string{"new", "revised", "after", "now", "amended"} {
		if l == p || strings.HasPrefix(l, p+" ") || strings.HasPrefix(l, p+"-") {
			return tenseNew
		}
	}
	return tenseDefault
}

// vImperativeVerbs open a memo's instruction to change the document:
// "Revise clause 11.3 to read", "Replace Section 4.1 with", "Cap
// liability at".
var vImperativeVerbs = map[string]bool{
	"revise": true, "replace": true, "amend": true, "add": true, "insert": true, "delete": true, "change": true,
	"increase": true, "reduce": true, "cap": true, "limit": true, "extend": true, "shorten": true, "require": true,
	"ask": true, "push": true, "make": true, "set": true, "include": true, "introduce": true, "remove": true,
	"strike": true, "substitute": true, "negotiate": true, "seek": true, "raise": true, "lower": true, "move": true,
	"define": true, "specify": true, "clarify": true, "agree": true, "obtain": true, "request": true, "propose": true,
	"counter": true, "offer": true, "accept": true, "reject": true, "split": true, "tie": true, "align": true,
}

// vIsDuration reports whether class is a duration.
func vIsDuration(class string) bool {
	switch class {
	case "days", "bdays", "months", "minutes", "seconds":
		return true
	}
	return false
}

// refPointAfter reports whether the words after a duration (from token
// next) name the point it counts from rather than what it measures:
// "14 days after delivery", "within 30 days of the invoice" (but "60 days
// of Services", "12 months' severance").
func (d *valueDoc) refPointAfter(next, first int) bool {
	k := next
	for k < len(d.toks) && (d.sym(k) == "*" || d.sym(k) == "_") {
		k++
	}
	if d.tokIs(k, "after", "from", "following", "before", "since", "prior", "preceding") {
		return true
	}
	if !d.tokIs(k, "of") {
		return false
	}
	for b := first - 1; b >= 0 && b >= first-3; b-- {
		if d.tokIs(b, "within", "before", "after", "by", "following", "until", "later", "earlier") {
			return true
		}
	}
	return false
}

// nowAfter reports whether "now" follows token k in the sentence.
func (d *valueDoc) nowAfter(k int) bool {
	for j := k + 1; j < len(d.toks); j++ {
		if d.tokIs(j, "now") {
			return true
		}
	}
	return false
}

// inDraft reports whether offset i lies in a quotation introduced as
// drafted text ("Revise clause 11.3 to read: "...""): the text proposes.
func (d *valueDoc) inDraft(i int) bool {
	d.lineSpans()
	for _, q := range d.quotes {
		if q.Start <= i && i < q.End {
			return text.IntroducesDraft(d.text, q.Start) == text.IsDraft
		}
	}
	return false
}

// nearRef returns the reference that a value stands right after or right
// before ("the annual fee in paragraph 3.3 (£9,630.00)", "breach notice
// within 24 hours (paragraph 6.1)"): the clause it is the value of, which
// wins over the line's own number. "" when there is none.
func (d *valueDoc) nearRef(first, next int) string {
	toks := d.toks
	ref := func(k int) string {
		if k+1 >= len(toks) || toks[k].kind != tWord || !vRefWords[d.lowerTok(k)] {
			return ""
		}
		j := k + 1
		if d.sym(j) == "." {
			j++
		}
		if j < len(toks) && toks[j].kind == tNum {
			return "ref:" + d.refNumber(j)
		}
		return ""
	}
	for k := first - 1; k >= 0 && k >= first-6; k-- {
		if s := d.sym(k); s == ";" || s == "." {
			break
		}
		if r := ref(k); r != "" {
			return r
		}
	}
	k := next
	if d.sym(k) == "(" {
		if r := ref(k + 1); r != "" {
			return r
		}
	}
	// "the two-year term set out in Section 8.1", "of EUR 200,000 per year
	// in Clause 7(2)(c)".
	for ; k < len(toks) && k < next+7; k++ {
		if s := d.sym(k); s == ";" || s == "." || s == "," {
			break
		}
		if d.tokIs(k, "in", "under", "of", "by") || d.sym(k) == "(" {
			if r := ref(k + 1); r != "" {
				return r
			}
		}
	}
	return ""
}

// countAt reads a count at token k: a figure or a number word.
func (d *valueDoc) countAt(k int) (float64, bool) {
	if k < 0 || k >= len(d.toks) {
		return 0, false
	}
	t := d.toks[k]
	switch t.kind {
	case tNum:
		return vFigureValue(d.text[t.start:t.end])
	case tWord:
		if n, ok := text.NumberWords[d.lowerTok(k)]; ok && n < 1000 {
			return float64(n), true
		}
	}
	return 0, false
}

// quoteTense returns the tense the words before a quotation give the
// values in it: "Replace the words "..."" and "Delete "..."" quote the old
// text; "... with "..."", "substitute "..."" and "to read "..."" the new.
func (d *valueDoc) quoteTense(i int) int8 {
	d.lineSpans()
	for _, q := range d.quotes {
		if q.Start > i || i >= q.End {
			continue
		}
		before := strings.ToLower(d.text[max(d.line.Start, q.Start-24):q.Start])
		fields := strings.Fields(strings.Trim(before, " *_:"))
		for k := len(fields) - 1; k >= 0 && k >= len(fields)-3; k-- {
			switch strings.Trim(fields[k], "\"“”,:*_(") {
			case "replace", "delete", "strike", "remove", "instead":
				return tenseOld
			case "with", "substitute", "insert", "read", "by":
				return tenseNew
			}
		}
		return tenseDefault
	}
	return tenseDefault
}
