package values

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// This file finds the values stated two ways: each mention is scored
// against the earlier ones its words, anchors and digits propose.

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
	d.prepareScoring()
	count := valueCounts(ms)
	x := newMentionIndex(len(ms))
	var rs rivalSearch
	var out []check.Finding
	idx := doctext.AnalysisOf(doc).LineIndex()
	var ev *evidenceValues
	for qi := range ms {
		q := &ms[qi]
		x.candidates(d, qi)
		nearest := -1
		if q.flags&fSame != 0 && count[vValueKey(q)] == 1 {
			// "within those same 30 days" with no 30 days before: its
			// antecedent is the nearest earlier value it may be, whatever
			// words they share.
			nearest = x.addNearest(d, qi)
		}
		if q.flags&fHypo == 0 {
			if best, ok := d.rival(&rs, x.cands, qi, nearest, count); ok && !boundMet(&ms[best], q) {
				if ev == nil {
					e := readEvidenceValues(doc)
					ev = &e
				}
				out = append(out, d.conflictFinding(idx, &ms[best], q, ev, rs.bestAntecedent || rs.bestMarked))
			}
		}
		x.record(qi)
	}
	return out
}

// boundMet reports whether one of p and q is a bound the other's value
// meets: "at least 300 prompts" and "the same 320 prompts", "up to $500"
// and "$450". A value within a bound states no second value of it.
func boundMet(p, q *mention) bool {
	met := func(b, v *mention) bool {
		if v.flags&(fBound|fCap|fRange) != 0 {
			return false
		}
		if b.flags&fFloor != 0 {
			return v.val >= b.val
		}
		return b.flags&fCap != 0 && v.val <= b.val
	}
	return p.class != "date" && (met(p, q) || met(q, p))
}

// prepareScoring computes, once the document is read, what score consults
// for every pair: worked results, the values of each clause, the mentions
// each noun names and every word's weight.
func (d *valueDoc) prepareScoring() {
	ms := d.ms
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
}

// valueCounts returns how often each value occurs (suppositions aside),
// for the "the £34.00 with no antecedent" evidence.
func valueCounts(ms []mention) map[valueKey]int {
	count := make(map[valueKey]int, len(ms))
	for i := range ms {
		if ms[i].flags&fHypo == 0 {
			count[vValueKey(&ms[i])]++
		}
	}
	return count
}

// mentionIndex holds the postings of the mentions seen so far: per class,
// word, anchor and digit pattern, the latest mentions indexed by it. It
// proposes the candidates a mention is scored against.
type mentionIndex struct {
	post     map[indexKey]int32 // key -> index in lists
	lists    [][]int
	keyLists []int32 // the list of each of the current mention's keys
	anchors  map[string]uint64
	classes  map[string]int32
	keys     []postKey
	stamp    []int // stamp[pi] == qi: pi is already a candidate of qi
	cands    []int // the current mention's candidates
}

// indexKey is a postKey within one class: it packs the class, the kind and the id into two words without
// padding, which hashes as plain memory; each key is looked up once per
// mention, to read its list and then to add to it.
type indexKey struct{ classKind, id uint64 }

// newMentionIndex returns an empty index for n mentions.
func newMentionIndex(n int) *mentionIndex {
	x := &mentionIndex{post: map[indexKey]int32{}, anchors: map[string]uint64{}, classes: map[string]int32{}, stamp: make([]int, n)}
	for i := range x.stamp {
		x.stamp[i] = -1
	}
	return x
}

// anchorID numbers an anchor string.
func (x *mentionIndex) anchorID(a string) uint64 {
	id, ok := x.anchors[a]
	if !ok {
		id = uint64(len(x.anchors))
		x.anchors[a] = id
	}
	return id
}

// classOf numbers a class.
func (x *mentionIndex) classOf(c string) int32 {
	id, ok := x.classes[c]
	if !ok {
		id = int32(len(x.classes))
		x.classes[c] = id
	}
	return id
}

// candidates sets x.cands to the earlier mentions that share a key with
// mention qi: at most maxPostings of the latest per key, maxCandidates in
// all. It remembers qi's keys for record.
func (x *mentionIndex) candidates(d *valueDoc, qi int) {
	q := &d.ms[qi]
	x.cands = x.cands[:0]
	x.keys = d.postingKeys(x.keys[:0], q, x.anchorID)
	cl := uint64(x.classOf(q.class))
	x.keyLists = x.keyLists[:0]
	for _, k := range x.keys {
		pk := indexKey{cl<<8 | uint64(k.kind), k.id}
		li, ok := x.post[pk]
		if !ok {
			li = int32(len(x.lists))
			x.lists = append(x.lists, nil)
			x.post[pk] = li
		}
		x.keyLists = append(x.keyLists, li)
		list := x.lists[li]
		for j := len(list) - 1; j >= 0 && j >= len(list)-maxPostings && len(x.cands) < maxCandidates; j-- {
			if pi := list[j]; x.stamp[pi] != qi {
				x.stamp[pi] = qi
				x.cands = append(x.cands, pi)
			}
		}
	}
}

