package revision

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// listMarkerRe matches what may precede a list or heading number on its line.
var listMarkerRe = regexp.MustCompile(`^[ \t]*(?:#{1,6}[ \t]*)?$`)

// unitWords are the nouns after which a spelled-out number is a fact
// ("thirty days", "two business days"); elsewhere "one" and "two" are prose.
var unitWords = map[string]bool{
	"day": true, "days": true, "week": true, "weeks": true, "month": true, "months": true,
	"year": true, "years": true, "hour": true, "hours": true, "minute": true, "minutes": true,
	"percent": true, "business": true, "calendar": true, "working": true, "times": true,
	"installments": true, "instalments": true, "payments": true, "copies": true,
	"employees": true, "units": true, "shares": true, "members": true, "seats": true,
	"licenses": true, "licences": true, "weeks'": true, "days'": true, "months'": true,
}

// scanNumbers returns the spans of the figures in text: digit runs with
// optional thousands groups ("1,200") and decimals ("1.5"), in order. It
// runs in time linear in len(text).
func scanNumbers(text string) []doctext.Span {
	var out []doctext.Span
	isDigit := func(i int) bool { return i < len(text) && text[i] >= '0' && text[i] <= '9' }
	for i := 0; i < len(text); i++ {
		if !isDigit(i) {
			continue
		}
		s := i
		for isDigit(i) {
			i++
		}
		if i-s <= 3 {
			for i+3 < len(text) && text[i] == ',' && isDigit(i+1) && isDigit(i+2) && isDigit(i+3) && !isDigit(i+4) {
				i += 4
			}
		}
		if i+1 < len(text) && text[i] == '.' && isDigit(i+1) {
			i++
			for isDigit(i) {
				i++
			}
		}
		out = append(out, doctext.Span{Start: s, End: i})
		i-- // the loop's i++ moves past the figure
	}
	return out
}

// numberBounded reports whether text[s:e] is a number on its own: not part
// of a word ("Q3", "v2", "E12"), an identifier or a version ("1.2.3"). An
// ordinal suffix ("30th") and a percent sign are allowed.
func numberBounded(text string, s, e int) bool {
	if s > 0 {
		c := text[s-1]
		if doctext.IsWordByte(c) || c == '.' || c == '-' && s > 1 && isLetterByte(text[s-2]) || c == '/' || c == ':' {
			return false
		}
		if c >= utf8.RuneSelf {
			r, _ := utf8.DecodeLastRuneInString(text[:s])
			if unicode.IsLetter(r) {
				return false
			}
		}
	}
	if e < len(text) {
		rest := text[e:]
		for _, suf := range []string{"st", "nd", "rd", "th"} {
			if strings.HasPrefix(rest, suf) && (len(rest) == len(suf) || !doctext.IsWordByte(rest[len(suf)])) {
				return true
			}
		}
		c := text[e]
		if doctext.IsWordByte(c) || c == '/' || c == ':' || c == '.' && e+1 < len(text) && text[e+1] >= '0' && text[e+1] <= '9' {
			return false
		}
	}
	return true
}

