package xref

import (
	"regexp"
	"strings"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// References without a family keyword: an item's short id ("F6", "R-04"),
// a bare paragraph number after "see" ("(see 7.2)"), and a part named by
// its title ("see HOW TO APPLY below").

// shortWord reports a short id ("F6", "R-04") at word w whose prefix the
// text labels its items with but whose number it does not. A text that
// labels no item by initial has no short ids to check (wordRefs does not
// ask).
func (r *selfRefRun) shortWord(w doctext.Span) {
	text := r.text
	init, num, e, ok := shortRef(text, w)
	if !ok || !r.short[init] || doctext.InSpans(r.excluded, w.Start, e) || thousandsGroupAt(text, e) {
		return
	}
	if fam := prefixFamily(init); !r.labels[fam][strings.TrimLeft(num, "0")] {
		r.report(w.Start, e, text[w.Start:e])
	}
}

// seeNumberWord reports "(see 7.2)" at word w: a bare paragraph number a
// text that numbers its own paragraphs points to; the source's numbers
// are the source's. The expression runs only at a "see" or "cf" word, on
// a short window, so the scan stays linear.
func (r *selfRefRun) seeNumberWord(w doctext.Span) {
	text, doc := r.text, r.doc
	if w.End-w.Start < 2 || w.End-w.Start > 3 || text[w.Start]|0x20 != 's' && text[w.Start]|0x20 != 'c' {
		return
	}
	m := seeNumRe.FindStringSubmatchIndex(text[w.Start:min(len(text), w.Start+40)])
	if m == nil {
		return
	}
	shiftMatch(m, w.Start)
	id := text[m[2]:m[3]]
	if !numbersOwnParagraphs(r.labels) || r.labels["part"][id] || doctext.InSpans(r.excluded, m[2], m[3]) {
		return
	}
	if doc.SourceText != "" && r.srcLabels()[id] || refOfInstrument(text, m[3]) || refOfOther(text, m[3]) || externalRef(text, m[2], m[3]) {
		return
	}
	r.report(m[2], m[3], "paragraph "+id)
}

// seeTitleRefs reports a pointer to a part by its title (`see "Refunds"
// below`) when no heading of the text carries that title.
func (r *selfRefRun) seeTitleRefs() {
	text := r.text
	for _, m := range seeTitleMatches(text) {
		g := 2
		if m[2] < 0 {
			g = 4
		}
		title := text[m[g]:m[g+1]]
		if !hasHeadingTitled(text, title) {
			r.report(m[g], m[g+1], "the part titled \""+title+"\"")
		}
	}
}

// seeTitleRe finds a pointer to a part by its title: `see "Refunds"
// below`, "(see HOW TO APPLY above)".
var seeTitleRe = regexp.MustCompile(`\b(?:[Ss]ee|[Ss]ee also|[Rr]ead|under|in)[ \t]+(?:["“'‘]([^"”'’\n]{2,60})["”'’]|([A-Z][A-Z0-9'’&,-]*(?:[ \t]+[A-Z0-9][A-Z0-9'’&,-]*){0,8}))[ \t]+(?:below|above)\b`)

// hasHeadingTitled reports whether text has a heading whose words hold
// title's (case and punctuation aside).
func hasHeadingTitled(text, title string) bool {
	want := strings.Join(strings.Fields(strings.ToLower(strings.Trim(title, " .:"))), " ")
	for _, h := range doctext.SectionHeadings(text) {
		got := strings.Join(strings.Fields(strings.ToLower(strings.Trim(h, " *_#:"))), " ")
		if strings.Contains(got, want) || strings.Contains(want, got) && len(got) > 3 {
			return true
		}
	}
	return false
}

// shortRef reads an item reference by its id at word w: "F6", "R-04",
// "AI-5" (the word "AI" followed by "-5"). It returns the prefix, the
// number and the end of the reference.
func shortRef(text string, w doctext.Span) (prefix, num string, end int, ok bool) {
	i := w.Start
	for i < w.End && i-w.Start < 4 && text[i] >= 'A' && text[i] <= 'Z' {
		i++
	}
	if i == w.Start || i-w.Start > 4 {
		return "", "", 0, false
	}
	digits := func(from, to int) bool {
		if to-from < 1 || to-from > 3 {
			return false
		}
		for k := from; k < to; k++ {
			if text[k] < '0' || text[k] > '9' {
				return false
			}
		}
		return true
	}
	switch {
	case i < w.End:
		if digits(i, w.End) {
			return text[w.Start:i], text[i:w.End], w.End, true
		}
	case w.End < len(text) && text[w.End] == '-':
		e := w.End + 1
		for e < len(text) && e-w.End <= 4 && text[e] >= '0' && text[e] <= '9' {
			e++
		}
		if digits(w.End+1, e) && (e == len(text) || !doctext.IsWordByte(text[e])) {
			return text[w.Start:i], text[w.End+1 : e], e, true
		}
	}
	return "", "", 0, false
}

// prefixFamily returns the item family an id prefix stands for: a single
// initial its word ("F" for finding, so "F3" and "Finding 3" are one
// label), any other prefix itself ("AI-2", "T-6").
func prefixFamily(prefix string) string {
	if len(prefix) == 1 {
		if f, ok := initialFamily[prefix[0]]; ok {
			return f
		}
	}
	return "id:" + prefix
}

// seeNumRe finds a bare paragraph number after "see": "(see 7.2)", "see
// also 4.1". A unit or a further digit after it ("see 7.2%", "see 7.2.1"
// is read whole) makes it no reference.
var seeNumRe = regexp.MustCompile(`^(?:[Ss]ee|cf\.)(?:[ \t]+also)?[ \t]+(\d{1,3}\.\d{1,3}(?:\.\d{1,3})?)(?:[ \t]*[),;]|[ \t]+(?:above|below)\b|\.(?:[ \t]|$))`)

// thousandsGroupAt reports whether a group of three digits, set off by a
// space, follows offset e: "R8 500,00" is eight thousand five hundred rand
// written with a space between the thousands, not the label R8.
func thousandsGroupAt(text string, e int) bool {
	if e+4 > len(text) || text[e] != ' ' {
		return false
	}
	for k := e + 1; k < e+4; k++ {
		if text[k] < '0' || text[k] > '9' {
			return false
		}
	}
	return e+4 == len(text) || !doctext.IsWordByte(text[e+4])
}
