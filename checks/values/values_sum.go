package values

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Totals and calculations: a stated total must be the sum of the parts the
// text itemises for it, and a calculation written out must compute.

// maxSubsetParts bounds the parts tried in subset sums (2^n subsets).
const maxSubsetParts = 12

// centsEqual reports whether two amounts agree to the cent.
func centsEqual(a, b float64) bool { return math.Abs(a-b) < 0.005+1e-9*math.Abs(a) }

// totals reports the totals that are not the sum of their parts and the
// calculations that do not compute.
func (d *valueDoc) totals(doc check.Document) []check.Finding {
	var out []check.Finding
	idx := doctext.AnalysisOf(doc).LineIndex()
	text := d.text
	for _, c := range d.calcs {
		out = append(out, check.Finding{Rule: RuleValueTotal, Severity: check.SeverityWarn,
			Message:  fmt.Sprintf("the calculation gives %s, not %s: correct the result or the figures", vFormatAmount(c.computed), vFormatAmount(c.stated)),
			Location: idx.Locate(c.start, c.end, text)})
	}
	for i := range d.ms {
		t := &d.ms[i]
		if !strings.HasPrefix(t.class, "money:") && !vIsDuration(t.class) {
			continue
		}
		if t.flags&(fTotal|fRemain) == 0 && !d.bracketBreakdown(i) {
			continue
		}
		if t.flags&(fBound|fCap) != 0 || includedIn(text, t.start) {
			continue // "any total over AUD 150": a limit on a total; "includes $27.51 GST": a share of it
		}
		parts, itemised := d.partsOf(i)
		if len(parts) < 2 && !(len(parts) == 1 && (parts[0].flags&fEach != 0 || parts[0].mult > 0)) {
			continue
		}
		if d.sumMatches(t, parts, itemised) || restatedAmong(t, parts) {
			continue
		}
		var vals []string
		for _, p := range parts {
			vals = append(vals, strings.TrimSpace(text[p.start:p.end]))
		}
		what := "total"
		if t.flags&fRemain != 0 {
			what = "remainder"
		}
		sum := ""
		if itemised && t.flags&fRemain == 0 {
			sum = "; they add up to " + vFormatAmount(d.itemisedSum(parts))
		}
		out = append(out, check.Finding{Rule: RuleValueTotal, Severity: check.SeverityWarn,
			Message: fmt.Sprintf("%s %s does not follow from the amounts it is made of (%s%s): correct the %s or the parts",
				what, strings.TrimSpace(text[t.start:t.end]), strings.Join(vals, ", "), sum, what),
			Location: idx.Locate(t.start, t.end, text)})
	}
	return out
}

// vFormatAmount formats a computed amount for a message.
func vFormatAmount(v float64) string { return vFormatNum(round2(v)) }

// vFormatNum formats a number without trailing zeros.
func vFormatNum(v float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
}

// partsOf returns the parts a total (d.ms[i]) is made of, and whether they
// are itemised — listed for it, so that a total that matches none of their
// sums is wrong — or only the amounts stated before it in prose, where
// only a near miss of a sum is reported. The places a breakdown may stand
// are tried in order: a list announced after it, brackets right after it,
// its table column, its sentence, the list just above it, then prose.
func (d *valueDoc) partsOf(i int) ([]*mention, bool) {
	t := &d.ms[i]
	st := &d.sents[t.sent]
	if t.flags&fBelow != 0 {
		return d.partsBelow(i), true
	}
	if parts := d.partsInBrackets(i); len(parts) > 0 {
		return parts, true
	}
	if st.table > 0 {
		return d.partsInColumn(i), true
	}
	parts := d.partsInSentence(i)
	if len(parts) >= 2 || len(parts) == 1 && (parts[0].mult > 0 || parts[0].flags&fEach != 0 && len(d.countsOf(parts[0])) > 0) {
		return parts, true
	}
	if list, from := d.listAbove(t.sent); list > 0 {
		// The sentence's own amounts count among the items'.
		if parts = d.appendListParts(parts, i, list, from); len(parts) >= 2 {
			return parts, true
		}
	}
	return d.partsInProse(i), false
}

// sumPart reports whether m may be a part of the total t: an amount of its
// class and rate that is itself no total, range or bound.
func sumPart(t, m *mention) bool {
	return m.class == t.class && m.rate == t.rate && m.flags&(fTotal|fRange|fBound|fCap) == 0 && m != t
}

