package text

import (
	"regexp"
	"strconv"
	"strings"
)

// Date forms, as reported in messages.
const (
	formMDY     = "Month D, YYYY"
	formDMY     = "D Month YYYY"
	formISO     = "YYYY-MM-DD"
	formNumeric = "numeric (NN/NN/YYYY)"
)

// Months maps the lower-case English month names to their numbers, 1 to
// 12.
var Months = map[string]int{
	"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
	"august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
}

// monthLens holds, per capital letter, the byte lengths of the month
// names that open with it (bit n for n bytes): ScanDates lower-cases and
// looks up only a capitalised word that fits one ("Supplier" and
// "Section" do not). A word lower-cased to a month is ASCII (no capital
// outside ASCII folds to one of a month's letters), so it keeps its length
// and its first letter (FuzzMonthLens).
var monthLens = func() (t [26]uint16) {
	for m := range Months {
		t[m[0]-'a'] |= 1 << len(m)
	}
	return t
}()

var (
	mdyRe     = regexp.MustCompile(`^([A-Za-z]{3,9})[ \t]+(\d{1,2})(?:st|nd|rd|th)?,?[ \t]+(\d{4})\b`)
	dmyRe     = regexp.MustCompile(`^(\d{1,2})(?:st|nd|rd|th)?[ \t]+(?:day[ \t]+of[ \t]+)?([A-Za-z]{3,9}),?[ \t]+(\d{4})\b`)
	isoRe     = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})\b`)
	numericRe = regexp.MustCompile(`^(\d{1,2})/(\d{1,2})/(\d{4})\b`)
)

// Date is one date found in a text. A numeric date whose day and month
// could be swapped has alt set to the other reading.
type Date struct {
	Start, End int
	Key        string // "2025-03-01"
	Alt        string // the other reading of an ambiguous numeric date, or ""
	Form       string
}

// ParseDateAt reads a date starting exactly at offset i of text.
func ParseDateAt(text string, i int) (Date, bool) {
	w := text[i:min(len(text), i+40)]
	if w == "" {
		return Date{}, false
	}
	c := w[0]
	if c >= '0' && c <= '9' {
		if !dateShaped(w) {
			return Date{}, false
		}
		// Each expression needs its own shape: four digits and '-', one or
		// two and '/', or one or two and a month name (or "day of"); the
		// others would be tried in vain on every count of a text.
		n := leadingDigits(w)
		if m := matchIfSub(n == 4, isoRe, w); m != nil {
			if k, ok := dateKey(Atoi(m[1]), Atoi(m[2]), Atoi(m[3])); ok {
				return Date{Start: i, End: i + len(m[0]), Key: k, Form: formISO}, true
			}
		}
		if m := matchIfSub(n <= 2 && w[n] == '/', numericRe, w); m != nil {
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
		if m := matchIfSub(n <= 2 && monthFollows(w, n), dmyRe, w); m != nil {
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

// Atoi returns the decimal integer s, or 0 when s is not one.
func Atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// dateKey returns "YYYY-MM-DD" for a valid calendar date.
func dateKey(y, m, d int) (string, bool) {
	if m < 1 || m > 12 || d < 1 || y < 1000 {
		return "", false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && (y%4 == 0 && y%100 != 0 || y%400 == 0) {
		days = 29
	}
	if d > days {
		return "", false
	}
	return strconv.Itoa(y) + "-" + Pad2(m) + "-" + Pad2(d), true
}

// Pad2 returns n in decimal with at least two digits ("07").
func Pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// ScanDates finds every date in text, in order; ws are the words of text.
// Only words that start with a digit or are a month name are tried, and each
// try is an anchored match on a 40-byte window, so the scan is linear in
// len(text).
func ScanDates(text string, ws []Span) []Date {
	var out []Date
	var buf []byte
	next := 0
	for _, w := range ws {
		s, e := w.Start, w.End
		if s < next {
			continue
		}
		c := text[s]
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z') {
			continue
		}
		if c >= 'A' && c <= 'Z' {
			if e-s < 3 || e-s > 9 || monthLens[c-'A']&(1<<(e-s)) == 0 {
				continue
			}
			buf = LowerInto(buf, text[s:e])
			if _, ok := Months[string(buf)]; !ok {
				continue
			}
		}
		if d, ok := ParseDateAt(text, s); ok && !inIdentifier(text, d.Start, d.End) {
			out = append(out, d)
			next = d.End
		}
	}
	return out
}

// inIdentifier reports whether text[s:e] is glued into an identifier by a
// hyphen or an underscore ("run fitbuddy-2026-10-30", "backup_2026-01-05",
// "2026-01-05_export"): a name, not a date the text states.
func inIdentifier(text string, s, e int) bool {
	glued := func(sep, c byte) bool {
		return (sep == '-' || sep == '_') && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9')
	}
	return s >= 2 && glued(text[s-1], text[s-2]) || e+1 < len(text) && glued(text[e], text[e+1])
}

// leadingDigits returns how many ASCII digits w opens with.
func leadingDigits(w string) int {
	n := 0
	for n < len(w) && w[n] >= '0' && w[n] <= '9' {
		n++
	}
	return n
}

// monthFollows reports whether the word after w's n leading digits (an
// ordinal suffix and blanks skipped) is a month name, any case, or "day"
// ("1st day of March"): dmyRe's month must be one of Months for
// ParseDateAt to read a date.
func monthFollows(w string, n int) bool {
	i := n
	if i+2 <= len(w) && (w[i:i+2] == "st" || w[i:i+2] == "nd" || w[i:i+2] == "rd" || w[i:i+2] == "th") {
		i += 2
	}
	j := i
	for j < len(w) && (w[j] == ' ' || w[j] == '\t') {
		j++
	}
	if j == i {
		return false
	}
	k := j
	for k < len(w) && asciiLetter(w[k]) {
		k++
	}
	if k-j < 3 || k-j > 9 {
		return false
	}
	var buf [9]byte
	for x := j; x < k; x++ {
		buf[x-j] = w[x] | 0x20
	}
	_, month := Months[string(buf[:k-j])]
	return month || w[j:k] == "day"
}

// matchIfSub runs re.FindStringSubmatch on s only when ok (a cheap
// pre-test passed).
func matchIfSub(ok bool, re *regexp.Regexp, s string) []string {
	if !ok {
		return nil
	}
	return re.FindStringSubmatch(s)
}

// dateShaped is a cheap test that the digits at the start of w can begin a
// date: "2025-", "1/", "12/", or one or two digits (with an ordinal suffix)
// followed by a space and a letter.
func dateShaped(w string) bool {
	n := 0
	for n < len(w) && w[n] >= '0' && w[n] <= '9' {
		n++
	}
	switch {
	case n == 4:
		return n < len(w) && w[n] == '-'
	case n == 1 || n == 2:
		if n < len(w) && w[n] == '/' {
			return true
		}
		i := n
		if i+2 <= len(w) && (w[i:i+2] == "st" || w[i:i+2] == "nd" || w[i:i+2] == "rd" || w[i:i+2] == "th") {
			i += 2
		}
		return i+1 < len(w) && (w[i] == ' ' || w[i] == '\t') && (w[i+1]|0x20 >= 'a' && w[i+1]|0x20 <= 'z')
	}
	return false
}
