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

// calcIssue is a written-out calculation whose stated result is not what
// its operands give.
type calcIssue struct {
	start, end int // the stated result
	stated     float64
	computed   float64
}

// maxSubsetParts bounds the parts tried in subset sums (2^n subsets).
const maxSubsetParts = 12

// centsEqual reports whether two amounts agree to the cent.
func centsEqual(a, b float64) bool { return math.Abs(a-b) < 0.005+1e-9*math.Abs(a) }

// calculations reads the calculations written out in the current
// sentence ("£29 − £7.90 = £21.10", "£950 a year (£19 × 10 × 5)") and
// records those that do not compute.
func (d *valueDoc) calculations() {
	toks := d.toks
	for k := 0; k < len(toks); k++ {
		switch d.sym(k) {
		case "=":
			// Left operand: back to the start of the expression.
			a := k - 1
			if a < 0 {
				continue
			}
			for a > 0 && d.exprToken(a-1) {
				a--
			}
			lhs, ok := d.evalExpr(a, k)
			if !ok {
				continue
			}
			j := k + 1
			if j < len(toks) && toks[j].kind == tSym && valueCurrencySigns[d.sym(j)] != "" {
				j++
			}
			if j < len(toks) && toks[j].kind == tWord && valueCurrencies[d.lowerTok(j)] != "" {
				j++
			}
			if j >= len(toks) || toks[j].kind != tNum {
				continue
			}
			stated, ok := vFigureValue(d.text[toks[j].start:toks[j].end])
			if ok && !centsEqual(round2(lhs), stated) {
				d.calcs = append(d.calcs, calcIssue{toks[k+1].start, toks[j].end, stated, lhs})
			}
		case "(":
			// "£950 a year (£19 × 10 × 5)": the value before the bracket is
			// what the bracket computes.
			v, vs, ve, ok := d.valueBefore(k)
			if !ok {
				continue
			}
			e := k + 1
			depth := 1
			for e < len(toks) && depth > 0 {
				switch d.sym(e) {
				case "(":
					depth++
				case ")":
					depth--
				}
				if depth > 0 {
					e++
				}
			}
			if e >= len(toks) || !d.multiplicative(k+1, e) {
				continue
			}
			got, ok := d.evalExpr(k+1, e)
			if ok && !centsEqual(round2(got), v) {
				d.calcs = append(d.calcs, calcIssue{vs, ve, v, got})
			}
		}
	}
}

// round2 rounds to the cent.
func round2(v float64) float64 { return math.Round(v*100) / 100 }

// exprToken reports whether token k can be part of a written-out
// calculation: a figure, a currency, an operator or a bracket.
func (d *valueDoc) exprToken(k int) bool {
	t := d.toks[k]
	switch t.kind {
	case tNum:
		return true
	case tSym:
		s := d.sym(k)
		return valueCurrencySigns[s] != "" || strings.Contains("+−–-×*÷/()", s) && s != ""
	case tWord:
		w := d.lowerTok(k)
		return w == "x" || valueCurrencies[w] != "" && len(w) == 3
	}
	return false
}

// valueBefore returns the figure (with its currency) that ends right
// before token k, skipping a rate ("£950 a year (").
func (d *valueDoc) valueBefore(k int) (v float64, start, end int, ok bool) {
	j := k - 1
	for j >= 0 && j >= k-4 && d.toks[j].kind == tWord {
		j-- // "a year", "per month"
	}
	if j < 0 || d.toks[j].kind != tNum {
		return 0, 0, 0, false
	}
	if j > 0 && valueCurrencySigns[d.sym(j-1)] == "" && !(d.toks[j-1].kind == tWord && valueCurrencies[d.lowerTok(j-1)] != "") {
		return 0, 0, 0, false // only amounts: "3 hours (180 minutes)" converts units
	}
	v, ok = vFigureValue(d.text[d.toks[j].start:d.toks[j].end])
	start = d.toks[j].start
	if j > 0 {
		start = d.toks[j-1].start
	}
	return v, start, d.toks[j].end, ok
}

// multiplicative reports whether tokens [a, b) hold a product or quotient
// of figures and nothing but a calculation.
func (d *valueDoc) multiplicative(a, b int) bool {
	op, nums := false, 0
	for k := a; k < b; k++ {
		if !d.exprToken(k) {
			return false
		}
		switch d.sym(k) {
		case "×", "*", "÷":
			op = true
		}
		if d.tokIs(k, "x") {
			op = true
		}
		if d.toks[k].kind == tNum {
			nums++
		}
	}
	return op && nums >= 2
}

// evalExpr evaluates the calculation in tokens [a, b): figures (with
// currencies), + − × ÷ and brackets, by precedence. ok is false for
// anything else, or for an empty or unbalanced expression.
func (d *valueDoc) evalExpr(a, b int) (float64, bool) {
	if a < 0 || b > len(d.toks) || a >= b {
		return 0, false
	}
	p := exprParser{d: d, k: a, end: b}
	v, ok := p.sum()
	if !ok || p.k != b {
		return 0, false
	}
	return v, p.ops > 0
}

// exprParser is a recursive-descent parser over a token range.
type exprParser struct {
	d      *valueDoc
	k, end int
	ops    int // operators read
	depth  int
}

