package values

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Rule ids of the value check.
const (
	// RuleValueMismatch: one quantity (an amount, a duration, a date, a
	// percentage, a multiple, a time; a finding's severity or CVSS score)
	// stated with two different values in one document.
	RuleValueMismatch = "values.conflict"
	// RuleValueTotal: a stated total that is not the sum of its itemised
	// parts, or a stated calculation that does not compute.
	RuleValueTotal = "values.total"
)

// NewValuesCheck returns the check for one quantity stated two ways
// (RuleValueMismatch) and for totals and calculations that do not add up
// (RuleValueTotal). Both warn: a value conflict is inferred from grammar,
// not proven, and its remedy is a one-line edit a revision makes, so the
// loop should ask for that revision rather than end the run.
//
// Every value is read as a mention: its unit class (an amount in a
// currency, per unit of time or quantity or not; days, business days,
// months, hours; a percentage; a multiple such as "2x"; a date, a date
// range or a time of day), its normalised value ("twenty-four (24) hours"
// is 1,440 minutes, "$18k" is 18,000 USD, "two years" is 24 months), and
// the subject it is attached to: the noun phrase around it by grammar
// ("platform fee of $16,500", "12 months' severance", "a 14-day export
// window", "Orders: 6 years" in a labelled list, a table cell's row label
// and column heading), the clause or item it belongs to ("clause 11.3",
// "F-02", "Year 3") and the words near it, weighted by how rare they are in
// the document. Two mentions of one class conflict when they share enough
// of their subject and differ in value; the finding stands on the later
// one and names the earlier. A value written as a reference to one stated
// elsewhere ("the £34.00", "the same price (£89.00)", "those 14 days")
// with no equal value anywhere, or a near miss of another ("529,200" and
// "592,200"), counts as more evidence; one figure mistyped as another (a
// digit changed, two swapped, the same three or more digits reordered)
// about a subject both name conflicts across clauses and tables.
//
// Three structures are read as well: a heading's value that its own
// section contradicts ("## You have 30 days …" over "up to 28 days"); a
// value after "those"/"these" that its paragraph never stated ("within 30
// days … After those 14 days"); and an introduction that announces a
// number of things before a list of another length ("four changes … In
// order of importance:" over five items).
//
// Values that legitimately differ are not compared: ends of a range
// ("between 10 and 20", "3–5 days"), a per-item value and a total, a
// change marked by the text ("from £40 to £45", "was 12 months, now 24",
// "Current:"/"Proposed:" labels and columns, "→", struck-out text in a
// redline), proposals in a review (recommendations and "should"), examples
// and suppositions ("for example", "would"), values of different items,
// clauses or periods ("Year 2" and "Year 3"), cells of one table, and
// values tied to different dates.
//
// Totals: a value marked as a total ("in total", "a total of", "The total
// is", a "Total" row) is checked against the parts it sums — the amounts
// in the same sentence or its brackets, the list items or table column
// above it — and a calculation written out ("£29 − £7.90 = £21.10",
// "3 × $20 = $60") is evaluated.
func NewValuesCheck() check.Check { return valuesCheck{} }

type valuesCheck struct{}

// Rule returns the family prefix "values".
func (valuesCheck) Rule() string { return "values" }

// Rules lists the rule ids the check reports.
func (valuesCheck) Rules() []string { return []string{RuleValueMismatch, RuleValueTotal} }

// valueThreshold is the subject evidence two differing values need to be
// reported as one quantity stated two ways.
const valueThreshold = 3.0

// maxPostings bounds how many earlier mentions each shared word, anchor or
// digit pattern proposes as a candidate: the work per mention is bounded,
// so the check stays linear in the text.
const maxPostings = 8

// maxCandidates bounds how many earlier mentions are scored against one.
const maxCandidates = 32

