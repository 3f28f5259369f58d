package values

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// This file reads numbers written in words and counts of things ("17
// false claims").

// numberWords reads number words at i ("twenty-four", "one hundred and
// twenty"), with an optional figure in brackets ("thirty (30)"), followed
// by a unit.
func (d *valueDoc) numberWords(i int) (rawValue, bool) {
	toks, text := d.toks, d.text
	var words [8]string
	nw := 0
	j := i
	last := i
	for j < len(toks) && nw < len(words) {
		t := toks[j]
		if t.kind == tSym && d.sym(j) == "-" && d.adjacent(j) && nw > 0 {
			j++
			continue
		}
		if t.kind != tWord {
			break
		}
		w := d.lowerTok(j)
		if _, ok := doctext.NumberWords[w]; !ok && !(w == "and" && nw > 0) {
			break
		}
		words[nw] = strings.Clone(w)
		nw++
		last = j
		j++
	}
	j = last + 1
	for nw > 0 && words[nw-1] == "and" {
		nw--
	}
	val, ok := doctext.ParseNumberWords(words[:nw])
	if !ok {
		return rawValue{}, false
	}
	v := float64(val)
	end := toks[last].end
	// "forty dollars ($40)": an amount in words, its figure repeated.
	if j < len(toks) && toks[j].kind == tWord {
		if code, ok := doctext.CurrencyWords[d.lowerTok(j)]; ok && len(d.text[toks[j].start:toks[j].end]) > 3 {
			end, next := toks[j].end, j+1
			if next+2 < len(toks) && d.sym(next) == "(" && doctext.CurrencySigns[d.sym(next+1)] != "" && next+3 < len(toks) && toks[next+2].kind == tNum && d.sym(next+3) == ")" {
				if f, ok := vFigureValue(text[toks[next+2].start:toks[next+2].end]); ok {
					v = f
				}
				end, next = toks[next+3].end, next+4
			}
			return d.finishMoney(code, toks[i].start, end, v, next), true
		}
	}
	// "thirty (30)": the figure wins.
	if j+2 < len(toks) && d.sym(j) == "(" && toks[j+1].kind == tNum && d.sym(j+2) == ")" {
		if f, ok := vFigureValue(text[toks[j+1].start:toks[j+1].end]); ok {
			v = f
			end = toks[j+2].end
			j += 3
		}
	} else if j+3 < len(toks) && d.sym(j) == "(" && toks[j+1].kind == tNum && d.sym(j+2) == "%" && d.sym(j+3) == ")" {
		if f, ok := vFigureValue(text[toks[j+1].start:toks[j+1].end]); ok {
			return rawValue{class: "percent", val: f, start: toks[i].start, end: toks[j+3].end, next: j + 4}, true
		}
	}
	r, ok := d.unitAfter(i, j, v, toks[i].start)
	if !ok {
		if r, ok = d.countAfter(i, j, v, toks[i].start); !ok {
			return rawValue{}, false
		}
	}
	if r.end < end {
		r.end = end
	}
	return r, true
}

// countAfter reads a count after a number ending before token j: "17 false
// claims", "48,000 customer invoices", "8.6 points" (class "count:" and
// the noun), or a ratio, "9 of 50 answers", "3 out of 5 runs" (class
// "ratio:" and the noun; val2 is the whole).
func (d *valueDoc) countAfter(i, j int, v float64, start int) (rawValue, bool) {
	toks := d.toks
	if i > 0 && toks[i-1].kind == tWord && d.refWordAt(i-1) || vLineNumber(d.text, start) {
		return rawValue{}, false // "Schedule 1 prevails", "1.2 Guests:": a number that names a part
	}
	// A ratio: "N of (the) M [noun]", "N out of M".
	k := j
	if d.tokIs(k, "out") {
		k++
	}
	if d.tokIs(k, "of") {
		k++
		if d.tokIs(k, "the") {
			k++
		}
		if whole, ok := d.countAt(k); ok && whole >= v && whole > 1 {
			// The noun counted is often left out or not a plain plural
			// ("9 of 25 target IDs", "5 of 120 succeeded"): the whole says
			// which population is counted, so the class is the ratio's and
			// the noun is read as its subject (next stops before it).
			_, end, _ := d.countNoun(k + 1)
			if end == 0 {
				end = toks[k].end
			}
			return rawValue{class: "ratio:", val: v, val2: whole, start: start, end: end, first: i, next: k + 1}, true
		}
		return rawValue{}, false
	}
	noun, end, next := d.countNoun(j)
	if noun == "" {
		return rawValue{}, false
	}
	return rawValue{class: "count:" + noun, val: v, start: start, end: end, first: i, next: next}, true
}

// countNoun reads the plural noun a count counts, at most two words after
// token j ("false claims", "customer invoices", "points"): its reduced
// form, where it ends and the token after it; "" when there is none.
func (d *valueDoc) countNoun(j int) (string, int, int) {
	toks := d.toks
	words := 0
	for k := j; k < len(toks) && k < j+4 && words < 2; k++ {
		if d.sym(k) == "-" && k > j && d.adjacent(k) {
			continue // "casework-related queries"
		}
		if toks[k].kind != tWord || k == j && !d.adjacentSpace(k) {
			return "", 0, 0
		}
		if d.sym(k-1) != "-" {
			words++
		}
		w := d.lowerTok(k)
		if w == "" || valueWordLists().stop[w] || vPreLinks[w] {
			return "", 0, 0
		}
		if n := len(w); n >= 4 && w[n-1] == 's' && w[n-2] != 's' && w[n-2] != 'u' || w == "points" || w == "people" {
			return vReduceWord(w), toks[k].end, k + 1
		}
	}
	return "", 0, 0
}

// adjacentSpace reports whether token k follows the token before it after
// plain space (no symbol between).
func (d *valueDoc) adjacentSpace(k int) bool {
	return k > 0 && d.toks[k].space
}

// labelNumber reports whether token k is a figure that a capitalised name
// before it numbers ("the Zone 3 fare of $7.00", "Route 9"): a label, not
// a count.
func (d *valueDoc) labelNumber(k int) bool {
	if k < 1 || d.toks[k].kind != tNum || d.toks[k-1].kind != tWord {
		return false
	}
	w := d.text[d.toks[k-1].start:d.toks[k-1].end]
	return len(w) > 1 && w[0] >= 'A' && w[0] <= 'Z' && w[1] >= 'a' && w[1] <= 'z'
}

// timePrepBefore reports whether one of the first i words before a value
// is a preposition of time ("within", "after"): the value says when, not
// how much.
func timePrepBefore(b *wordsBefore, i int) bool {
	for k := 0; k < i; k++ {
		switch b.w(k) {
		case "within", "in", "after", "by", "over", "for", "before":
			return true
		}
	}
	return false
}

// quantityNounsBetween reports whether the words between a "same" i words
// before a value and the value name the quantity itself ("the same period
// of 30 days", "the same amount, £89.00"), so that "same" points at it.
func quantityNounsBetween(b *wordsBefore, i int) bool {
	for k := 0; k < i; k++ {
		switch b.w(k) {
		case "of", "period", "amount", "sum", "figure", "number", "rate", "fee", "price", "total", "time", "deadline", "limit", "cap", "value", "count":
		default:
			return false
		}
	}
	return true
}