// addNearest returns the nearest earlier mention (within maxCandidates)
// that mention qi may be the same quantity as, adding it to the
// candidates; -1 when there is none.
func (x *mentionIndex) addNearest(d *valueDoc, qi int) int {
	ms, q := d.ms, &d.ms[qi]
	for pi := qi - 1; pi >= 0 && pi >= qi-maxCandidates; pi-- {
		if ms[pi].class == q.class && d.comparable(&ms[pi], q) {
			if x.stamp[pi] != qi && len(x.cands) < maxCandidates {
				x.stamp[pi] = qi
				x.cands = append(x.cands, pi)
			}
			return pi
		}
	}
	return -1
}

// record adds mention qi under the keys candidates read for it.
func (x *mentionIndex) record(qi int) {
	for _, li := range x.keyLists {
		list := x.lists[li]
		if len(list) >= 2*maxPostings {
			// Only the latest maxPostings are read: drop the rest so that
			// memory stays bounded by the keys, not the mentions.
			list = append(list[:0], list[len(list)-maxPostings:]...)
		}
		x.lists[li] = append(list, qi)
	}
}

// rivalSearch is the state of choosing, among a mention's candidates, the
// different value it most likely contradicts (see rival). Its slices are
// reused from one mention to the next.
type rivalSearch struct {
	bestDiff, bestEq float64
	best             int
	bestAntecedent   bool
	// bestMarked: the way best or q is written adds to the evidence
	// (see differenceEvidence), a second signal beside the shared subject.
	bestMarked bool
	// The scores of restatements (equal values about the same thing) are
	// read only when a different value scores high enough to be reported,
	// which few do: restated holds their positions among the candidates,
	// eqs the equal values scored on the way, bests each new best.
	restated []int
	eqs      []vScoreAt
	bests    []vBestAt
}

// rival returns the earlier mention among cands that mention qi states
// differently, when the evidence that both are one quantity reaches the
// threshold and beats every restatement of qi's value.
func (d *valueDoc) rival(rs *rivalSearch, cands []int, qi, nearest int, count map[valueKey]int) (int, bool) {
	ms, q := d.ms, &d.ms[qi]
	rs.bestDiff, rs.bestEq, rs.best, rs.bestAntecedent, rs.bestMarked = -1, -1, -1, false, false
	rs.restated, rs.eqs, rs.bests = rs.restated[:0], rs.eqs[:0], rs.bests[:0]
	for ci, pi := range cands {
		p := &ms[pi]
		if vEqualValues(p, q) && p.class == q.class && p.sent != q.sent && d.effectiveTense(p) == d.effectiveTense(q) {
			// An equal value about the same thing (a total row and the
			// total in prose included) is agreement; scored below, if it
			// can matter.
			rs.restated = append(rs.restated, ci)
			continue
		}
		if !d.comparable(p, q) {
			continue
		}
		s := d.score(p, q)
		if vEqualValues(p, q) {
			rs.bestEq = math.Max(rs.bestEq, s)
			rs.eqs = append(rs.eqs, vScoreAt{ci, s})
			continue
		}
		s0 := s
		s, antecedent := d.differenceEvidence(p, q, s, pi == nearest, count)
		if s > rs.bestDiff || s == rs.bestDiff && rs.best >= 0 && vCloser(p, &ms[rs.best], q) {
			rs.bestDiff, rs.best, rs.bestAntecedent, rs.bestMarked = s, pi, antecedent, s > s0
			rs.bests = append(rs.bests, vBestAt{ci, s, pi, antecedent, s > s0})
		}
	}
	if rs.best >= 0 && rs.bestDiff >= valueThreshold && len(rs.restated) > 0 {
		d.rescoreRestated(rs, cands, q)
	}
	// Otherwise no different value reaches the threshold, whatever the
	// restatements score: need is at least valueThreshold.
	need := valueThreshold
	if q.class == "date" || q.class == "daterange" || q.class == "time" || strings.HasPrefix(q.class, "count:") || strings.HasPrefix(q.class, "ratio:") {
		need += 1 // dates, times and counts name many things
	}
	best := rs.best
	if best >= 0 && !rs.bestAntecedent && d.sents[ms[best].sent].block == d.sents[q.sent].block {
		need += 1 // one paragraph states several values of one topic
	}
	if best >= 0 && (q.class == "date" || q.class == "daterange" || q.class == "time") && !vSharesID(ms[best].head, q.head) {
		best = -1 // a date or time is tied to its event: the noun phrases must meet
	}
	return best, best >= 0 && rs.bestDiff >= need && rs.bestDiff > rs.bestEq && !d.listsBoth(&ms[best], q)
}

