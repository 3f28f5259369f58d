package values

import (
	"math"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// This file scores the evidence that two mentions are one quantity: shared
// anchors and noun phrases, context, and the figures themselves.

// idf returns the weight of a word: 1 for a word in one or two sentences,
// falling towards 0 for a word in a large share of them.
func (d *valueDoc) idf(id int32) float64 {
	if d.idfs != nil {
		return d.idfs[id]
	}
	return d.computeIDF(id)
}

// computeIDF computes idf(id); conflicts caches it for every word once
// the document is read.
func (d *valueDoc) computeIDF(id int32) float64 {
	df := float64(d.df[id])
	n := float64(d.nsents) + 1
	if df <= 2 {
		return 1
	}
	w := math.Log(n/df) / math.Log(n/2)
	return max(0, min(1, w))
}

// score is the evidence that p and q are the same quantity. The evidence
// is added in a fixed order (anchors, noun phrases, context, the figures
// themselves), each step below reading what the steps before found.
func (d *valueDoc) score(p, q *mention) float64 {
	ps := pairScore{d: d, p: p, q: q, sp: &d.sents[p.sent], sq: &d.sents[q.sent]}
	ps.near, ps.sig = vNearDigits(p.digits, p.intDigits, q.digits, q.intDigits)
	if p.rate != q.rate && !(ps.near && ps.sig >= 3) {
		ps.s -= 1 // one is stated per unit, the other not (a mistyped figure keeps its unit)
	}
	// In one block, the line's own number is shared by every sentence and
	// says nothing.
	ps.sameBlock = ps.sp.block == ps.sq.block
	ps.anchors()
	ps.heads()
	ps.from()
	if !ps.sameBlock {
		// One paragraph or clause sets several values on one topic: only
		// the noun phrases, not the shared context, tell them apart.
		ps.context()
	}
	ps.figures()
	return ps.s
}

// pairScore accumulates the evidence that two mentions are one quantity
// (see score).
type pairScore struct {
	d         *valueDoc
	p, q      *mention
	sp, sq    *vsent
	s         float64
	near      bool // the figures are a near miss of each other (vNearDigits)
	sig       int  // their significant digits
	sameBlock bool // both stand in one paragraph or clause
	shared    bool // they share a clause, item or period anchor
	// counted holds the words already counted, so a word adds its
	// evidence once (the first 16 words are remembered).
	counted [16]int32
	nc      int
}

// The lists of the mention being scored against its candidates that
// valueDoc.qbits marks for each word id (see markQ).
const (
	qHead uint8 = 1 << iota
	qCtx
	qTopic
	qCol
)

// markQ marks the word ids of q's noun phrase, context, topic and column
// in d.qbits: pairScore then tests a candidate's words against q's with
// one read each instead of a scan of q's lists. unmarkQ clears them.
func (d *valueDoc) markQ(q *mention) {
	if len(d.qbits) < len(d.df) {
		d.qbits = make([]uint8, len(d.df))
	}
	for _, l := range [...]struct {
		ids []int32
		bit uint8
	}{{q.head, qHead}, {q.ctx, qCtx}, {q.topic, qTopic}, {q.col, qCol}} {
		for _, a := range l.ids {
			d.qbits[a] |= l.bit
		}
	}
	d.qm = q
}

// unmarkQ clears what markQ marked.
func (d *valueDoc) unmarkQ() {
	if q := d.qm; q != nil {
		for _, l := range [...][]int32{q.head, q.ctx, q.topic, q.col} {
			for _, a := range l {
				d.qbits[a] = 0
			}
		}
	}
	d.qm = nil
}

// inQ reports whether id is in set, q's list marked as bit: from the marks
// when q is the marked mention, else by a scan.
func (ps *pairScore) inQ(set []int32, bit uint8, id int32) bool {
	if ps.d.qm == ps.q {
		return ps.d.qbits[id]&bit != 0
	}
	return vContainsID(set, id)
}

// seen reports whether the word id was counted before, and counts it.
func (ps *pairScore) seen(id int32) bool {
	for _, x := range ps.counted[:ps.nc] {
		if x == id {
			return true
		}
	}
	if ps.nc < len(ps.counted) {
		ps.counted[ps.nc] = id
		ps.nc++
	}
	return false
}

// anchors scores the clauses, items and periods the two mentions belong
// to: a shared one says "same thing"; two different clause references say
// "different things".
func (ps *pairScore) anchors() {
	d, p, q := ps.d, ps.p, ps.q
	shared, distinct, refsP, refsQ := anchorRelation(p, q, ps.sp, ps.sq, ps.sameBlock)
	ps.shared = shared
	switch {
	case shared:
		ps.s += 2
		if d.citesOwnValue(p, q) || d.citesOwnValue(q, p) {
			// "breach notice within 24 hours (paragraph 6.1)" and the one
			// value of its class paragraph 6.1 itself states.
			ps.s += 1
		}
		if p.ref != "" && q.ref != "" && p.rate == q.rate && d.citedAfter(p) && d.citedAfter(q) {
			// Both figures are attributed to one clause right after them
			// ("EUR 100,000 per calendar year" (Clause 7(2)(c))): each is
			// given as that clause's value.
			ps.s += 1
		}
	case distinct:
		ps.s -= 1.5 // two clauses, each with its own number: likely two subjects
	case refsP && refsQ:
		ps.s -= 1.5
	}
}

// anchorRelation compares the anchors of p's and q's sentences (sp, sq):
// whether they share a clause, item or period (shared), cite two different
// clauses (distinct), and whether each cites one at all.
func anchorRelation(p, q *mention, sp, sq *vsent, sameBlock bool) (shared, distinct, refsP, refsQ bool) {
	// A reference right next to a value names its clause.
	if p.ref != "" || q.ref != "" {
		a, b := p.ref, q.ref
		if a == "" {
			a = sp.label
		}
		if b == "" {
			b = sq.label
		}
		switch {
		case a != "" && b != "":
			shared = a == b && !sameBlock
			distinct = a != b
		case a != "":
			shared = doctext.ContainsString(sq.anchors[sq.inh:], a)
		default:
			shared = doctext.ContainsString(sp.anchors[sp.inh:], b)
		}
		return shared, distinct, a != "", b != ""
	}
	// A clause's own number says what its values belong to; the other
	// clauses it refers to do not ("3.2 ... within five days, after which
	// Section 3.1 applies").
	if sp.label != "" || sq.label != "" {
		switch {
		case sp.label != "" && sq.label != "":
			shared = sp.label == sq.label && !sameBlock
			distinct = sp.label != sq.label
		case sp.label != "":
			shared = doctext.ContainsString(sq.anchors[sq.inh:], sp.label)
		default:
			shared = doctext.ContainsString(sp.anchors[sp.inh:], sq.label)
		}
		// An unnumbered line (an exhibit's "B.1 Platform fee: …") cites
		// no clause: only two numbered clauses count as two references.
		return shared, distinct, sp.label != "", sq.label != ""
	}
	for i, a := range sp.anchors {
		if strings.HasPrefix(a, "ref:") {
			refsP = true
		}
		if sameBlock {
			continue
		}
		for j, b := range sq.anchors {
			// Two values under one heading share its anchors: that says
			// nothing; a value that refers to the heading's clause does.
			if a == b && !(i < sp.inh && j < sq.inh) {
				shared = true
			}
		}
	}
	for _, b := range sq.anchors {
		if strings.HasPrefix(b, "ref:") {
			refsQ = true
		}
	}
	return shared, false, refsP, refsQ
}

// heads scores the words the two noun phrases share, a part of the
// document one cites and the other stands in, a worked result, and a
// noun phrase's words in the other's context.
func (ps *pairScore) heads() {
	d, p, q := ps.d, ps.p, ps.q
	unique := false
	dated := p.class == "date" || p.class == "daterange" || p.class == "time"
	for _, a := range p.head {
		if ps.inQ(q.head, qHead, a) && !ps.seen(a) {
			if d.generic(a) || vContainsID(p.col, a) || ps.inQ(q.col, qCol, a) {
				ps.s += d.idf(a) // "notice", "fee": a kind of quantity, not its subject
				// ... unless these are the only two values it names, both
				// as a definite noun ("Your credit: £19.20", "The credit of
				// £21.90").
				if !dated && p.flags&fDefHead != 0 && q.flags&fDefHead != 0 && d.headCount[headKey{p.class, a}] == 2 {
					ps.s += 1.5
				}
				continue
			}
			ps.s += 2.5 * d.idf(a)
			if d.acronym(a) {
				ps.s += 1.5 // "RTO", "SLA": a precise name of one metric
			}
			if !unique && !dated && d.headCount[headKey{p.class, a}] == 2 {
				unique = true
			}
		}
	}
	if unique {
		ps.s += 0.5 // the only two values of this kind named by this noun
	}
	if p.part != "" && d.inPart(q.start, p.part) || q.part != "" && d.inPart(p.start, q.part) {
		ps.s += 2.5 // "the 25 photos listed in the Schedule" and a count in the Schedule
	}
	if (p.flags|q.flags)&fOperand != 0 && vSharesID(p.head, q.head) {
		ps.s += 2 // a worked result and another figure for its subject
	}
	for _, a := range p.head {
		if ps.inQ(q.ctx, qCtx, a) && !ps.seen(a) {
			ps.s += d.idf(a)
		}
	}
	for _, a := range q.head {
		if vContainsID(p.ctx, a) && !ps.seen(a) {
			ps.s += d.idf(a)
		}
	}
}

// from scores the events the two values count from ("30 days from
// delivery"): the same event or none, or two different ones.
func (ps *pairScore) from() {
	p, q := ps.p, ps.q
	switch {
	case len(p.from) > 0 && len(q.from) > 0:
		if vSharesID(p.from, q.from) {
			ps.s += 0.5
		} else {
			ps.s -= 1.5
		}
	case len(p.from) > 0 || len(q.from) > 0:
		ps.s -= 0.5 // one counts from a stated event, the other does not say
	}
}

// context scores the words the two sentences share and the topic words of
// their sections, each capped so that a long shared context cannot make
// two values one on its own.
func (ps *pairScore) context() {
	d, p, q := ps.d, ps.p, ps.q
	ctx := 0.0
	for _, a := range p.ctx {
		if ps.inQ(q.ctx, qCtx, a) && !ps.seen(a) {
			ctx += 0.6 * d.idf(a)
		}
	}
	ps.s += min(ctx, 1.8)
	topic := 0.0
	for _, a := range p.topic {
		if (ps.inQ(q.topic, qTopic, a) || ps.inQ(q.ctx, qCtx, a)) && !ps.seen(a) {
			topic += 0.4 * d.idf(a)
		}
	}
	ps.s += min(topic, 0.8)
}

// figures scores the two values themselves: a near miss, one frame around
// both, two parts of one whole, a date range with one end in common; and
// against: a total and a part, a bound and a plain value.
func (ps *pairScore) figures() {
	p, q := ps.p, ps.q
	dated := p.class == "date" || p.class == "daterange" || p.class == "time"
	// A near miss ("1,284.60" and "1,248.60") is a mistyped figure: the
	// more significant digits, the less likely two real values are one.
	if ps.near && !dated {
		switch {
		case ps.sig >= 5:
			ps.s += 3
		case ps.sig == 4:
			ps.s += 2
		case ps.sig == 3 && p.intDigits >= 5:
			ps.s += 2 // "358,000" and "385,000"
		case ps.sig == 3:
			ps.s += 1
		}
	}
	// The same frame around two figures: "For 18 months after the end of
	// this agreement" and "For 12 months after the end of this agreement".
	if p.frame != 0 && p.frame == q.frame {
		ps.s += 2
	}
	// Two parts of one stated whole cited to one item ("12 of 25" in the
	// summary of V-1, "9 of 25 attempts" under V-1): one count. "20 of 20"
	// and "0 of 20" say all or none, of whatever the sentence claims.
	if ps.shared && strings.HasPrefix(p.class, "ratio:") && p.val2 == q.val2 && vProperPart(p) && vProperPart(q) {
		ps.s += 2
	}
	// A date range with one end in common and the other not.
	if p.class == "daterange" && (p.val == q.val) != (p.val2 == q.val2) {
		ps.s += 1.5
	}
	if p.flags&fTotal != q.flags&fTotal {
		ps.s -= 1
	}
	if p.flags&(fBound|fCap) != q.flags&(fBound|fCap) {
		ps.s -= 1
	}
}

// typo reports whether p and q look like one figure mistyped as the other
// about one subject: amounts, durations or percentages (not dates, times or
// counts, which recur for many things) with the same magnitude and three or
// more significant digits that differ by one digit, one swap of neighbours
// or an order of the same digits ("19.20" and "21.90"), whose noun phrases
// share a rare word, or one's noun phrase is in the other's clause.
func (d *valueDoc) typo(p, q *mention) bool {
	switch {
	case p.class == "date" || p.class == "daterange" || p.class == "time",
		strings.HasPrefix(p.class, "count:") || strings.HasPrefix(p.class, "ratio:"):
		return false
	}
	if !vTypoDigits(p, q) {
		return false
	}
	swapped := vSameDigits(p.digits, p.intDigits, q.digits, q.intDigits)
	for _, a := range p.head {
		// A generic head ("credit", "fee") names the subject when both
		// noun phrases are built on it and the digits are only reordered
		// ("set-up fee $16,500", "support fee $18,500" are two fees).
		if d.idf(a) >= 0.6 && (!d.generic(a) && (vContainsID(q.head, a) || vContainsID(q.ctx, a)) || swapped && vContainsID(q.head, a)) {
			return true
		}
	}
	for _, a := range q.head {
		if d.idf(a) >= 0.6 && !d.generic(a) && vContainsID(p.ctx, a) {
			return true
		}
	}
	return false
}

// vTypoDigits reports whether p's and q's figures, of one magnitude and
// with three or more significant digits, differ by one digit, one swap of
// neighbours or the order of the same digits.
func vTypoDigits(p, q *mention) bool {
	near, sig := vNearDigits(p.digits, p.intDigits, q.digits, q.intDigits)
	if !near {
		near, sig = vSameDigits(p.digits, p.intDigits, q.digits, q.intDigits), len(p.digits)
	}
	return near && sig >= 3
}

// vSwapped reports whether p and q, amounts or durations of one
// magnitude, hold the same three or more significant digits in another
// order ("385,000" and "358,000"): one figure with its digits transposed.
// Figures of unrelated things rarely share every digit.
func vSwapped(p, q *mention) bool {
	if !strings.HasPrefix(p.class, "money:") && p.class != "days" && p.class != "bdays" && p.class != "months" && p.class != "minutes" {
		return false
	}
	return len(p.digits) >= 3 && vSameDigits(p.digits, p.intDigits, q.digits, q.intDigits)
}

// comparableUnits reports whether p and q are stated per the same unit, or
// one of them with none.
func (d *valueDoc) comparableUnits(p, q *mention) bool {
	return p.rate == q.rate || p.rate == "" || q.rate == ""
}

// vSameDigits reports whether two digit keys (see vDigitKey) of one
// magnitude hold the same digits in another order.
func vSameDigits(da string, ia int, db string, ib int) bool {
	if ia != ib || len(da) != len(db) || da == db {
		return false
	}
	var n [10]int
	for i := 0; i < len(da); i++ {
		n[da[i]-'0']++
		n[db[i]-'0']--
	}
	return n == [10]int{}
}

// vClauseKey identifies the values of one class and unit in one clause.
type vClauseKey struct {
	label, class, rate string
}

// citesOwnValue reports whether a is cited to the clause b stands in ("24
// hours (paragraph 6.1)" and paragraph 6.1's own text) and b is the only
// value of its class and unit there: a says it is b.
func (d *valueDoc) citesOwnValue(a, b *mention) bool {
	l := d.sents[b.sent].label
	return a.ref != "" && b.ref == "" && l == a.ref && a.rate == b.rate && d.citedAfter(a) &&
		d.ownCount[vClauseKey{l, b.class, b.rate}] == 1
}

// citedAfter reports whether a clause reference follows m closely, before
// any sentence punctuation or other figure: "EUR 100,000 per calendar year"
// (Clause 7(2)(c)), "EUR 200,000 per calendar year in Clause 7(2)(c)". A
// value cited that way is given as that clause's value.
func (d *valueDoc) citedAfter(m *mention) bool {
	text := d.text
	end := min(len(text), m.end+40)
	var buf [12]byte
	for i := m.end; i < end; {
		c := text[i]
		switch {
		case c == '.' || c == ';' || c == ',' || c == '\n' || c >= '0' && c <= '9':
			return false
		case c == 0xC2 && i+1 < len(text) && text[i+1] == 0xA7: // §
			return true
		case vIsLetterByte(c):
			j := i
			for j < len(text) && vIsLetterByte(text[j]) {
				j++
			}
			if j-i <= len(buf) {
				switch string(doctext.LowerInto(buf[:0], text[i:j])) {
				case "clause", "clauses", "section", "sections", "article", "cl", "para", "paragraph", "schedule":
					return true
				}
			}
			i = j
			continue
		}
		i++
	}
	return false
}

// vContainsID reports whether set holds id.
func vContainsID(set []int32, id int32) bool {
	for _, x := range set {
		if x == id {
			return true
		}
	}
	return false
}

// vSharesID reports whether a and b have an id in common.
func vSharesID(a, b []int32) bool {
	for _, x := range a {
		if vContainsID(b, x) {
			return true
		}
	}
	return false
}

// headKey counts the mentions of a class named by a word.
type headKey struct {
	class string
	word  int32
}
