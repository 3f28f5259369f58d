package values

import (
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// This file reads dates and times of day.

// timeAt reads a time of day at figure token i ("10:30 am", "8:15 a.m.",
// "19:35", "10.30am").
func (d *valueDoc) timeAt(i int, v float64) (rawValue, bool) {
	toks, text := d.toks, d.text
	t := toks[i]
	h, m := -1.0, 0.0
	j := i + 1
	if j+1 < len(toks) && d.sym(j) == ":" && d.adjacent(j) && toks[j+1].kind == tNum && d.adjacent(j+1) && toks[j+1].end-toks[j+1].start == 2 {
		mm, _ := vFigureValue(text[toks[j+1].start:toks[j+1].end])
		h, m = v, mm
		j += 2
	} else if s := text[t.start:t.end]; len(s) >= 4 && s[len(s)-3] == '.' && j < len(toks) && d.isMeridiem(j) {
		h = float64(int(v))
		m = float64(int((v-h)*100 + 0.5))
	}
	if h < 0 || h > 24 || m >= 60 {
		return rawValue{}, false
	}
	end := toks[j-1].end
	if k, pm, ok := d.meridiem(j); ok {
		if pm && h < 12 {
			h += 12
		} else if !pm && h == 12 {
			h = 0
		}
		end = toks[k-1].end
		j = k
	}
	return rawValue{class: "time", val: h*60 + m, start: t.start, end: end, next: j}, true
}

func (d *valueDoc) isMeridiem(j int) bool { _, _, ok := d.meridiem(j); return ok }

// meridiem reads "am", "pm", "a.m." or "p.m." at j: it returns the token
// after it and whether it is pm.
func (d *valueDoc) meridiem(j int) (int, bool, bool) {
	switch {
	case d.tokIs(j, "am"):
		return j + 1, false, true
	case d.tokIs(j, "pm"):
		return j + 1, true, true
	case d.tokIs(j, "a", "p") && d.sym(j+1) == "." && d.tokIs(j+2, "m"):
		k := j + 3
		if d.sym(k) == "." {
			k++
		}
		return k, d.tokIs(j, "p"), true
	}
	return 0, false, false
}

// dateAt reads a date (or a date range) starting at token i: a full date
// ("18 November 2026", "March 1, 2025", "2026-11-18"), a day and month
// without a year ("3 November"), and "between 1 July and 18 November 2026"
// or "1 July to 18 November 2026" as one range.
func (d *valueDoc) dateAt(i int) (rawValue, bool) {
	y, md, end, next, ok := d.dateTokens(i)
	if !ok {
		return rawValue{}, false
	}
	start := d.toks[i].start
	// A range: "<date> and|to|until|–|- <date>".
	if next+1 < len(d.toks) && (d.tokIs(next, "to", "until", "till", "through", "and") || d.sym(next) == "–" || d.sym(next) == "-" || d.sym(next) == "—") {
		if y2, md2, end2, next2, ok := d.dateTokens(next + 1); ok {
			if d.tokIs(next, "and") && !d.tokIs(i-1, "between") {
				goto single
			}
			if y == 0 {
				y = y2
			}
			return rawValue{class: "daterange", val: y*1e4 + md, val2: y2*1e4 + md2, start: start, end: end2, first: i, next: next2}, true
		}
	}
single:
	return rawValue{class: "date", val: md, val2: y, start: start, end: end, first: i, next: next}, true
}

// dateTokens reads one date at token i: its year (0 when not given), its
// month*100+day, the end offset and the next token.
func (d *valueDoc) dateTokens(i int) (y, md float64, end, next int, ok bool) {
	toks, text := d.toks, d.text
	if i >= len(toks) {
		return 0, 0, 0, 0, false
	}
	t := toks[i]
	if dt, ok := doctext.ParseDateAt(text, t.start); ok && dt.Alt == "" && dt.End <= toks[len(toks)-1].end {
		k := i
		for k < len(toks) && toks[k].start < dt.End {
			k++
		}
		var yy, mm, dd int
		if n, _ := vFmtSscanDate(dt.Key, &yy, &mm, &dd); n == 3 {
			return float64(yy), float64(mm*100 + dd), dt.End, k, true
		}
	}
	// A day and a month with no year: "3 November", "November 3".
	if t.kind == tNum && i+1 < len(toks) && toks[i+1].kind == tWord {
		day, okd := vFigureValue(text[t.start:t.end])
		if mo, ok := doctext.Months[d.lowerTok(i+1)]; ok && okd && day >= 1 && day <= 31 && day == float64(int(day)) {
			return 0, float64(mo*100 + int(day)), toks[i+1].end, i + 2, true
		}
	}
	if t.kind == tWord && i+1 < len(toks) && toks[i+1].kind == tNum {
		if mo, ok := doctext.Months[d.lowerTok(i)]; ok {
			day, okd := vFigureValue(text[toks[i+1].start:toks[i+1].end])
			if okd && day >= 1 && day <= 31 && day == float64(int(day)) {
				return 0, float64(mo*100 + int(day)), toks[i+1].end, i + 2, true
			}
		}
	}
	return 0, 0, 0, 0, false
}

// vFmtSscanDate splits a "YYYY-MM-DD" key.
func vFmtSscanDate(key string, y, m, dd *int) (int, error) {
	if len(key) != 10 {
		return 0, nil
	}
	*y, *m, *dd = doctext.Atoi(key[:4]), doctext.Atoi(key[5:7]), doctext.Atoi(key[8:])
	return 3, nil
}

// vDateQual returns the qualifier a date gives the values of its sentence.
func vDateQual(md, y float64) string {
	return "date:" + doctext.FormatNum(md)
}