// Check returns the findings for doc, in document order.
func (valuesCheck) Check(doc check.Document) []check.Finding {
	if len(doc.Text) == 0 {
		return nil
	}
	d := readValueDoc(doc)
	var out []check.Finding
	out = append(out, d.conflicts(doc)...)
	out = append(out, d.headingConflicts(doc)...)
	out = append(out, d.pointerConflicts(doc)...)
	out = append(out, listCountConflicts(doc)...)
	out = withoutDefinedTermConflicts(doc, out)
	out = append(out, d.totals(doc)...)
	out = append(out, d.itemConflicts(doc)...)
	check.SortFindings(out)
	return vDedupeLocated(out)
}

// withoutDefinedTermConflicts drops the findings the consistency check
// already makes on the same value (RuleValueConflict: a defined term given
// two values): one defect, one finding.
func withoutDefinedTermConflicts(doc check.Document, fs []check.Finding) []check.Finding {
	if len(fs) == 0 {
		return fs
	}
	var idx *doctext.LineIndex
	var at map[int]bool
	for _, f := range valueConflicts(doc, &idx) {
		if at == nil {
			at = map[int]bool{}
		}
		at[f.Location.Start] = true
	}
	out := fs[:0]
	for _, f := range fs {
		if !at[f.Location.Start] {
			out = append(out, f)
		}
	}
	return out
}

// vDedupeLocated drops a finding at the same place as an earlier one.
func vDedupeLocated(fs []check.Finding) []check.Finding {
	out := fs[:0]
	for i, f := range fs {
		if i > 0 && f.Location.Start == fs[i-1].Location.Start && f.Rule == fs[i-1].Rule {
			continue
		}
		out = append(out, f)
	}
	return out
}

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
	return math.Max(0, math.Min(1, w))
}

// effectiveTense is a value's tense with the default resolved: a review
// memo describes the current source (old values) unless it proposes;
// generic text is compared only with what it states unmarked; other
// deliverables are the new text.
func (d *valueDoc) effectiveTense(m *mention) int8 {
	if m.tense != tenseDefault {
		return m.tense
	}
	switch {
	case d.memo:
		return tenseOld
	case d.plain:
		return tenseCur
	}
	return tenseNew
}

// comparable reports whether two mentions may be the same quantity at all.
func (d *valueDoc) comparable(p, q *mention) bool {
	if p.class != q.class || p.sent == q.sent {
		return false
	}
	if strings.HasPrefix(p.class, "ratio:") && p.val2 != q.val2 {
		return false // "3 of 5" and "4 of 10" count different wholes
	}
	if p.rate != q.rate && (p.rate != "" && q.rate != "" || (p.flags&fTable != 0 || q.flags&fTable != 0) && !vTypoDigits(p, q)) {
		return false // two rates; or a table cell, whose unit is in a heading not read (a mistyped figure keeps its unit)
	}
	if (p.flags|q.flags)&(fHypo|fRange) != 0 || p.flags&(fEach|fExtra|fRemain) != q.flags&(fEach|fExtra|fRemain) {
		return false
	}
	// A total is not one of its parts, unless one figure is a typo of the
	// other.
	if p.flags&fTotal != q.flags&fTotal {
		if near, _ := vNearDigits(p.digits, p.intDigits, q.digits, q.intDigits); !near {
			return false
		}
	}
	// A cap and a floor are two thresholds, not one value.
	if p.flags&fCap != 0 && q.flags&fBound != 0 || p.flags&fBound != 0 && q.flags&fCap != 0 {
		return false
	}
	if d.effectiveTense(p) != d.effectiveTense(q) {
		return false
	}
	if a, b := d.stance(p.sent), d.stance(q.sent); a != b && a != stanceNone && b != stanceNone {
		return false // a measurement and the target it is measured against
	}
	sp, sq := &d.sents[p.sent], &d.sents[q.sent]
	if sp.table != 0 && sp.table == sq.table {
		return false // rows and columns of one table are different subjects
	}
	if len(p.col) > 0 && len(q.col) > 0 && !vSharesID(p.col, q.col) {
		return false // cells under unlike column headings ("Monthly fee", "Hourly rate")
	}
	if vDisjointPrefixed(d.mentionIDs(p), d.mentionIDs(q), "id:") || vDisjointPrefixed(sp.quals, sq.quals, "per:") {
		return false
	}
	if p.class != "date" && p.class != "daterange" && vDisjointPrefixed(sp.quals, sq.quals, "date:") {
		return false
	}
	return true
}

