package placeholder

import (
	"regexp"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// valueUnits are the words after which a blank marker ("X", "XX", "N/A")
// stands where a number belongs: "within XX business days", "N/A days".
var valueUnits = map[string]bool{
	"day": true, "days": true, "business": true, "calendar": true, "working": true,
	"week": true, "weeks": true, "month": true, "months": true, "year": true, "years": true,
	"hour": true, "hours": true, "minute": true, "minutes": true, "percent": true,
	"per": true, "times": true, "eur": true, "usd": true, "gbp": true, "dollars": true, "euros": true,
	"pounds": true, "units": true, "seats": true, "users": true, "%": true,
}

// beforeUnit reports whether the word after offset e (skipping blanks) is
// a unit of valueUnits, or e is followed by '%'.
func beforeUnit(text string, e int) bool {
	j := e
	for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '-') {
		j++
	}
	if j < len(text) && text[j] == '%' {
		return true
	}
	s, we := doctext.NextWord(text, j, min(len(text), j+16))
	if s != j || we == s {
		return false
	}
	return valueUnits[strings.ToLower(text[s:we])]
}

// romanContext are words after which an X run is a Roman numeral.
var romanContext = []string{"article", "section", "part", "chapter", "schedule", "title", "annex", "appendix", "exhibit"}

// romanRangeContext are words after which a range of X runs is a range
// of Roman numerals.
var romanRangeContext = append([]string{"articles", "sections", "parts", "chapters", "schedules", "titles", "annexes", "appendices", "exhibits"}, romanContext...)

// word decides whether the word text[s:e] is (the start of) a placeholder.
func (c *placeholderCheck) word(text string, s, e int) (doctext.Span, bool) {
	w := text[s:e]
	if c.tokenFirst[w[0]] && len(w) >= c.tokenLen[0] && len(w) <= c.tokenLen[1] && c.tokens[w] {
		return doctext.Span{Start: s, End: e}, true
	}
	if allX(w) {
		if s > 0 && (text[s-1] == '$' || strings.HasSuffix(text[:s], "€") || strings.HasSuffix(text[:s], "£")) {
			end := e
			for end < len(text) && (text[end] == 'X' || text[end] == 'x' || text[end] == ',' || text[end] == '.') {
				end++
			}
			return doctext.Span{Start: s - 1, End: trimRightPunct(text, s, end)}, true
		}
		if len(w) >= 3 && !c.afterWord(text, s, romanContext) {
			return doctext.Span{Start: s, End: e}, true
		}
		// "0470-XX XX XX", "at XX:XX": the digits of a number or a time
		// masked.
		if w == "XX" && (s >= 2 && text[s-1] == '-' && text[s-2] >= '0' && text[s-2] <= '9' || strings.HasPrefix(text[e:], ":XX")) {
			end := e
			for end+3 <= len(text) && (text[end] == ' ' || text[end] == ':' || text[end] == '-') && text[end+1:end+3] == "XX" {
				end += 3
			}
			return doctext.Span{Start: s, End: end}, true
		}
		// "XX business days", "X months": a number left blank.
		if w[0] == 'X' && beforeUnit(text, e) && !c.afterWord(text, s, romanContext) {
			return doctext.Span{Start: s, End: e}, true
		}
	}
	// "before DD/MM/YYYY": a date format mask where the date belongs.
	if maskParts[w] && e < len(text) && (text[e] == '/' || text[e] == '-' || text[e] == '.' || text[e] == ' ' || text[e] == '\t') {
		if m := dateMaskRe.FindStringIndex(text[s:min(len(text), s+16)]); m != nil && !describesFormat(text, s, s+m[1]) {
			return doctext.Span{Start: s, End: s + m[1]}, true
		}
	}
	// "lines XX-XX", "pages X–XX": a range whose ends are both X runs is a
	// range left blank (a Roman range would not repeat its own end).
	if allX(w) && w[0] == 'X' {
		if end, ok := xRange(text, e); ok && (strings.TrimLeft(text[e:end], " -–—") == w || !c.afterWord(text, s, romanRangeContext)) {
			return doctext.Span{Start: s, End: end}, true // "Articles X–XX" is ten to twenty
		}
	}
	// "N/A days": not-applicable where a value belongs.
	if (w == "N" || w == "n") && strings.HasPrefix(text[e:], "/A") && (e+2 == len(text) || !doctext.IsWordByte(text[e+2])) && beforeUnit(text, e+2) {
		return doctext.Span{Start: s, End: e + 2}, true
	}
	if len(w) == 5 && strings.EqualFold(w, "lorem") {
		if end, ok := doctext.MatchRest(text, e, len(text), []string{"ipsum"}); ok {
			return doctext.Span{Start: s, End: end}, true
		}
	}
	return doctext.Span{}, false
}

