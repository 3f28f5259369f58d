package values

import (
	"strings"

	"github.com/evalopt/evalopt/checks/internal/text"
)

// This file describes a value once read: how it is stated (approximate,
// a bound, a total, a reference to a value stated elsewhere) and which
// noun phrase it belongs to.

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
	first := d.firstToken(v)
	d.markSetting(m, v, c)
	d.statedTense(m, v, c)
	b := d.wordsBefore(m, first)
	markLeadPhrase(m, &b)
	d.markExtraCount(m, v)
	d.markEach(m, first)
	d.markMultiple(m, first)
	markBoundWords(m, &b)
	markDefiniteWords(m, &b)
	d.markAfter(m, v, first)
	d.attachSubject(m, v, c, first)
	d.attachContext(m, first, v.next)
}

// firstToken returns the index of v's first token.
func (d *valueDoc) firstToken(v rawValue) int {
	toks := d.toks
	first := v.first
	if first == 0 && (len(toks) == 0 || toks[0].start != v.start) {
		for first < len(toks) && toks[first].end <= v.start {
			first++
		}
	}
	return first
}

// markSetting flags what m's sentence is: a heading, a table cell, a
// labelled total, a quotation.
func (d *valueDoc) markSetting(m *mention, v rawValue, c sentCtx) {
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
}

// wordsBefore holds up to five words before a value, nearest first,
// lower-cased (only compared: not copied); skipDet is 1 when the nearest
// is a determiner, which wd skips.
type wordsBefore struct {
	words   [5]string
	n       int
	skipDet int
}

// w returns the i-th word before the value, or "".
func (b *wordsBefore) w(i int) string {
	if i < b.n {
		return b.words[i]
	}
	return ""
}

// wd returns the i-th word before the value after a leading determiner.
func (b *wordsBefore) wd(i int) string { return b.w(i + b.skipDet) }

// wordsBefore reads the words before token first back to a figure or a
// symbol other than emphasis, "~", "≈" and "(" (a "~" or "≈" marks m
// approximate).
func (d *valueDoc) wordsBefore(m *mention, first int) wordsBefore {
	toks := d.toks
	var b wordsBefore
	for k := first - 1; k >= 0 && b.n < len(b.words); k-- {
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
		b.words[b.n] = d.lowerTok(k) // only compared: no copy
		b.n++
	}
	if b.n > 0 {
		switch b.words[0] {
		case "the", "a", "an", "our", "your", "its", "their", "this", "that":
			b.skipDet = 1
		}
	}
	return b
}

// markLeadPhrase flags an extra amount ("a further £20") and a total
// announced by a verb ("comes to", "works out at").
func markLeadPhrase(m *mention, b *wordsBefore) {
	switch b.wd(0) {
	case "further", "additional", "extra", "another":
		m.flags |= fExtra
	}
	// "which comes to $228.00", "adds up to", "works out at": a total.
	switch {
	case b.w(0) == "to" && (b.w(1) == "comes" || b.w(1) == "come" || b.w(1) == "adds" || b.w(1) == "add" || b.w(1) == "amounts" || b.w(1) == "amount" && b.w(2) != "the" || b.w(1) == "up" && (b.w(2) == "adds" || b.w(2) == "add")),
		b.w(0) == "at" && b.w(1) == "out",
		b.w(0) == "totals" || b.w(0) == "totalling" || b.w(0) == "totaling" || b.w(0) == "making":
		m.flags |= fTotal
	}
}

// markExtraCount flags a count of things added to others ("three
// additional antennas", "two more seats", "5 new users"), as
// markLeadPhrase does "a further £20": it is not the whole number.
func (d *valueDoc) markExtraCount(m *mention, v rawValue) {
	if !strings.HasPrefix(v.class, "count:") {
		return
	}
	for k := v.first + 1; k < v.next && k < len(d.toks); k++ {
		switch d.lowerTok(k) {
		case "additional", "further", "extra", "more", "new":
			m.flags |= fExtra
			return
		}
	}
}

// markEach flags a per-item amount ("For each missed visit you get
// £15.00") and records what it is per.
func (d *valueDoc) markEach(m *mention, first int) {
	toks := d.toks
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
}

// markMultiple records how many times a per-item amount is counted ("5
// repayments of $38.00", "3 × $20").
func (d *valueDoc) markMultiple(m *mention, first int) {
	toks := d.toks
	if first >= 3 && d.tokIs(first-1, "of") && toks[first-2].kind == tWord && !d.labelNumber(first-3) {
		if n, ok := d.countAt(first - 3); ok {
			m.mult = n
		}
	}
	if first >= 2 && (d.sym(first-1) == "×" || d.tokIs(first-1, "x")) {
		if n, ok := d.countAt(first - 2); ok {
			m.mult = n
		}
	}
}