// isLetterByte reports whether c is an ASCII letter: "INV-2291" is an
// identifier, "5-7" a range of two numbers.
func isLetterByte(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// isListMarker reports whether the number at [s,e) numbers a list item or a
// heading ("1. ", "2) ", "## 3. Payment").
func isListMarker(text string, s, e int) bool {
	ls := strings.LastIndexByte(text[:s], '\n') + 1
	if !listMarkerRe.MatchString(text[ls:s]) {
		return false
	}
	rest := text[e:]
	return strings.HasPrefix(rest, ". ") || strings.HasPrefix(rest, ") ") || strings.HasPrefix(rest, ".\t") || rest == "." ||
		strings.HasPrefix(rest, " ") && strings.HasPrefix(text[ls:s], "#")
}

// enumeratorWords are the words after which a number counts the document's
// own parts ("Step 2", "Option 3", "Finding 4"), not a fact of the case.
var enumeratorWords = map[string]bool{
	"step": true, "steps": true, "option": true, "options": true, "phase": true, "stage": true,
	"item": true, "items": true, "point": true, "points": true, "part": true, "tier": true,
	"level": true, "question": true, "finding": true, "findings": true, "recommendation": true,
	"issue": true, "priority": true, "round": true, "page": true, "pages": true, "line": true,
	"lines": true, "version": true, "figure": true, "table": true, "note": true, "footnote": true,
	"no": true, "nos": true, "number": true,
}

// isEnumerator reports whether the number at [s,e) numbers the text's own
// parts: after an enumerator word ("Step 2", "page 4") or "#", or a small
// integer alone in parentheses or brackets ("(1)", "[2]").
func isEnumerator(text string, s, e int) bool {
	if s > 0 && text[s-1] == '#' {
		return true
	}
	if s > 0 && e < len(text) && e-s <= 2 && (text[s-1] == '(' && text[e] == ')' || text[s-1] == '[' && text[e] == ']') {
		return true
	}
	i := s
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '.') && s-i < 2 {
		i--
	}
	if i == s {
		return false
	}
	ws := i
	for ws > 0 && doctext.IsWordByte(text[ws-1]) {
		ws--
	}
	return ws < i && i-ws <= 14 && enumeratorWords[strings.ToLower(text[ws:i])]
}

// numberWordValues returns the values of every run of number words in
// text, in any context ("three issues" gives 3), so that a revision
// writing a figure the previous candidate spelled out changes nothing.
func numberWordValues(text string) map[string]bool {
	out := map[string]bool{}
	ws := doctext.WordSpans(text)
	var buf []byte
	for i := 0; i < len(ws); i++ {
		words, j, nb := numberWordRun(text, ws, i, buf)
		buf = nb
		if len(words) == 0 {
			continue
		}
		if v, ok := doctext.ParseNumberWords(words); ok {
			out[strconv.Itoa(v)] = true
		}
		i = j - 1
	}
	return out
}

// numberWordRun reads the run of number words starting at word i (at most
// maxNumberWords; "and" may join them after the first) and returns them
// lower-cased, the index of the first word after the run, and buf for
// reuse.
func numberWordRun(text string, ws []doctext.Span, i int, buf []byte) (words []string, j int, _ []byte) {
	for j = i; j < len(ws) && j-i < doctext.MaxNumberWords; j++ {
		buf = doctext.LowerInto(buf, text[ws[j].Start:ws[j].End])
		w := string(buf)
		if _, ok := doctext.NumberWords[w]; !ok && !(w == "and" && j > i) {
			break
		}
		words = append(words, w)
	}
	return words, j, buf
}

// numberWordFacts finds spelled-out numbers followed by a unit ("thirty
// days", "twenty-five percent", "two business days").
func numberWordFacts(text string, ws []doctext.Span, free func(s, e int) bool) []fact {
	var out []fact
	var buf []byte
	for i := 0; i < len(ws); i++ {
		buf = doctext.LowerInto(buf, text[ws[i].Start:ws[i].End])
		if _, ok := doctext.NumberWords[string(buf)]; !ok {
			continue
		}
		words, j, nb := numberWordRun(text, ws, i, buf)
		buf = nb
		for len(words) > 0 && words[len(words)-1] == "and" {
			words, j = words[:len(words)-1], j-1
		}
		if j >= len(ws) {
			break
		}
		buf = doctext.LowerInto(buf, text[ws[j].Start:ws[j].End])
		if !unitWords[string(buf)] {
			i = j - 1
			continue
		}
		v, ok := doctext.ParseNumberWords(words)
		s, e := ws[i].Start, ws[j-1].End
		if ok && free(s, e) {
			out = append(out, fact{kind: FactNumber, key: strconv.Itoa(v), start: s, end: e, num: float64(v)})
		}
		i = j - 1
	}
	return out
}