// perItemPart reports whether m may be a part of t: a sumPart or a
// per-item amount of its class.
func perItemPart(t, m *mention) bool {
	return sumPart(t, m) || m.class == t.class && m.flags&fEach != 0
}

// partsBelow returns the parts of the total d.ms[i] that a list after it
// gives ("This is made up of:" and a list).
func (d *valueDoc) partsBelow(i int) []*mention {
	t := &d.ms[i]
	st := &d.sents[t.sent]
	var parts []*mention
	list := 0
	for k := i + 1; k < len(d.ms); k++ {
		m := &d.ms[k]
		sm := &d.sents[m.sent]
		if sm.block > st.block+2 {
			break
		}
		if list == 0 && sm.list > 0 {
			list = sm.list
		}
		if list > 0 && sm.list != list {
			break
		}
		if list > 0 && sumPart(t, m) {
			parts = append(parts, m)
		}
	}
	return parts
}

// partsInBrackets returns the amounts in brackets right after the total
// d.ms[i]: "EUR 438.60 (EUR 400 compensation and EUR 38.60 for your
// dinner)".
func (d *valueDoc) partsInBrackets(i int) []*mention {
	t := &d.ms[i]
	var parts []*mention
	if close := d.bracketAfter(t); close > 0 {
		for k := i + 1; k < len(d.ms) && d.ms[k].sent == t.sent && d.ms[k].start < close; k++ {
			if m := &d.ms[k]; perItemPart(t, m) {
				parts = append(parts, m)
			}
		}
	}
	return parts
}

// partsInColumn returns, for a "Total" row, the cells of its column above
// it in the table, up to a subtotal.
func (d *valueDoc) partsInColumn(i int) []*mention {
	t := &d.ms[i]
	st := &d.sents[t.sent]
	var parts []*mention
	for k := i - 1; k >= 0; k-- {
		m := &d.ms[k]
		sm := &d.sents[m.sent]
		if sm.table != st.table {
			break
		}
		if sm.col == st.col && sm.row != st.row {
			if m.flags&fTotal != 0 {
				break // a subtotal closes the parts above it
			}
			if sumPart(t, m) {
				parts = append(parts, m)
			}
		}
	}
	return parts
}

// partsInSentence returns the amounts before the total d.ms[i] in its
// sentence, nearest first: "the Security Charge (CAD 9.95), the
// Improvement Fee (CAD 35.00) and GST (CAD 42.17), a total of CAD 87.12".
func (d *valueDoc) partsInSentence(i int) []*mention {
	t := &d.ms[i]
	var parts []*mention
	for k := i - 1; k >= 0 && d.ms[k].sent == t.sent; k-- {
		if m := &d.ms[k]; perItemPart(t, m) {
			parts = append(parts, m)
		}
	}
	return parts
}

// appendListParts appends to parts the items of the list just above the
// total d.ms[i] (list, whose mentions start at from), one amount each.
func (d *valueDoc) appendListParts(parts []*mention, i, list, from int) []*mention {
	t := &d.ms[i]
	seen := map[int]bool{}
	for k := from; k < i; k++ {
		m := &d.ms[k]
		sm := &d.sents[m.sent]
		if sm.list != list || seen[sm.start] || !sumPart(t, m) {
			continue
		}
		seen[sm.start] = true // the first amount of each item, or the result it works out
		parts = append(parts, d.itemResult(k, i, m))
	}
	return parts
}

// itemResult returns, for the first amount m (at k) of a list item, the
// result the item works out when it writes its calculation ("140 × 7
// hours × £14.50 = £14,210.00": the item is £14,210.00, not its rate);
// before limits the mentions read.
func (d *valueDoc) itemResult(k, before int, m *mention) *mention {
	for j := k + 1; j < before; j++ {
		r := &d.ms[j]
		if r.sent != m.sent {
			break
		}
		if r.class == m.class && strings.HasSuffix(strings.TrimRight(d.text[:r.start], " \t"), "=") {
			return r
		}
	}
	return m
}