// markBoundWords flags an approximate value, a cap ("up to", "maximum")
// and a bound or threshold ("over", "at least", "reached").
func markBoundWords(m *mention, b *wordsBefore) {
	switch b.w(0) {
	case "about", "approximately", "approx", "around", "roughly", "nearly", "almost", "circa", "some", "c", "ca", "estimated", "est":
		m.flags |= fApprox
	case "maximum", "max":
		m.flags |= fCap
	case "reached", "reaches", "reach", "reaching", "exceeded", "exceeds", "hit", "hits", "passes", "passed", "tops":
		m.flags |= fBound // a threshold crossed ("when roaming reached $50")
	case "minimum", "min", "over", "above", "under", "below", "exceeding", "beyond":
		switch {
		case b.w(1) == "not" && b.w(0) == "exceeding":
			m.flags |= fCap
		case b.w(0) == "under" || b.w(0) == "below":
			m.flags |= fBound
		default:
			m.flags |= fBound | fFloor
		}
	case "to":
		if b.w(1) == "up" {
			m.flags |= fCap
		}
	case "of":
		switch b.w(1) {
		case "maximum", "max":
			m.flags |= fCap
		case "minimum", "min":
			m.flags |= fBound | fFloor
		}
	case "most":
		if b.w(1) == "at" {
			m.flags |= fCap
		}
	case "least":
		if b.w(1) == "at" {
			m.flags |= fBound | fFloor
		}
	case "than":
		more := b.w(1) == "more" || b.w(1) == "greater" || b.w(1) == "longer" || b.w(1) == "higher"
		less := b.w(1) == "less" || b.w(1) == "fewer" || b.w(1) == "shorter" || b.w(1) == "lower"
		switch not := b.w(2) == "no" || b.w(2) == "not"; {
		case not && less: // "not less than 21 days": a floor
			m.flags |= fCap | fFloor
		case not:
			m.flags |= fCap
		case more:
			m.flags |= fBound | fFloor
		default:
			m.flags |= fBound
		}
	}
	if b.skipDet > 0 && m.flags&(fBound|fCap) == 0 {
		switch b.wd(0) {
		case "above", "below", "over", "under", "beyond", "exceeding", "minimum":
			m.flags |= fBound
		case "maximum":
			m.flags |= fCap
		}
	}
}

// markDefiniteWords flags a value written as one already known ("the",
// "those", "the same"), a total, a remainder and a range's first end
// ("between", "from").
func markDefiniteWords(m *mention, b *wordsBefore) {
	switch b.w(0) {
	case "those", "these":
		m.flags |= fDefinite | fPointer
	case "the", "that", "this":
		m.flags |= fDefinite
	case "full", "entire", "whole", "remaining", "agreed", "original", "stated", "said", "above":
		switch b.w(1) {
		case "the", "that", "this", "those", "these":
			m.flags |= fDefinite
		}
	}
	for i := 0; i < b.n && i < 4; i++ {
		switch b.w(i) {
		case "same":
			if i <= 1 || quantityNounsBetween(b, i) {
				m.flags |= fSame | fDefinite // "the same 30 days", "the same period of 30 days", not "the same scooter again 7 minutes later"
			}
		case "total", "totalling", "totaling", "altogether", "combined":
			m.flags |= fTotal
		case "leaves", "leaving", "remaining", "remainder", "balance", "left", "outstanding", "rest":
			if i <= 2 && !(vIsDuration(m.class) && timePrepBefore(b, i)) && !countRemaining(b, i) {
				m.flags |= fRemain // not "pay the balance within 14 days": that period is when
			}
		case "between", "from":
			if i <= 1 && m.class != "date" && m.class != "daterange" {
				m.flags |= fRange
			}
		}
		if i == 0 && (b.w(0) == "a" || b.w(0) == "an") {
			break
		}
	}
}

// markAfter reads the words after the value and around it: "each", "in
// total", "for both", a range's other end.
func (d *valueDoc) markAfter(m *mention, v rawValue, first int) {
	toks := d.toks
	after := v.next
	for k := after; k < len(toks) && k < after+3; k++ {
		if toks[k].kind != tWord {
			if s := d.sym(k); (s == "–" || s == "-" || s == "—") && k == after && k+1 < len(toks) && (toks[k+1].kind == tNum || text.CurrencySigns[d.sym(k+1)] != "") {
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
			if k == after && k+1 < len(toks) && (toks[k+1].kind == tNum || text.CurrencySigns[d.sym(k+1)] != "") && m.flags&fRange == 0 {
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
}

// attachSubject sets what m is attached to: the clause it cites, the part
// of the document, its topic, the noun phrase (its label, the words right
// before and after) or, for a duration, multiple or share, the base it
// counts from.
func (d *valueDoc) attachSubject(m *mention, v rawValue, c sentCtx, first int) {
	m.ref = d.nearRef(first, v.next)
	m.part = d.citedPart(v.next)
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
}

// attachContext sets m's context: the words around it in the sentence.
func (d *valueDoc) attachContext(m *mention, first, next int) {
	toks := d.toks
	lo, hi := max(0, first-maxValueLookaround), min(len(toks), next+maxValueLookaround)
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
		if !d.wordIn(k, wPreLink, vPreLinks) {
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
		if d.wordIn(k, wClause, vClauseWords) {
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

// nearRef returns the reference that a value stands right after or right
// before ("the annual fee in paragraph 3.3 (£9,630.00)", "breach notice
// within 24 hours (paragraph 6.1)"): the clause it is the value of, which
// wins over the line's own number. "" when there is none.
func (d *valueDoc) nearRef(first, next int) string {
	toks := d.toks
	ref := func(k int) string {
		if k+1 >= len(toks) || toks[k].kind != tWord || !d.refWordAt(k) {
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
