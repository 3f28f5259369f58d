package revision

import (
	"regexp"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// Partial dates: a month and a day without a year ("March 3", "3rd of
// March"), or a month and a year without a day ("March 2025").
var (
	monthDayRe  = regexp.MustCompile(`^([A-Z][a-z]{2,8})\.?[ \t]+(\d{1,2})(?:st|nd|rd|th)?\b`)
	dayMonthRe  = regexp.MustCompile(`^(\d{1,2})(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?([A-Z][a-z]{2,8})\b`)
	monthYearRe = regexp.MustCompile(`^([A-Z][a-z]{2,8})[ \t]+(?:of[ \t]+)?(\d{4})\b`)
)

// scanPartialDates finds dates without a year or without a day, keyed
// "*-MM-DD" and "YYYY-MM-*", so that "March 3" and "March 2025" are dates,
// not bare numbers. Full dates are read before (scanDates).
func scanPartialDates(text string, ws []doctext.Span) []fact {
	var out []fact
	month := func(w string) (int, bool) {
		m, ok := doctext.Months[strings.ToLower(w)]
		if !ok {
			m, ok = monthAbbrev[strings.ToLower(w)]
		}
		return m, ok
	}
	var buf []byte
	for k, w := range ws {
		c := text[w.Start]
		// Cheap tests first: a month word, or one or two digits before a
		// word that starts upper-case; only then the anchored patterns.
		switch {
		case c >= 'A' && c <= 'Z':
			buf = doctext.LowerInto(buf, text[w.Start:w.End])
			if _, ok := month(string(buf)); !ok {
				continue
			}
		case c >= '0' && c <= '9':
			if w.End-w.Start > 4 || k+1 >= len(ws) {
				continue
			}
			nc := text[ws[k+1].Start]
			if !(nc >= 'A' && nc <= 'Z' || nc == 'o') { // "3 March", "3rd of March"
				continue
			}
		default:
			continue
		}
		win := text[w.Start:min(len(text), w.Start+30)]
		switch {
		case c >= 'A' && c <= 'Z':
			if m := monthYearRe.FindStringSubmatch(win); m != nil {
				if mo, ok := month(m[1]); ok {
					out = append(out, fact{kind: FactDate, key: m[2] + "-" + doctext.Pad2(mo) + "-*", start: w.Start, end: w.Start + len(m[0])})
					continue
				}
			}
			if m := monthDayRe.FindStringSubmatch(win); m != nil {
				if mo, ok := month(m[1]); ok && doctext.Atoi(m[2]) >= 1 && doctext.Atoi(m[2]) <= 31 {
					out = append(out, fact{kind: FactDate, key: "*-" + doctext.Pad2(mo) + "-" + doctext.Pad2(doctext.Atoi(m[2])), start: w.Start, end: w.Start + len(m[0])})
				}
			}
		case c >= '0' && c <= '9':
			if m := dayMonthRe.FindStringSubmatch(win); m != nil {
				if mo, ok := month(m[2]); ok && doctext.Atoi(m[1]) >= 1 && doctext.Atoi(m[1]) <= 31 {
					out = append(out, fact{kind: FactDate, key: "*-" + doctext.Pad2(mo) + "-" + doctext.Pad2(doctext.Atoi(m[1])), start: w.Start, end: w.Start + len(m[0])})
				}
			}
		}
	}
	return out
}

// monthAbbrev maps the usual month abbreviations ("Jan", "Sept").
var monthAbbrev = map[string]int{
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8,
	"sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}
