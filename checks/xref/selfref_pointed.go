package xref

import (
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// pointedRefs reports each part named by a noun and a number that the
// text says is its own by pointing up or down to it ("(see Change 8
// above)", "the pay figure in paragraph 9 above.", "Option C below:")
// whose noun no family of the keyword references judges (those are judged
// by keywordRef) and that no line of the text opens with: the text points
// to a part of itself it does not have. The pointer ends its clause, so
// "level 3 above the threshold" is no such reference. Each "above" and
// "below" is read backwards from where it stands (pointedAt), so the text
// is searched for those two words only.
func (r *selfRefRun) pointedRefs() {
	text := r.text
	for _, w := range [...]string{"above", "below"} {
		for at := 0; ; {
			i := strings.Index(text[at:], w)
			if i < 0 {
				break
			}
			p := at + i // the pointer word
			at = p + len(w)
			s, e, ok := pointedAt(text, p, at)
			if !ok {
				continue
			}
			noun := strings.ToLower(text[s : strings.IndexAny(text[s:e], " \t")+s])
			if doctext.InSpans(r.excluded, s, e) || judgedFamily(noun) || pointerFiller[noun] || r.definedElsewhere(s, e) {
				continue
			}
			r.report(s, e, text[s:e])
		}
	}
}

// pointedAt reads the reference a pointer word at text[p:pe] ends: a noun
// of 3 to 15 letters, blanks, a number of 1 to 3 digits or one capital,
// blanks, the pointer, then a stop, comma, colon, semicolon or closing
// bracket, or blanks to the end of the text. It returns the reference's
// bounds (noun to number).
func pointedAt(text string, p, pe int) (int, int, bool) {
	if pe < len(text) && asciiWordByte(text[pe]) {
		return 0, 0, false
	}
	if !(pe < len(text) && strings.IndexByte(".,;:)", text[pe]) >= 0) && strings.TrimRight(text[pe:], " \t") != "" {
		return 0, 0, false
	}
	j := blanksBefore(text, p)
	if j == p {
		return 0, 0, false
	}
	e := j
	k := e
	for k > 0 && e-k < 3 && text[k-1] >= '0' && text[k-1] <= '9' {
		k--
	}
	if k == e && e > 0 && text[e-1] >= 'A' && text[e-1] <= 'Z' {
		k--
	}
	if k == e || k > 0 && asciiWordByte(text[k-1]) {
		return 0, 0, false
	}
	j = blanksBefore(text, k)
	if j == k {
		return 0, 0, false
	}
	s := j
	for s > 0 && j-s < 15 && isASCIILetter(text[s-1]) {
		s--
	}
	if j-s < 3 || s > 0 && asciiWordByte(text[s-1]) {
		return 0, 0, false
	}
	return s, e, true
}

// blanksBefore returns the start of the run of spaces and tabs ending at i.
func blanksBefore(text string, i int) int {
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	return i
}

// asciiWordByte reports whether c is an ASCII letter, digit or '_': what
// a word boundary of the pointer's grammar separates.
func asciiWordByte(c byte) bool { return isASCIILetter(c) || c >= '0' && c <= '9' || c == '_' }

// isASCIILetter reports whether c is an ASCII letter.
func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// judgedFamily reports whether keywordRef judges references with this
// noun (parts, attachments, the item families).
func judgedFamily(noun string) bool {
	switch familyOf(noun) {
	case "part", "appendix", "annex", "table", "figure", "attachment", "schedule", "exhibit", "clause", "article":
		return true
	}
	return itemFamilyOf(noun) != ""
}

// pointerFiller are words a number after which is no part's label: a
// quantity or a date ("the 30 days above", "in 2024 below").
var pointerFiller = map[string]bool{"the": true, "and": true, "for": true, "than": true, "over": true, "under": true,
	"days": true, "weeks": true, "months": true, "years": true, "hours": true, "minutes": true, "percent": true,
	"points": true, "times": true, "per": true, "from": true, "with": true, "into": true, "onto": true, "about": true,
	"around": true, "page": true, "pages": true, "line": true, "lines": true}
