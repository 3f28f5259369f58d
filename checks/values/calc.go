package values

import (
	"math"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// This file evaluates the calculations a sentence writes out ("£29 −
// £7.90 = £21.10").

// calcIssue is a written-out calculation whose stated result is not what
// its operands give.
type calcIssue struct {
	start, end int // the stated result
	stated     float64
	computed   float64
}

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
			if j < len(toks) && toks[j].kind == tSym && doctext.CurrencySigns[d.sym(j)] != "" {
				j++
			}
			if j < len(toks) && toks[j].kind == tWord && doctext.CurrencyWords[d.lowerTok(j)] != "" {
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
		return doctext.CurrencySigns[s] != "" || strings.Contains("+−–-×*÷/()", s) && s != ""
	case tWord:
		w := d.lowerTok(k)
		return w == "x" || doctext.CurrencyWords[w] != "" && len(w) == 3
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
	if j > 0 && doctext.CurrencySigns[d.sym(j-1)] == "" && !(d.toks[j-1].kind == tWord && doctext.CurrencyWords[d.lowerTok(j-1)] != "") {
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
	if doctext.CurrencySigns[p.d.sym(p.k)] != "" || p.d.toks[p.k].kind == tWord && doctext.CurrencyWords[p.d.lowerTok(p.k)] != "" {
		p.k++
	}
	if p.k >= p.end || p.d.toks[p.k].kind != tNum {
		return 0, false
	}
	v, ok := vFigureValue(p.d.text[p.d.toks[p.k].start:p.d.toks[p.k].end])
	p.k++
	return v, ok
}
