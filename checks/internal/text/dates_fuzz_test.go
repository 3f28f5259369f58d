package text

import (
	"strings"
	"testing"
)

// FuzzParseDateAt checks ParseDateAt, which tries each date expression
// only on its shape, against parseDateAtRef, which tries them all.
func FuzzParseDateAt(f *testing.F) {
	for _, s := range []string{
		"2025-03-01", "1/2/2025", "12/31/1999 x", "1st March 2025", "31 December, 2024", "2nd day of May 2025",
		"24 hours", "5 times", "March 3, 2025", "May 5th 2025", "29 February 2023", "1 MARCH 2025", "1 marchx 2025", "3\tJuly\t2020",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i < len(s) && i < 64; i++ {
			gd, gok := ParseDateAt(s, i)
			wd, wok := parseDateAtRef(s, i)
			if gd != wd || gok != wok {
				t.Fatalf("ParseDateAt(%q, %d) = %+v, %v; trying every expression: %+v, %v", s, i, gd, gok, wd, wok)
			}
		}
	})
}

// parseDateAtRef is ParseDateAt as it was, trying every expression.
func parseDateAtRef(text string, i int) (Date, bool) {
	w := text[i:min(len(text), i+40)]
	if w == "" {
		return Date{}, false
	}
	c := w[0]
	if c >= '0' && c <= '9' {
		if !dateShaped(w) {
			return Date{}, false
		}
		if m := isoRe.FindStringSubmatch(w); m != nil {
			if k, ok := dateKey(Atoi(m[1]), Atoi(m[2]), Atoi(m[3])); ok {
				return Date{Start: i, End: i + len(m[0]), Key: k, Form: formISO}, true
			}
		}
		if m := numericRe.FindStringSubmatch(w); m != nil {
			a, b, y := Atoi(m[1]), Atoi(m[2]), Atoi(m[3])
			us, okUS := dateKey(y, a, b) // month/day
			eu, okEU := dateKey(y, b, a) // day/month
			d := Date{Start: i, End: i + len(m[0]), Form: formNumeric}
			switch {
			case okUS && okEU && us != eu:
				d.Key, d.Alt = us, eu
			case okUS:
				d.Key = us
			case okEU:
				d.Key = eu
			default:
				return Date{}, false
			}
			return d, true
		}
		if m := dmyRe.FindStringSubmatch(w); m != nil {
			if mo, ok := Months[strings.ToLower(m[2])]; ok {
				if k, ok := dateKey(Atoi(m[3]), mo, Atoi(m[1])); ok {
					return Date{Start: i, End: i + len(m[0]), Key: k, Form: formDMY}, true
				}
			}
		}
		return Date{}, false
	}
	if m := mdyRe.FindStringSubmatch(w); m != nil {
		if mo, ok := Months[strings.ToLower(m[1])]; ok {
			if k, ok := dateKey(Atoi(m[3]), mo, Atoi(m[2])); ok {
				return Date{Start: i, End: i + len(m[0]), Key: k, Form: formMDY}, true
			}
		}
	}
	return Date{}, false
}

// FuzzMonthLens checks that monthLens turns away no capitalised word of 3
// to 9 bytes that lower-cases (as ScanDates does) to a month.
func FuzzMonthLens(f *testing.F) {
	for _, s := range []string{"March", "MAY", "September", "Supplier", "Section", "Dec", "June", "J\u212aly", "AUGUST"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, w string) {
		if len(w) < 3 || len(w) > 9 || w[0] < 'A' || w[0] > 'Z' {
			return
		}
		if _, month := Months[strings.ToLower(w)]; month && monthLens[w[0]-'A']&(1<<len(w)) == 0 {
			t.Fatalf("monthLens turns away %q, a month", w)
		}
	})
}
