package tool

import (
	"math"
	"strconv"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// stated is a value the deliverable gives for a quantity.
type stated struct {
	start, end int
	num        float64
	isNum      bool
	pct        bool
	decs       int
	rating     string  // the canonical rating word, when not a number
	date, alt  string  // a date's ISO key and its other reading ("" when none)
	of         float64 // the total a count is given against ("6 of 8"), or 0
}

// filler are the words between a quantity's name and its value ("risk
// score of 4", "risk: rated High", "risk came back as 3").
var filler = map[string]bool{"of": true, "is": true, "was": true, "at": true, "a": true, "an": true, "the": true,
	"score": true, "scored": true, "scores": true, "rating": true, "rated": true, "level": true, "value": true,
	"returned": true, "returns": true, "gave": true, "gives": true, "came": true, "back": true, "as": true,
	"to": true, "by": true, "set": true, "equal": true, "equals": true, "reported": true, "reports": true,
	"shows": true, "showed": true, "assessed": true, "band": true, "grade": true, "total": true, "count": true,
	"amount": true, "it": true, "its": true, "are": true, "were": true, "be": true, "stands": true, "sits": true}

// maxFillerWords bounds the words between a name and its value.
const maxFillerWords = 4

// statedAfter reads the value given right after a quantity's name, within
// text[:to]: past at most maxFillerWords filler words and punctuation, a
// number ("4", "4/5", "$1,250", "35%") or a rating word ("High").
func statedAfter(text string, i, to int) (stated, bool) {
	for k := 0; k <= maxFillerWords; k++ {
		for i < to && strings.IndexByte(" \t:=()–—-*_|,", text[i]) >= 0 {
			i++
		}
		if i >= to {
			return stated{}, false
		}
		if d, ok := doctext.ParseDateAt(text, i); ok && d.End <= to {
			return stated{start: d.Start, end: d.End, date: d.Key, alt: d.Alt}, true
		}
		if v, ok := numberAt(text, i, to); ok {
			if versionOf(text, v.end, to) {
				return stated{}, false // "CVSS 3.1 base score 9.1": the standard's version, then its score
			}
			return v, true
		}
		s, e := doctext.NextWord(text, i, to)
		if s != i || e <= s {
			return stated{}, false
		}
		w := strings.ToLower(text[s:e])
		if r, ok := ratingWords[w]; ok {
			return stated{start: s, end: e, rating: r}, true
		}
		if !filler[w] {
			return stated{}, false
		}
		i = e
	}
	return stated{}, false
}

// statedBefore reads a rating word or a number right before a quantity's
// name ("a High risk", "3 critical findings"), from text[from:].
func statedBefore(text string, from, i int) (stated, bool) {
	k, j := wordBefore(text, from, i)
	if k == j {
		return stated{}, false
	}
	w := strings.ToLower(text[k:j])
	for n := 0; n < 2 && passiveAux[w]; n++ {
		// "12 were rejected for rate": the count, then the passive's
		// auxiliary, then the quantity's name.
		if k, j = wordBefore(text, from, k); k == j {
			return stated{}, false
		}
		w = strings.ToLower(text[k:j])
	}
	if r, ok := ratingWords[w]; ok {
		return stated{start: k, end: j, rating: r}, true
	}
	if v, ok := numberAt(text, k, j); ok && v.end == j {
		return v, true
	}
	return stated{}, false
}

// wordBefore returns the bounds of the word (digits, '.', ',' and '%'
// included) that ends before i, blanks and hyphens between, within
// text[from:]; k == j when there is none.
func wordBefore(text string, from, i int) (k, j int) {
	j = i
	for j > from && (text[j-1] == ' ' || text[j-1] == '\t' || text[j-1] == '-') {
		j--
	}
	k = j
	for k > from && (doctext.IsWordByte(text[k-1]) || text[k-1] == '.' || text[k-1] == ',' || text[k-1] == '%') {
		k--
	}
	return k, j
}

// passiveAux are the auxiliaries between a count and a passive name: "12
// were rejected", "3 have been blocked".
var passiveAux = map[string]bool{"were": true, "was": true, "are": true, "is": true, "been": true, "have": true, "has": true, "had": true, "got": true}

// numberAt parses a number starting at i: an optional currency sign, digits
// with thousands commas and a decimal part, then "%", "/N" or "out of N"
// (the scale, which is not the value).
func numberAt(text string, i, to int) (stated, bool) {
	start := i
	if start > 0 && (doctext.IsWordByte(text[start-1]) || text[start-1] == '-' && start > 1 && doctext.IsWordByte(text[start-2])) {
		return stated{}, false // "HMI-07", "AC2": the digits of an identifier, not a value
	}
	for _, sign := range [...]string{"$", "£", "€"} {
		if strings.HasPrefix(text[i:to], sign) {
			i += len(sign)
			break
		}
	}
	if i < to && text[i] == '-' {
		i++
	}
	d := i
	for i < to && (text[i] >= '0' && text[i] <= '9' || text[i] == ',' && i+1 < to && text[i+1] >= '0' && text[i+1] <= '9' && i > d) {
		i++
	}
	if i == d {
		return stated{}, false
	}
	if i+1 < to && text[i] == '.' && text[i+1] >= '0' && text[i+1] <= '9' {
		i++
		for i < to && text[i] >= '0' && text[i] <= '9' {
			i++
		}
	}
	if i < to && doctext.IsWordByte(text[i]) {
		return stated{}, false // "2b", "4th": a label, not a value
	}
	if i+1 < to && text[i] == '.' && text[i+1] >= '0' && text[i+1] <= '9' {
		return stated{}, false // "203.0.113.11", "1.11.0": an address or a version, not a value
	}
	if i+1 < to && text[i] == '/' && (text[i+1]|0x20 >= 'a' && text[i+1]|0x20 <= 'z') {
		return stated{}, false // "CVSS:3.1/AV:N/…", "v2/entries": a version in a vector or path
	}
	raw := strings.ReplaceAll(text[d:i], ",", "")
	if d > start && text[d-1] == '-' {
		raw = "-" + raw
	}
	n, err := strconv.ParseFloat(raw, 64)
	if err != nil || math.IsInf(n, 0) {
		return stated{}, false
	}
	v := stated{start: start, end: i, num: n, isNum: true, decs: decimals(raw)}
	if i < to && text[i] == '%' {
		v.pct = true
		v.end = i + 1
	}
	for _, sep := range [...]string{" of ", " out of ", "/"} {
		if strings.HasPrefix(text[v.end:to], sep) {
			if t, ok := numberAt(text, v.end+len(sep), to); ok && !t.pct {
				v.of = t.num // "6 of 8", "4/5": the scale or the total
			}
			break
		}
	}
	if s, e := doctext.NextWord(text, v.end, to); s < to && s-v.end <= 1 {
		w := strings.ToLower(text[s:e])
		if w == "percent" || w == "per" && strings.HasPrefix(strings.ToLower(text[e:min(to, e+5)]), " cent") {
			v.pct = true
		} else if unitWords[w] {
			return stated{}, false // "a risk of 2 weeks' delay": a duration, not the rating
		}
	}
	return v, true
}

// unitWords are units a number may carry; a number with one is a
// measure of something else than a tool's bare score.
var unitWords = map[string]bool{"day": true, "days": true, "week": true, "weeks": true, "month": true, "months": true,
	"year": true, "years": true, "hour": true, "hours": true, "minute": true, "minutes": true, "second": true,
	"seconds": true, "business": true, "working": true, "calendar": true, "times": true, "x": true, "gb": true,
	"mb": true, "kb": true, "ms": true, "am": true, "pm": true}

// equal reports whether the stated value is the tool's value f: the same
// rating, or the same number allowing for the rounding the text shows
// (0.347 written 0.35) and for a share written as a percentage (0.35
// written 35%).
func equal(v stated, f field) bool {
	if f.date != "" || v.date != "" {
		return f.date != "" && (v.date == f.date || v.alt == f.date)
	}
	if !v.isNum {
		r, ok := ratingWords[strings.ToLower(f.value)]
		return ok && r == v.rating
	}
	if !f.isNum {
		return false
	}
	if f.of > 0 && v.of > 0 && f.of != v.of {
		return false // "6 of 8" is not "6/10"
	}
	if sameNumber(v.num, v.decs, f.num) {
		return true
	}
	return v.pct && sameNumber(v.num/100, v.decs+2, f.num)
}

// sameNumber reports whether a number written with decs decimals is x.
func sameNumber(n float64, decs int, x float64) bool {
	if math.Abs(n-x) <= 1e-9*math.Max(1, math.Abs(x)) {
		return true
	}
	p := math.Pow(10, float64(min(decs, 9)))
	return math.Round(x*p) == math.Round(n*p) && decs < decimals(strconv.FormatFloat(x, 'f', -1, 64))
}

// comparable reports whether a stated value and a tool's value are of one
// kind (numbers, or rating words).
func comparable(v stated, f field) bool {
	if v.date != "" || f.date != "" {
		return v.date != "" && f.date != ""
	}
	if v.isNum && v.pct && f.isNum && !f.pct && f.of == 0 && f.num > 1 && !rateKey(f.key) {
		return false // "28%" is no restatement of "attempts: 50": a share is no count
	}
	if v.isNum {
		return f.isNum
	}
	r, ok := ratingWords[strings.ToLower(f.value)]
	if yesNo(v.rating) != yesNo(r) {
		return false // a yes or no restates a boolean, not "none" or "high"
	}
	return ok && !f.isNum
}

// yesNo reports whether a canonical rating is a boolean's.
func yesNo(r string) bool { return r == "yes" || r == "no" }

// rateKeyWords are words of a key whose value may be a percentage written
// as a number ("success rate": 28, "score": 72).
var rateKeyWords = []string{"rate", "pct", "percent", "ratio", "share", "score", "asr", "accuracy", "precision", "recall", "coverage", "availability", "uptime", "probability"}

// rateKey reports whether key (lower-cased, words blank-separated) names a
// rate or a score rather than a count.
func rateKey(key string) bool {
	for _, w := range rateKeyWords {
		if strings.Contains(key, w) {
			return true
		}
	}
	return false
}

// versionOf reports whether the word after a number (ending at e) makes
// it the version of the named standard: "3.1 base score", "3.1 vector".
func versionOf(text string, e, to int) bool {
	s, w := doctext.NextWord(text, e, min(to, e+16))
	if w <= s || s > e+1 {
		return false
	}
	switch strings.ToLower(text[s:w]) {
	case "base", "vector", "temporal", "environmental":
		return true
	}
	return false
}

// verbReach bounds the words between a verb of scoring and its value.
const verbReach = 60

// statedAfterVerb reads the value a verb of scoring gives, past the
// subject it names: "rates clause 9(b) at 4", "scored the T3 suite as
// High", "scores 3".
func statedAfterVerb(text string, i, to int) (stated, bool) {
	if v, ok := statedAfter(text, i, to); ok {
		return v, true
	}
	lim := min(to, i+verbReach)
	for _, sep := range [...]string{" at ", " as ", ": ", " of "} {
		if j := strings.Index(text[i:lim], sep); j >= 0 {
			return statedAfter(text, i+j+len(sep), to)
		}
	}
	return stated{}, false
}

// ratioBefore reads the count of a ratio whose total v is: "31 of 100
// attempts", "31 out of 100", "31/100".
func ratioBefore(text string, ss int, v stated) (stated, bool) {
	if !v.isNum || v.pct {
		return stated{}, false
	}
	j := v.start
	var lead string
	for _, sep := range [...]string{" of ", " out of ", "/"} {
		if j-len(sep) >= ss && text[j-len(sep):j] == sep {
			lead = text[ss : j-len(sep)]
			break
		}
	}
	if lead == "" {
		return stated{}, false
	}
	k := len(lead)
	for k > 0 && (lead[k-1] >= '0' && lead[k-1] <= '9' || lead[k-1] == ',' || lead[k-1] == '.') {
		k--
	}
	if k == len(lead) {
		return stated{}, false
	}
	n, ok := numberAt(text, ss+k, ss+len(lead))
	return n, ok && n.end == ss+len(lead)
}