// partsInProse returns the distinct amounts stated before the total
// d.ms[i] in the paragraphs around it, nearest first.
func (d *valueDoc) partsInProse(i int) []*mention {
	t := &d.ms[i]
	st := &d.sents[t.sent]
	var parts []*mention
	seenVal := map[float64]bool{}
	for k := i - 1; k >= 0 && len(parts) < maxSubsetParts; k-- {
		m := &d.ms[k]
		if d.sents[m.sent].block < st.block-4 {
			break
		}
		if perItemPart(t, m) && m.flags&fHypo == 0 && !seenVal[m.val] {
			seenVal[m.val] = true
			parts = append(parts, m)
		}
	}
	return parts
}

// bracketAfter returns the offset of the ")" closing a bracket that opens
// right after t, or 0.
func (d *valueDoc) bracketAfter(t *mention) int {
	text := d.text
	i := t.end
	for i < len(text) && (text[i] == ' ' || text[i] == '*') {
		i++
	}
	if i >= len(text) || text[i] != '(' {
		return 0
	}
	s := d.sents[t.sent]
	j := strings.IndexByte(text[i:s.end], ')')
	if j < 0 {
		return 0
	}
	return i + j
}

// listAbove returns the list that ends right before sentence si (in the
// same or the previous block) and the index of its first mention.
func (d *valueDoc) listAbove(si int) (int, int) {
	s := &d.sents[si]
	for k := si - 1; k >= 0 && k >= si-40; k-- {
		p := &d.sents[k]
		if p.block < s.block-3 {
			return 0, 0
		}
		if p.list > 0 && p.list != s.list {
			list := p.list
			first := k
			for first > 0 && d.sents[first-1].list == list {
				first--
			}
			for m := range d.ms {
				if d.ms[m].sent >= first {
					return list, m
				}
			}
			return 0, 0
		}
	}
	return 0, 0
}

// sumMatches reports whether total t agrees with its parts: for itemised
// parts, their sum or the sum of some of them (a total of the approved
// items); for prose, a sum, a difference or a multiple of them, or at
// least not a near miss of one. A remainder ("That leaves $136.00") is a
// difference.
func (d *valueDoc) sumMatches(t *mention, parts []*mention, itemised bool) bool {
	if len(parts) > maxSubsetParts {
		parts = parts[:maxSubsetParts]
	}
	n := len(parts)
	var exact, near []float64 // what the total may equal; what a mistyped total is near
	worth := func(p *mention) float64 {
		if p.mult > 0 {
			return p.val * p.mult
		}
		return p.val
	}
	for mask := 1; mask < 1<<n; mask++ {
		sum, k := 0.0, 0
		for b := 0; b < n; b++ {
			if mask&(1<<b) != 0 {
				sum += worth(parts[b])
				k++
			}
		}
		if k == 1 && parts[0].mult > 0 {
			exact = append(exact, sum)
			near = append(near, sum)
		}
		if k >= 2 {
			exact = append(exact, sum)
			if k <= 3 && mask < 1<<min(n, 6) {
				near = append(near, sum)
			}
		}
	}
	for _, p := range parts {
		if p.flags&fEach != 0 {
			// "EUR 18.00 each" for both seats; "$25.00 for each missed
			// appointment" and "two appointments": the count, when the
			// text gives one, else any small count.
			counts := d.countsOf(p)
			if len(counts) == 0 {
				for k := 1; k <= 12; k++ {
					counts = append(counts, float64(k))
				}
			}
			for _, k := range counts {
				exact = append(exact, p.val*k)
				near = append(near, p.val*k)
			}
		}
	}
	if t.flags&fRemain != 0 {
		diffs, checkable := remainders(t, parts)
		if !checkable {
			return true
		}
		exact = append(exact, diffs...)
	}
	for _, c := range exact {
		if centsEqual(c, t.val) {
			return true
		}
	}
	if itemised || t.flags&fRemain != 0 {
		return false
	}
	// Prose: only a near miss of a sum is evidence of a wrong total.
	for _, c := range near {
		dc, ic := vDigitKey(c)
		if ok, _ := vNearDigits(dc, ic, t.digits, t.intDigits); ok {
			return false
		}
	}
	return true
}

// remainders returns what a remainder t may equal, the differences of its
// parts, and whether it can be checked at all: with no part larger than
// it ("you have paid $500.00, so you pay the remaining $700.00") the
// whole is stated elsewhere and nothing here can check it.
func remainders(t *mention, parts []*mention) ([]float64, bool) {
	whole := false
	for _, p := range parts {
		whole = whole || p.val > t.val
	}
	if !whole {
		return nil, false
	}
	var out []float64
	for _, a := range parts {
		for _, b := range parts {
			if a != b && a.val > b.val {
				out = append(out, a.val-b.val)
			}
		}
	}
	return out, true
}

