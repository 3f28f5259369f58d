package values

import (
	"sort"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/text"
)

// maxSectionValues bounds how many values after a heading's are read for
// it, and maxSubjectTries how many of them are tested for its subject:
// the work per heading value is bounded, so the rule stays linear.
const (
	maxSectionValues = 256
	maxSubjectTries  = 16
)

// headingConflicts reports a value in a heading ("## You have 30 days to
// send back unused items", "## Notice period (three months)") that its own
// section contradicts: the heading summarises the section, so when the
// section states values of the heading's class about the heading's
// subject and none of them equals the heading's, the first that differs
// is the same quantity stated two ways. The finding stands on the
// section's value and names the heading's.
//
// Only amounts, durations, percentages and multiples are read (dates,
// times and counts in a heading often name an event or a version); a
// section ends at the next heading of any level, so a subsection's values
// are never held against a parent's title.
func (d *valueDoc) headingConflicts(doc check.Document) []check.Finding {
	if len(d.headings) == 0 || len(d.ms) < 2 {
		return nil
	}
	var out []check.Finding
	var idx *text.LineIndex
	ms := d.ms
	for hi := 0; hi < len(ms); hi++ {
		h := &ms[hi]
		if h.flags&fHeading == 0 || h.flags&(fHypo|fRange) != 0 || !vHeadingClass(h.class) {
			continue
		}
		sec := d.sectionOf(h.start)
		end := len(d.text)
		if sec+1 < len(d.headings) {
			end = d.headings[sec+1]
		}
		var first *mention
		equal := false
		tried := 0
		for qi := hi + 1; qi < len(ms) && ms[qi].start < end && qi-hi <= maxSectionValues; qi++ {
			q := &ms[qi]
			if q.sent == h.sent || q.class != h.class || q.flags&(fHeading|fHypo|fRange) != 0 {
				continue
			}
			if vEqualValues(h, q) {
				equal = true
				break
			}
			if first == nil && tried < maxSubjectTries && d.comparable(h, q) {
				tried++
				if d.sharesSubject(h, q) {
					first = q
				}
			}
		}
		if equal || first == nil {
			continue
		}
		if idx == nil {
			idx = text.AnalysisOf(doc).LineIndex()
		}
		out = append(out, d.conflictFinding(idx, h, first, &evidenceValues{}, true))
	}
	return out
}

// vHeadingClass reports whether a heading's value of class c states a
// quantity its section restates: an amount, a duration, a percentage or a
// multiple.
func vHeadingClass(c string) bool {
	switch c {
	case "days", "bdays", "months", "minutes", "seconds", "percent", "multiple":
		return true
	}
	return len(c) > 6 && c[:6] == "money:"
}

// sectionOf returns the index of the heading whose section holds offset
// at, or -1 before the first heading.
func (d *valueDoc) sectionOf(at int) int {
	return sort.SearchInts(d.headings, at+1) - 1
}

// sharesSubject reports whether h and q name one subject: a word of h's
// noun phrase in q's, or a rarer word (not a generic quantity word such
// as "fee" or "notice") of h's phrase or clause in q's sentence.
func (d *valueDoc) sharesSubject(h, q *mention) bool {
	for _, a := range h.head {
		if vContainsID(q.head, a) {
			return true
		}
	}
	s := &d.sents[q.sent]
	words := d.wordIDs(nil, d.text[s.start:s.end], false)
	for _, set := range [][]int32{h.head, h.ctx} {
		for _, a := range set {
			if d.idf(a) >= 0.5 && !d.generic(a) && vContainsID(words, a) {
				return true
			}
		}
	}
	return false
}