// vDisjointPrefixed reports whether a and b both hold entries with prefix
// and share none of them.
func vDisjointPrefixed(a, b []string, prefix string) bool {
	na, nb := 0, 0
	for _, x := range a {
		if strings.HasPrefix(x, prefix) {
			na++
			for _, y := range b {
				if x == y {
					return false
				}
			}
		}
	}
	for _, y := range b {
		if strings.HasPrefix(y, prefix) {
			nb++
		}
	}
	return na > 0 && nb > 0
}

// score is the evidence that p and q are the same quantity.
func (d *valueDoc) score(p, q *mention) float64 {
	s := 0.0
	near, sig := vNearDigits(p.digits, p.intDigits, q.digits, q.intDigits)
	if p.rate != q.rate && !(near && sig >= 3) {
		s -= 1 // one is stated per unit, the other not (a mistyped figure keeps its unit)
	}
	sp, sq := &d.sents[p.sent], &d.sents[q.sent]
	// Anchors: a shared clause, item or period says "same thing"; two
	// different clause references say "different things". In one block,
	// the line's own number is shared by every sentence and says nothing.
	sameBlock := sp.block == sq.block
	shared, refsP, refsQ, distinct := false, false, false, false
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
		refsP, refsQ = a != "", b != ""
		goto anchored
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
		refsP, refsQ = sp.label != "", sq.label != ""
		goto anchored
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
anchored:
	switch {
	case shared:
		s += 2
		if d.citesOwnValue(p, q) || d.citesOwnValue(q, p) {
			// "breach notice within 24 hours (paragraph 6.1)" and the one
			// value of its class paragraph 6.1 itself states.
			s += 1
		}
		if p.ref != "" && q.ref != "" && p.rate == q.rate && d.citedAfter(p) && d.citedAfter(q) {
			// Both figures are attributed to one clause right after them
			// ("EUR 100,000 per calendar year" (Clause 7(2)(c))): each is
			// given as that clause's value.
			s += 1
		}
	case distinct:
		s -= 1.5 // two clauses, each with its own number: likely two subjects
	case refsP && refsQ:
		s -= 1.5
	}
	var counted [16]int32
	nc := 0
	seen := func(id int32) bool {
		for _, x := range counted[:nc] {
			if x == id {
				return true
			}
		}
		if nc < len(counted) {
			counted[nc] = id
			nc++
		}
		return false
	}
	unique := false
	dated := p.class == "date" || p.class == "daterange" || p.class == "time"
	for _, a := range p.head {
		if vContainsID(q.head, a) && !seen(a) {
			if d.generic[a] || vContainsID(p.col, a) || vContainsID(q.col, a) {
				s += d.idf(a) // "notice", "fee": a kind of quantity, not its subject
				// ... unless these are the only two values it names, both
				// as a definite noun ("Your credit: £19.20", "The credit of
				// £21.90").
				if !dated && p.flags&fDefHead != 0 && q.flags&fDefHead != 0 && d.headCount[headKey{p.class, a}] == 2 {
					s += 1.5
				}
				continue
			}
			s += 2.5 * d.idf(a)
			if d.acronym[a] {
				s += 1.5 // "RTO", "SLA": a precise name of one metric
			}
			if !unique && !dated && d.headCount[headKey{p.class, a}] == 2 {
				unique = true
			}
		}
	}
	if unique {
		s += 0.5 // the only two values of this kind named by this noun
	}
	if p.part != "" && d.inPart(q.start, p.part) || q.part != "" && d.inPart(p.start, q.part) {
		s += 2.5 // "the 25 photos listed in the Schedule" and a count in the Schedule
	}
	if (p.flags|q.flags)&fOperand != 0 && vSharesID(p.head, q.head) {
		s += 2 // a worked result and another figure for its subject
	}

	for _, a := range p.head {
		if vContainsID(q.ctx, a) && !seen(a) {
			s += d.idf(a)
		}
	}
	for _, a := range q.head {
		if vContainsID(p.ctx, a) && !seen(a) {
			s += d.idf(a)
		}
	}
	switch {
	case len(p.from) > 0 && len(q.from) > 0:
		if vSharesID(p.from, q.from) {
			s += 0.5
		} else {
			s -= 1.5
		}
	case len(p.from) > 0 || len(q.from) > 0:
		s -= 0.5 // one counts from a stated event, the other does not say
	}
	if sameBlock {
		// One paragraph or clause sets several values on one topic: only
		// the noun phrases, not the shared context, tell them apart.
		goto value
	}
	{
		ctx := 0.0
		for _, a := range p.ctx {
			if vContainsID(q.ctx, a) && !seen(a) {
				ctx += 0.6 * d.idf(a)
			}
		}
		s += math.Min(ctx, 1.8)
		topic := 0.0
		for _, a := range p.topic {
			if (vContainsID(q.topic, a) || vContainsID(q.ctx, a)) && !seen(a) {
				topic += 0.4 * d.idf(a)
			}
		}
		s += math.Min(topic, 0.8)
	}
value:
	// A near miss ("1,284.60" and "1,248.60") is a mistyped figure: the
	// more significant digits, the less likely two real values are one.
	if near && !dated {
		switch {
		case sig >= 5:
			s += 3
		case sig == 4:
			s += 2
		case sig == 3 && p.intDigits >= 5:
			s += 2 // "358,000" and "385,000"
		case sig == 3:
			s += 1
		}
	}
	// The same frame around two figures: "For 18 months after the end of
	// this agreement" and "For 12 months after the end of this agreement".
	if p.frame != 0 && p.frame == q.frame {
		s += 2
	}
	// Two parts of one stated whole cited to one item ("12 of 25" in the
	// summary of V-1, "9 of 25 attempts" under V-1): one count. "20 of 20"
	// and "0 of 20" say all or none, of whatever the sentence claims.
	if shared && strings.HasPrefix(p.class, "ratio:") && p.val2 == q.val2 && vProperPart(p) && vProperPart(q) {
		s += 2
	}
	// A date range with one end in common and the other not.
	if p.class == "daterange" && (p.val == q.val) != (p.val2 == q.val2) {
		s += 1.5
	}
	if p.flags&fTotal != q.flags&fTotal {
		s -= 1
	}
	if p.flags&(fBound|fCap) != q.flags&(fBound|fCap) {
		s -= 1
	}
	return s
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
		if d.idf(a) >= 0.6 && (!d.generic[a] && (vContainsID(q.head, a) || vContainsID(q.ctx, a)) || swapped && vContainsID(q.head, a)) {
			return true
		}
	}
	for _, a := range q.head {
		if d.idf(a) >= 0.6 && !d.generic[a] && vContainsID(p.ctx, a) {
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

// stance returns what sentence i states its values as: stanceMeasured for
// an observation ("the measured availability was 99.2%", "actual
// downtime"), stanceTarget for a commitment ("the SLA promises 99.9%", "a
// target of"), stanceNone for neither.
func (d *valueDoc) stance(i int) int8 {
	s := &d.sents[i]
	if s.cmp == 0 && !vMayStateStance(d.text[s.start:s.end]) {
		s.cmp = stanceNone // no stance word can be in it: spare the word scan
	}
	if s.cmp == 0 {
		meas, target := false, false
		text := d.text[s.start:s.end]
		var buf [16]byte
		for j := 0; j < len(text); {
			a, b := doctext.NextWord(text, j, len(text))
			if a >= len(text) {
				break
			}
			j = b
			if b-a < 6 || b-a > len(buf) {
				continue
			}
			switch string(doctext.LowerInto(buf[:0], text[a:b])) {
			case "measured", "actual", "actually", "achieved", "observed", "recorded":
				meas = true
			case "promise", "promises", "promised", "guarantee", "guarantees", "guaranteed", "target", "targets", "commits", "committed", "commitment":
				target = true
			}
		}
		// An observation set against its target ("99.2%, below the
		// promise") is an observation.
		switch {
		case meas:
			s.cmp = stanceMeasured
		case target:
			s.cmp = stanceTarget
		default:
			s.cmp = stanceNone
		}
	}
	return s.cmp
}

// vMayStateStance reports whether text may hold one of stance's words: a
// byte scan for their stems, ASCII case aside, that rules out most
// sentences. Two runes lower-case to ASCII letters (U+0130 to "i", U+212A
// to "k"): a text holding them is left to the word scan.
func vMayStateStance(text string) bool {
	if strings.Contains(text, "\u0130") || strings.Contains(text, "\u212a") {
		return true
	}
	for i := 0; i+6 <= len(text); i++ {
		w := text[i:]
		switch text[i] | 0x20 {
		case 'm':
			if doctext.AsciiFoldPrefix(w, "measured") {
				return true
			}
		case 'a':
			if doctext.AsciiFoldPrefix(w, "actual") || doctext.AsciiFoldPrefix(w, "achieved") {
				return true
			}
		case 'o':
			if doctext.AsciiFoldPrefix(w, "observed") {
				return true
			}
		case 'r':
			if doctext.AsciiFoldPrefix(w, "recorded") {
				return true
			}
		case 'p':
			if doctext.AsciiFoldPrefix(w, "promise") {
				return true
			}
		case 'g':
			if doctext.AsciiFoldPrefix(w, "guarantee") {
				return true
			}
		case 't':
			if doctext.AsciiFoldPrefix(w, "target") {
				return true
			}
		case 'c':
			if doctext.AsciiFoldPrefix(w, "commit") {
				return true
			}
		}
	}
	return false
}

// Stances of a sentence's values (see stance).
const (
	stanceNone int8 = iota + 1
	stanceMeasured
	stanceTarget
)

// vContainsID reports whether set holds id.
func vContainsID(set []int32, id int32) bool {
	for _, x := range set {
		if x == id {
			return true
		}
	}
	return false
}

// valueKey identifies a value of a class for equality (bit patterns: the
// same as comparing the exact decimal forms, with no string built).
type valueKey struct {
	class     string
	val, val2 uint64
}

// vValueKey returns m's valueKey; a date's year is not part of it.
func vValueKey(m *mention) valueKey {
	k := valueKey{class: m.class, val: math.Float64bits(m.val)}
	if m.class != "date" {
		k.val2 = math.Float64bits(m.val2)
	}
	return k
}

// vEqualValues reports whether p and q state the same value (a date
// without a year equals the same day of any year).
func vEqualValues(p, q *mention) bool {
	if p.class == "date" {
		return p.val == q.val && (p.val2 == q.val2 || p.val2 == 0 || q.val2 == 0)
	}
	return p.val == q.val && p.val2 == q.val2
}

// conflicts reports the mentions that state a quantity stated differently
// before.
func (d *valueDoc) conflicts(doc check.Document) []check.Finding {
	ms := d.ms
	if len(ms) < 2 {
		return nil
	}
	d.workedResults()
	d.ownCount = map[vClauseKey]int{}
	for i := range ms {
		if l := d.sents[ms[i].sent].label; l != "" {
			d.ownCount[vClauseKey{l, ms[i].class, ms[i].rate}]++
		}
	}
	d.headCount = map[headKey]int{}
	for i := range ms {
		for _, w := range ms[i].head {
			d.headCount[headKey{ms[i].class, w}]++
		}
	}
	d.idfs = make([]float64, len(d.df))
	for id := range d.idfs {
		d.idfs[id] = d.computeIDF(int32(id))
	}
	// How often each value occurs, for the "the £34.00 with no antecedent"
	// evidence.
	count := make(map[valueKey]int, len(ms))
	for i := range ms {
		if ms[i].flags&fHypo == 0 {
			count[vValueKey(&ms[i])]++
		}
	}
	// Postings: per class, word, anchor and digit pattern, the mentions
	// seen so far.
	// A posting key packs the class, the kind and the id into two words
	// without padding, which hashes as plain memory; each key is looked up
	// once per mention, to read its list and then to add to it.
	type pkey struct{ classKind, id uint64 }
	post := map[pkey]int32{} // key -> index in lists
	var lists [][]int
	var keyLists []int32 // the list of each of the current mention's keys
	anchors := map[string]uint64{}
	anchorID := func(a string) uint64 {
		id, ok := anchors[a]
		if !ok {
			id = uint64(len(anchors))
			anchors[a] = id
		}
		return id
	}
	var keys []postKey
	classes := map[string]int32{}
	classOf := func(c string) int32 {
		id, ok := classes[c]
		if !ok {
			id = int32(len(classes))
			classes[c] = id
		}
		return id
	}
	stamp := make([]int, len(ms))
	for i := range stamp {
		stamp[i] = -1
	}
	var out []check.Finding
	var cands []int
	// The scores of restatements (equal values about the same thing) are
	// read only when a different value scores high enough to be reported,
	// which few do: restated holds their positions among the candidates,
	// eqs the equal values scored on the way, bests each new best.
	var restated []int
	var eqs []vScoreAt
	var bests []vBestAt
	idx := doctext.AnalysisOf(doc).LineIndex()
	for qi := range ms {
		q := &ms[qi]
		cands = cands[:0]
		add := func(list []int) {
			for k := len(list) - 1; k >= 0 && k >= len(list)-maxPostings && len(cands) < maxCandidates; k-- {
				if pi := list[k]; stamp[pi] != qi {
					stamp[pi] = qi
					cands = append(cands, pi)
				}
			}
		}
		keys = d.postingKeys(keys[:0], q, anchorID)
		cl := uint64(classOf(q.class))
		keyLists = keyLists[:0]
		for _, k := range keys {
			pk := pkey{cl<<8 | uint64(k.kind), k.id}
			li, ok := post[pk]
			if !ok {
				li = int32(len(lists))
				lists = append(lists, nil)
				post[pk] = li
			}
			keyLists = append(keyLists, li)
			add(lists[li])
		}
		nearest := -1
		if q.flags&fSame != 0 && count[vValueKey(q)] == 1 {
			// "within those same 30 days" with no 30 days before: its
			// antecedent is the nearest earlier value it may be, whatever
			// words they share.
			for pi := qi - 1; pi >= 0 && pi >= qi-maxCandidates; pi-- {
				if ms[pi].class == q.class && d.comparable(&ms[pi], q) {
					nearest = pi
					if stamp[pi] != qi && len(cands) < maxCandidates {
						stamp[pi] = qi
						cands = append(cands, pi)
					}
					break
				}
			}
		}
		if q.flags&fHypo == 0 {
			bestDiff, bestEq := -1.0, -1.0
			best := -1
			bestAntecedent := false
			restated, eqs, bests = restated[:0], eqs[:0], bests[:0]
			for ci, pi := range cands {
				p := &ms[pi]
				if vEqualValues(p, q) && p.class == q.class && p.sent != q.sent && d.effectiveTense(p) == d.effectiveTense(q) {
					// An equal value about the same thing (a total row and
					// the total in prose included) is agreement; scored
					// below, if it can matter.
					restated = append(restated, ci)
					continue
				}
				if !d.comparable(p, q) {
					continue
				}
				s := d.score(p, q)
				antecedent := false
				if vEqualValues(p, q) {
					bestEq = math.Max(bestEq, s)
					eqs = append(eqs, vScoreAt{ci, s})
					continue
				}
				if q.flags&(fDefinite|fSame) != 0 && count[vValueKey(q)] == 1 && !d.struck[q.val] {
					s += 1
				}
				if p.flags&(fDefinite|fSame) != 0 && count[vValueKey(p)] == 1 && !d.struck[p.val] {
					s += 1
				}
				if q.flags&fSame != 0 {
					s += 1
					// "the same 20 queries", "the same price (£98.00)": it
					// says it equals a value given before; with none equal,
					// a count of the same noun is that value.
					// Said of another quantity ("within those same 30
					// days"), the nearest earlier value is the antecedent.
					if count[vValueKey(q)] == 1 && (strings.HasPrefix(q.class, "count:") || pi == nearest && !d.struck[q.val]) {
						s = math.Max(s, valueThreshold+1)
						antecedent = true
					}
				}
				// A value written as already known ("the £69.00") with no
				// antecedent, near another: that one, mistyped.
				// The presupposed value is the only one near it of its class
				// and rate: that is its antecedent, mistyped.
				if near, sig := vNearDigits(p.digits, p.intDigits, q.digits, q.intDigits); near && sig >= 2 && p.rate == q.rate &&
					(q.flags&fDefinite != 0 && count[vValueKey(q)] == 1 && !d.struck[q.val] || p.flags&fDefinite != 0 && count[vValueKey(p)] == 1 && !d.struck[p.val]) {
					s += 1.5
					if strings.HasPrefix(q.class, "money:") {
						s = math.Max(s, valueThreshold) // "the £43.00" and "£34.00"
						antecedent = true
					}
				}
				// One figure mistyped as another about a subject both name
				// ("CAD 158,000" salary and "CAD 185,000 at your current
				// salary"): clause numbers and paragraphs do not separate them.
				if d.typo(p, q) || vSwapped(p, q) && (count[vValueKey(q)] == 1 || count[vValueKey(p)] == 1) && d.comparableUnits(p, q) {
					s = math.Max(s, valueThreshold+1)
					antecedent = true
				}
				if s > bestDiff || s == bestDiff && best >= 0 && vCloser(p, &ms[best], q) {
					bestDiff, best, bestAntecedent = s, pi, antecedent
					bests = append(bests, vBestAt{ci, s, pi, antecedent})
				}
			}
			if best >= 0 && bestDiff >= valueThreshold && len(restated) > 0 {
				// A finding is possible: score the restatements in order. A
				// restatement of the same thing (score 8 or more) ends the
				// reading there: what came after it does not count.
				bestEq = -1
				stop, ei := len(cands), 0
				for _, ci := range restated {
					for ; ei < len(eqs) && eqs[ei].at < ci; ei++ {
						bestEq = math.Max(bestEq, eqs[ei].s)
					}
					bestEq = math.Max(bestEq, d.score(&ms[cands[ci]], q)+1)
					if bestEq >= 8 {
						stop = ci
						break
					}
				}
				for ; ei < len(eqs) && eqs[ei].at < stop; ei++ {
					bestEq = math.Max(bestEq, eqs[ei].s)
				}
				bestDiff, best, bestAntecedent = -1, -1, false
				for _, b := range bests {
					if b.at >= stop {
						break
					}
					bestDiff, best, bestAntecedent = b.s, b.pi, b.antecedent
				}
			}
			// Otherwise no different value reaches the threshold, whatever
			// the restatements score: need is at least valueThreshold.
			need := valueThreshold
			if q.class == "date" || q.class == "daterange" || q.class == "time" || strings.HasPrefix(q.class, "count:") || strings.HasPrefix(q.class, "ratio:") {
				need += 1 // dates, times and counts name many things
			}
			if best >= 0 && !bestAntecedent && d.sents[ms[best].sent].block == d.sents[q.sent].block {
				need += 1 // one paragraph states several values of one topic
			}
			if best >= 0 && (q.class == "date" || q.class == "daterange" || q.class == "time") && !vSharesID(ms[best].head, q.head) {
				best = -1 // a date or time is tied to its event: the noun phrases must meet
			}
			if best >= 0 && bestDiff >= need && bestDiff > bestEq && !d.listsBoth(&ms[best], q) {
				out = append(out, d.conflictFinding(idx, &ms[best], q))
			}
		}
		for _, li := range keyLists {
			list := lists[li]
			if len(list) >= 2*maxPostings {
				// Only the latest maxPostings are read: drop the rest so that
				// memory stays bounded by the keys, not the mentions.
				list = append(list[:0], list[len(list)-maxPostings:]...)
			}
			lists[li] = append(list, qi)
		}
	}
	return out
}

// postingKeys appends to dst what a mention is indexed by: its rarer
// subject words, its sentence's anchors and its digit pattern (a
// transposition has the same digits), each as a key of kind 0, 1 or 2.
func (d *valueDoc) postingKeys(dst []postKey, m *mention, anchorID func(string) uint64) []postKey {
	for _, set := range [][]int32{m.head, m.ctx, m.topic} {
		for _, id := range set {
			if d.idf(id) >= 0.25 {
				k := postKey{0, uint64(id)}
				if !slices.Contains(dst, k) {
					dst = append(dst, k)
				}
			}
		}
	}
	for _, a := range d.sents[m.sent].anchors {
		dst = append(dst, postKey{1, anchorID(a)})
	}
	// The multiset of significant digits and the magnitude.
	var counts uint64
	for i := 0; i < len(m.digits); i++ {
		counts += 1 << (4 * uint(m.digits[i]-'0'))
	}
	return append(dst, postKey{2, counts*64 + uint64(m.intDigits)})
}

// vScoreAt is the score of the candidate at position at (see conflicts).
type vScoreAt struct {
	at int
	s  float64
}

// vBestAt is the best different value after the candidate at position at
// (see conflicts).
type vBestAt struct {
	at         int
	s          float64
	pi         int
	antecedent bool
}

// postKey is one index key of a mention (see postingKeys).
type postKey struct {
	kind uint8
	id   uint64
}

// vCloser reports whether a's value is nearer q's than b's is (ties between
// equally related mentions go to the likelier misstatement).
func vCloser(a, b, q *mention) bool {
	na, _ := vNearDigits(a.digits, a.intDigits, q.digits, q.intDigits)
	nb, _ := vNearDigits(b.digits, b.intDigits, q.digits, q.intDigits)
	if na != nb {
		return na
	}
	return math.Abs(math.Log(math.Abs(a.val)+1)-math.Log(math.Abs(q.val)+1)) < math.Abs(math.Log(math.Abs(b.val)+1)-math.Log(math.Abs(q.val)+1))
}

// listsBoth reports whether q's sentence also states p's value: it then
// names p's quantity beside q's, so q is another one (two thresholds in a
// list, a change stated in full), not a conflict.
func (d *valueDoc) listsBoth(p, q *mention) bool {
	holds := func(sent int, v *mention) bool {
		// Mentions are stored in sentence order: visit only sent's.
		i, _ := slices.BinarySearchFunc(d.ms, sent, func(m mention, s int) int { return m.sent - s })
		for ; i < len(d.ms) && d.ms[i].sent == sent; i++ {
			if m := &d.ms[i]; m.class == v.class && vEqualValues(m, v) {
				return true
			}
		}
		return false
	}
	return holds(q.sent, p)
}

// conflictFinding reports q, naming p.
func (d *valueDoc) conflictFinding(idx *doctext.LineIndex, p, q *mention) check.Finding {
	text := d.text
	l, c := idx.Position(p.start)
	what := d.sharedWords(p, q)
	if what != "" {
		what = " (" + what + ")"
	}
	return check.Finding{Rule: RuleValueMismatch, Severity: check.SeverityWarn,
		Message: fmt.Sprintf("%s here, but %s at line %d:%d for what reads as the same quantity%s: state one value, or say why they differ",
			strings.TrimSpace(text[q.start:q.end]), strings.TrimSpace(text[p.start:p.end]), l, c, what),
		Location: idx.Locate(q.start, q.end, text)}
}

// sharedWords names the subject two mentions share, in q's own words.
func (d *valueDoc) sharedWords(p, q *mention) string {
	var out []string
	s := &d.sents[q.sent]
	text := d.text[s.start:s.end]
	for i := 0; i < len(text) && len(out) < 3; {
		a, b := doctext.NextWord(text, i, len(text))
		if a >= len(text) {
			break
		}
		i = b
		k := d.keyOf(text[a:b])
		if k == "" {
			continue
		}
		id, ok := d.ids[k]
		if !ok || !(vContainsID(q.head, id) || vContainsID(q.ctx, id)) || !(vContainsID(p.head, id) || vContainsID(p.ctx, id)) {
			continue
		}
		w := strings.ToLower(text[a:b])
		dup := false
		for _, o := range out {
			dup = dup || o == w
		}
		if !dup {
			out = append(out, w)
		}
	}
	return strings.Join(out, ", ")
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