func allX(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] != 'X' && w[i] != 'x' {
			return false
		}
	}
	return len(w) > 0
}

func trimRightPunct(text string, s, e int) int {
	for e > s && (text[e-1] == ',' || text[e-1] == '.') {
		e--
	}
	return e
}

// afterWord reports whether the word before offset s (skipping blanks) is
// one of words (lower case).
func (c *placeholderCheck) afterWord(text string, s int, words []string) bool {
	j := s
	for j > 0 && (text[j-1] == ' ' || text[j-1] == '\t') {
		j--
	}
	k := j
	for k > 0 && doctext.IsWordByte(text[k-1]) {
		k--
	}
	prev := text[k:j]
	for _, w := range words {
		if strings.EqualFold(prev, w) {
			return true
		}
	}
	return false
}

// maskParts are the parts a date format mask is made of; the regular
// expression runs only on a word that is one of them, followed by a
// separator.
var maskParts = map[string]bool{"DD": true, "MM": true, "YY": true, "YYYY": true, "dd": true, "mm": true, "yy": true, "yyyy": true, "XX": true}

// dateMaskRe matches a date format mask: "DD/MM/YYYY", "MM-DD-YY",
// "yyyy.mm.dd", "DD Month YYYY", and a date of X's ("XX/XX/20XX",
// "XX/XX/2025").
var dateMaskRe = regexp.MustCompile(`^(?:XX[/.\-]XX[/.\-](?:XXXX|XX|[0-9]{2}XX|[0-9]{4}|[0-9]{2})|(?:DD|MM|YYYY|YY)(?:[/.\-](?:DD|MM|YYYY|YY)){1,2}|(?:dd|mm|yyyy|yy)(?:[/.\-](?:dd|mm|yyyy|yy)){1,2}|DD[ \t]+(?:MMMM?|Month)[ \t]+YYYY|dd[ \t]+(?:mmmm?|month)[ \t]+yyyy)\b`)

// formatWords are words near a date mask that show it describes how to
// write a date ("in DD/MM/YYYY format", "written as dd/mm/yyyy") rather
// than standing where a date belongs.
var formatWords = map[string]bool{"format": true, "formats": true, "formatted": true, "form": true, "pattern": true,
	"as": true, "like": true, "e.g": true, "eg": true, "style": true, "notation": true, "using": true, "use": true, "field": true}

// describesFormat reports whether the date mask text[s:e] is named as a
// format: one of formatWords among the two words before it or the word
// after it, or the mask alone in parentheses.
func describesFormat(text string, s, e int) bool {
	if s > 0 && text[s-1] == '(' && e < len(text) && text[e] == ')' {
		return true // "expiry date (MM/YY)": a hint at how to write it
	}
	j := s
	for n := 0; n < 2 && j > 0; n++ {
		k := j
		for k > 0 && !doctext.IsWordByte(text[k-1]) && text[k-1] != '\n' && j-k < 4 {
			k--
		}
		w := k
		for w > 0 && (doctext.IsWordByte(text[w-1]) || text[w-1] == '.') {
			w--
		}
		if w == k {
			break
		}
		if formatWords[strings.ToLower(strings.Trim(text[w:k], "."))] {
			return true
		}
		j = w
	}
	ws, we := doctext.NextWord(text, e, min(len(text), e+16))
	return we > ws && formatWords[strings.ToLower(text[ws:we])]
}

// xRange reports whether an X run that ends at e is followed by a dash and
// another X run ("XX-XX", "X – XX"), and returns the end of that run.
func xRange(text string, e int) (int, bool) {
	j := e
	for j < len(text) && text[j] == ' ' {
		j++
	}
	switch {
	case strings.HasPrefix(text[j:], "-"):
		j++
	case strings.HasPrefix(text[j:], "–"), strings.HasPrefix(text[j:], "—"):
		j += len("–")
	default:
		return 0, false
	}
	for j < len(text) && text[j] == ' ' {
		j++
	}
	k := j
	for k < len(text) && text[k] == 'X' {
		k++
	}
	if k == j || k < len(text) && doctext.IsWordByte(text[k]) {
		return 0, false
	}
	return k, true
}