func (p *exprParser) sum() (float64, bool) {
	v, ok := p.product()
	if !ok {
		return 0, false
	}
	for p.k < p.end {
		s := p.d.sym(p.k)
		if s != "+" && s != "−" && s != "–" && !(s == "-" && p.d.toks[p.k].space) {
			break
		}
		p.k++
		p.ops++
		w, ok := p.product()
		if !ok {
			return 0, false
		}
		if s == "+" {
			v += w
		} else {
			v -= w
		}
	}
	return v, true
}

func (p *exprParser) product() (float64, bool) {
	v, ok := p.factor()
	if !ok {
		return 0, false
	}
	for p.k < p.end {
		s := p.d.sym(p.k)
		if p.d.tokIs(p.k, "x") {
			s = "×"
		}
		if s != "×" && s != "*" && s != "÷" && s != "/" {
			break
		}
		p.k++
		p.ops++
		w, ok := p.factor()
		if !ok {
			return 0, false
		}
		if s == "÷" || s == "/" {
			if w == 0 {
				return 0, false
			}
			v /= w
		} else {
			v *= w
		}
	}
	return v, true
}

func (p *exprParser) factor() (float64, bool) {
	if p.k >= p.end {
		return 0, false
	}
	if p.d.sym(p.k) == "(" {
		if p.depth > 8 {
			return 0, false
		}
		p.k++
		p.depth++
		v, ok := p.sum()
		p.depth--
		if !ok || p.k >= p.end || p.d.sym(p.k) != ")" {
			return 0, false
		}
		p.k++
		return v, true
	}
	if valueCurrencySigns[p.d.sym(p.k)] != "" || p.d.toks[p.k].kind == tWord && valueCurrencies[p.d.lowerTok(p.k)] != "" {
		p.k++
	}
	if p.k >= p.end || p.d.toks[p.k].kind != tNum {
		return 0, false
	}
	v, ok := vFigureValue(p.d.text[p.d.toks[p.k].start:p.d.toks[p.k].end])
	p.k++
	return v, ok
}

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
		parts, itemised := d.partsOf(i)
		if len(parts) < 2 && !(len(parts) == 1 && (parts[0].flags&fEach != 0 || parts[0].mult > 0)) {
			continue
		}
		if d.sumMatches(t, parts, itemised) {
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
// only a near miss of a sum is reported.
func (d *valueDoc) partsOf(i int) ([]*mention, bool) {
	t := &d.ms[i]
	st := &d.sents[t.sent]
	same := func(m *mention) bool {
		return m.class == t.class && m.rate == t.rate && m.flags&(fTotal|fRange|fBound|fCap) == 0 && m != t
	}
	var parts []*mention
	// "This is made up of:" and a list.
	if t.flags&fBelow != 0 {
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
			if list > 0 && same(m) {
				parts = append(parts, m)
			}
		}
		return parts, true
	}
	// The amounts in brackets right after it: "EUR 438.60 (EUR 400
	// compensation and EUR 38.60 for your dinner)".
	if close := d.bracketAfter(t); close > 0 {
		for k := i + 1; k < len(d.ms) && d.ms[k].sent == t.sent && d.ms[k].start < close; k++ {
			if m := &d.ms[k]; same(m) || m.class == t.class && m.flags&fEach != 0 {
				parts = append(parts, m)
			}
		}
		if len(parts) > 0 {
			return parts, true
		}
	}
	// A "Total" row: the cells of its column above it in the table.
	if st.table > 0 {
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
				if same(m) {
					parts = append(parts, m)
				}
			}
		}
		return parts, true
	}
	// The amounts before it in its sentence: "the Security Charge (CAD
	// 9.95), the Improvement Fee (CAD 35.00) and GST (CAD 42.17), a total
	// of CAD 87.12".
	for k := i - 1; k >= 0 && d.ms[k].sent == t.sent; k-- {
		if m := &d.ms[k]; same(m) || m.class == t.class && m.flags&fEach != 0 {
			parts = append(parts, m)
		}
	}
	if len(parts) >= 2 || len(parts) == 1 && (parts[0].mult > 0 || parts[0].flags&fEach != 0 && len(d.countsOf(parts[0])) > 0) {
		return parts, true
	}
	// The items of the list just above it, one amount each.
	if list, from := d.listAbove(t.sent); list > 0 {
		seen := map[int]bool{}
		for k := from; k < i; k++ {
			m := &d.ms[k]
			sm := &d.sents[m.sent]
			if sm.list != list || seen[sm.start] || !same(m) {
				continue
			}
			seen[sm.start] = true // the first amount of each item
			parts = append(parts, m)
		}
		if len(parts) >= 2 {
			return parts, true
		}
	}
	// Prose: the distinct amounts stated before it, nearest first.
	parts = parts[:0]
	seenVal := map[float64]bool{}
	for k := i - 1; k >= 0 && len(parts) < maxSubsetParts; k-- {
		m := &d.ms[k]
		if d.sents[m.sent].block < st.block-4 {
			break
		}
		if (same(m) || m.class == t.class && m.flags&fEach != 0) && m.flags&fHypo == 0 && !seenVal[m.val] {
			seenVal[m.val] = true
			parts = append(parts, m)
		}
	}
	return parts, false
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
		for _, a := range parts {
			for _, b := range parts {
				if a != b && a.val > b.val {
					exact = append(exact, a.val-b.val)
				}
			}
		}
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
