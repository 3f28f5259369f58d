package values

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// This file reads amounts of money and the rate they are stated per.

// money reads "<currency> <figure> [scale]" with the currency at token cur
// and the figure at num.
func (d *valueDoc) money(code string, start, cur, num int) (rawValue, bool) {
	toks, text := d.toks, d.text
	val, ok := vFigureValue(text[toks[num].start:toks[num].end])
	if !ok {
		return rawValue{}, false
	}
	end := toks[num].end
	j := num + 1
	if j < len(toks) && toks[j].kind == tWord {
		w := d.lowerTok(j)
		if sc, ok := doctext.ScaleWords[w]; ok && (d.adjacent(j) || len(w) > 2) {
			val *= sc
			end = toks[j].end
			j++
		}
	}
	return d.finishMoney(code, start, end, val, j), true
}

// finishMoney reads what may follow an amount: a rate ("a month", "/kg").
func (d *valueDoc) finishMoney(code string, start, end int, val float64, next int) rawValue {
	v := rawValue{class: "money:" + code, val: val, start: start, end: end, next: next}
	v.rate = d.rateAfter(next)
	return v
}

// rateAfter reads a rate after a value: "a month", "per calendar year",
// "/mo", "each night", "monthly", or one stated after a short noun phrase
// ("£600,000 of purchases a year").
func (d *valueDoc) rateAfter(j int) string {
	toks := d.toks
	for k := j; k < len(toks) && k < j+5; k++ {
		t := toks[k]
		if t.kind == tNum {
			return ""
		}
		if t.kind == tSym {
			if d.sym(k) == "/" && k+1 < len(toks) && toks[k+1].kind == tWord {
				if r, ok := vRateUnits[d.lowerTok(k+1)]; ok {
					return r
				}
			}
			if s := d.sym(k); s != "*" && s != "_" && s != "-" && s != ")" {
				return ""
			}
			continue
		}
		w := d.lowerTok(k)
		switch w {
		case "a", "an", "per", "each", "every":
			for m := k + 1; m < len(toks) && m <= k+2; m++ {
				if toks[m].kind != tWord {
					break
				}
				if r, ok := vRateUnits[d.lowerTok(m)]; ok {
					if w == "each" && m == k+1 && k == j && (r == "item" || r == "seat" || r == "person") {
						return ""
					}
					return r
				}
			}
			return ""
		case "monthly", "annually", "weekly", "daily", "yearly", "quarterly", "pa", "pcm", "hourly", "nightly":
			if k == j {
				return vRateUnits[strings.TrimSuffix(w, "ly")+""] + vRateAlias(w)
			}
		case "of":
		default:
			if k > j+3 {
				return ""
			}
		}
	}
	return ""
}

// vRateAlias maps an adverb of frequency to its rate unit.
func vRateAlias(w string) string {
	switch w {
	case "monthly", "pcm", "month":
		return "month"
	case "annually", "yearly", "pa":
		return "year"
	case "weekly":
		return "week"
	case "daily":
		return "day"
	case "quarterly":
		return "quarter"
	case "hourly":
		return "hour"
	case "nightly":
		return "night"
	}
	return ""
}