// differenceEvidence adds to s, the score of p and q stating different
// values, what the way they are written says: a value written as already
// known with no antecedent, "the same", a near miss of the presupposed
// value, a mistyped figure. antecedent is true when q (or p) is then read
// as the other one restated wrongly. nearest says p is the nearest earlier
// value q may refer to.
func (d *valueDoc) differenceEvidence(p, q *mention, s float64, nearest bool, count map[valueKey]int) (float64, bool) {
	antecedent := false
	if q.flags&(fDefinite|fSame) != 0 && count[vValueKey(q)] == 1 && !d.struck[q.val] {
		s += 1
	}
	if p.flags&(fDefinite|fSame) != 0 && count[vValueKey(p)] == 1 && !d.struck[p.val] {
		s += 1
	}
	if q.flags&fSame != 0 {
		s += 1
		// "the same 20 queries", "the same price (£98.00)": it says it
		// equals a value given before; with none equal, a count of the
		// same noun is that value.
		// Said of another quantity ("within those same 30 days"), the
		// nearest earlier value is the antecedent.
		if count[vValueKey(q)] == 1 && (strings.HasPrefix(q.class, "count:") || nearest && !d.struck[q.val]) {
			s = math.Max(s, valueThreshold+1)
			antecedent = true
		}
	}
	// A value written as already known ("the £69.00") with no antecedent,
	// near another: that one, mistyped. The presupposed value is the only
	// one near it of its class and rate: that is its antecedent, mistyped.
	if near, sig := vNearDigits(p.digits, p.intDigits, q.digits, q.intDigits); near && sig >= 2 && p.rate == q.rate &&
		(q.flags&fDefinite != 0 && count[vValueKey(q)] == 1 && !d.struck[q.val] || p.flags&fDefinite != 0 && count[vValueKey(p)] == 1 && !d.struck[p.val]) {
		s += 1.5
		if strings.HasPrefix(q.class, "money:") {
			s = math.Max(s, valueThreshold) // "the £43.00" and "£34.00"
			antecedent = true
		}
	}
	// One figure mistyped as another about a subject both name ("CAD
	// 158,000" salary and "CAD 185,000 at your current salary"): clause
	// numbers and paragraphs do not separate them.
	if d.typo(p, q) || vSwapped(p, q) && (count[vValueKey(q)] == 1 || count[vValueKey(p)] == 1) && d.comparableUnits(p, q) {
		s = math.Max(s, valueThreshold+1)
		antecedent = true
	}
	return s, antecedent
}

// rescoreRestated scores the restatements of q's value among cands in
// order, now that a finding is possible. A restatement of the same thing
// (score 8 or more) ends the reading there: what came after it does not
// count, so the best different value is the best one before it.
func (d *valueDoc) rescoreRestated(rs *rivalSearch, cands []int, q *mention) {
	rs.bestEq = -1
	stop, ei := len(cands), 0
	for _, ci := range rs.restated {
		for ; ei < len(rs.eqs) && rs.eqs[ei].at < ci; ei++ {
			rs.bestEq = math.Max(rs.bestEq, rs.eqs[ei].s)
		}
		rs.bestEq = math.Max(rs.bestEq, d.score(&d.ms[cands[ci]], q)+1)
		if rs.bestEq >= 8 {
			stop = ci
			break
		}
	}
	for ; ei < len(rs.eqs) && rs.eqs[ei].at < stop; ei++ {
		rs.bestEq = math.Max(rs.bestEq, rs.eqs[ei].s)
	}
	rs.bestDiff, rs.best, rs.bestAntecedent, rs.bestMarked = -1, -1, false, false
	for _, b := range rs.bests {
		if b.at >= stop {
			break
		}
		rs.bestDiff, rs.best, rs.bestAntecedent, rs.bestMarked = b.s, b.pi, b.antecedent, b.marked
	}
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
	marked     bool
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

// conflictFinding reports q, naming p. marked says that more than the
// shared subject ties them (see rival); ev is the task's evidence. Shared
// words alone are a suspicion: without a second signal the finding only
// informs, and it says what was compared.
func (d *valueDoc) conflictFinding(idx *doctext.LineIndex, p, q *mention, ev *evidenceValues, marked bool) check.Finding {
	text := d.text
	l, c := idx.Position(p.start)
	what := d.sharedWords(p, q)
	if what != "" {
		what = " (" + what + ")"
	}
	qs, ps := strings.TrimSpace(text[q.start:q.end]), strings.TrimSpace(text[p.start:p.end])
	sev, why := check.SeverityWarn, ""
	switch hp, hq := ev.has(d, p), ev.has(d, q); {
	case hp && hq:
		sev, why = check.SeverityInfo, "; the evidence states both, so they may be two quantities of the source"
	case hp:
		why = "; the evidence states " + ps
	case hq:
		why = "; the evidence states " + qs
	}
	if !marked && sev == check.SeverityWarn {
		sev, why = check.SeverityInfo, why+"; only the shared words tie them"
	}
	return check.Finding{Rule: RuleValueMismatch, Severity: sev,
		Message: fmt.Sprintf("%s here, but %s at line %d:%d for what reads as the same quantity%s: state one value, or say why they differ%s",
			qs, ps, l, c, what, why),
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