// maxCountScan bounds the sentences searched for the count of a per-item
// amount's noun.
const maxCountScan = 64

// countsOf returns the counts the text gives for what a per-item amount is
// per ("two installation appointments", "7 months left"), searching its
// own sentence and the sentences before it.
func (d *valueDoc) countsOf(p *mention) []float64 {
	if len(p.eachNoun) == 0 {
		return nil
	}
	var out []float64
	s := &d.sents[p.sent]
	from := 0
	if p.sent > maxCountScan {
		from = d.sents[p.sent-maxCountScan].start
	}
	text := d.text[from:s.end]
	var prev [3]string
	for i := 0; i < len(text); {
		a, b := doctext.NextWord(text, i, len(text))
		if a >= len(text) {
			break
		}
		i = b
		w := text[a:b]
		if b-a > 2 && b-a <= 32 {
			if r := vReduceWord(strings.ToLower(w)); slices.Contains(p.eachNoun, r) {
				for _, c := range prev {
					if c == "" {
						continue
					}
					if n, ok := doctext.NumberWords[strings.ToLower(c)]; ok && n > 1 && n < 1000 {
						out = append(out, float64(n))
						break
					}
					if v, ok := vFigureValue(c); ok && v > 1 && v < 1000 && v == math.Trunc(v) {
						out = append(out, v)
						break
					}
				}
			}
		}
		prev[2], prev[1], prev[0] = prev[1], prev[0], w
	}
	return out
}

// bracketBreakdown reports whether d.ms[i] is followed by a bracket that
// breaks it down: "$160.00 ($20.00 for each remaining month)", "EUR 438.60
// (EUR 400 and EUR 38.60)".
func (d *valueDoc) bracketBreakdown(i int) bool {
	t := &d.ms[i]
	close := d.bracketAfter(t)
	if close == 0 {
		return false
	}
	n := 0
	for k := i + 1; k < len(d.ms) && d.ms[k].start < close; k++ {
		m := &d.ms[k]
		if m.class != t.class {
			continue
		}
		if m.flags&fEach != 0 && len(d.countsOf(m)) > 0 {
			return true
		}
		n++
	}
	return n >= 2 && strings.Contains(d.text[t.end:close], " and ") || strings.Contains(d.text[t.end:close], "+")
}

// itemisedSum is what itemised parts add up to, a per-item amount counted
// as often as the text says.
func (d *valueDoc) itemisedSum(parts []*mention) float64 {
	sum := 0.0
	for _, p := range parts {
		v := p.val
		switch {
		case p.mult > 0:
			v *= p.mult
		case p.flags&fEach != 0:
			if c := d.countsOf(p); len(c) > 0 {
				v *= c[0]
			}
		}
		sum += v
	}
	return sum
}

// countRemaining reports whether "remaining" or "left", the i-th word
// before a value, tells what is left of another count ("leaving with 3
// months remaining means repaying $62.50"): a plural noun stands right
// before it, and a figure right before that (where the words before the
// value stop).
func countRemaining(b *wordsBefore, i int) bool {
	if w := b.w(i); w != "remaining" && w != "left" {
		return false
	}
	noun := b.w(i + 1)
	return b.n == i+2 && b.n < len(b.words) && len(noun) > 2 && strings.HasSuffix(noun, "s")
}

// includedIn reports whether the value at i is said to be included in
// another ("Total: includes $27.51 GST", "of which EUR 40 is VAT"): a
// share of the total, not the total.
func includedIn(text string, i int) bool {
	b := strings.ToLower(strings.TrimRight(text[max(0, i-16):i], " \t"))
	for _, w := range []string{"includes", "including", "incl.", "of which", "inclusive of"} {
		if strings.HasSuffix(b, w) {
			return true
		}
	}
	return false
}

// restatedAmong reports whether one of parts states t's own value: the
// reader took a restatement of the figure for a part of it ("we can do 3
// working days" read with "5 working days" and "1 working day"), and a
// sum of positive parts that includes the whole cannot be checked.
func restatedAmong(t *mention, parts []*mention) bool {
	for _, p := range parts {
		if p != t && centsEqual(p.val, t.val) {
			return true
		}
	}
	return false
}
