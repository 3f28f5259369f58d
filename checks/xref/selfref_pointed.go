package xref

import (
	"regexp"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// pointedRefRe finds a part named by a noun and a number that the text
// says is its own by pointing up or down to it: "(see Change 8 above)",
// "the pay figure in paragraph 9 above.", "Option C below:". The pointer
// ends its clause, so "level 3 above the threshold" is no such reference.
var pointedRefRe = regexp.MustCompile(`\b([A-Za-z]{3,15})[ \t]+(\d{1,3}|[A-Z])[ \t]+(?:above|below)(?:[.,;:)]|[ \t]*$)`)

// pointedRefs reports each pointedRefRe reference whose noun no family of
// the keyword references judges (those are judged by keywordRef) and that
// no line of the text opens with: the text points to a part of itself it
// does not have.
func (r *selfRefRun) pointedRefs() {
	text := r.text
	if !strings.Contains(text, " above") && !strings.Contains(text, " below") {
		return
	}
	for _, m := range pointedRefRe.FindAllStringSubmatchIndex(text, -1) {
		s, e := m[2], m[5]
		noun := strings.ToLower(text[m[2]:m[3]])
		if doctext.InSpans(r.excluded, s, e) || judgedFamily(noun) || pointerFiller[noun] {
			continue
		}
		if r.definedElsewhere(s, e) {
			continue
		}
		r.report(s, e, text[s:e])
	}
}

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
