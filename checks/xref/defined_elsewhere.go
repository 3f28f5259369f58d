package xref

import "strings"

// definedElsewhere reports whether a reference that names no part of the
// deliverable's own outline still names something that exists, so that
// calling it dangling would rest on a guess: a line of the deliverable
// that opens with it (a plain title line, "What you can do", "Part 1 -
// Scope", which no heading grammar may have read as a heading), an ordered
// list item it counts ("Step 3" over a list whose third item is "3."), or
// an id that labels a line of the source or of an evidence item ("IAM-2",
// "GC11", "S2": the source's own clauses, a standard's controls). Each
// text's line openings are indexed once per run (openingsOf), so that a
// text with many such references is not read once per reference.
func (r *selfRefRun) definedElsewhere(s, e int) bool {
	doc := r.doc
	ref := strings.Trim(doc.Text[s:e], "\"“”' ")
	if ref == "" {
		return false
	}
	own := r.openingsOf(openText, doc.Text)
	if own.opensWith(ref, true, s) {
		return true
	}
	if noun, num, ok := strings.Cut(ref, " "); ok && listNouns[strings.ToLower(noun)] && own.opensWith(num+".", false, s) {
		return true
	}
	if !idLike(ref) {
		return false
	}
	if r.openingsOf(openSource, doc.SourceText).opensWith(ref, false, -1) {
		return true
	}
	for i, ev := range doc.Evidence {
		if r.openingsOf(i, ev.Content).opensWith(ref, false, -1) {
			return true
		}
	}
	return false
}

// The texts openingsOf indexes besides the evidence items (by index).
const (
	openText   = -2
	openSource = -1
)

// openingsOf returns the index of text's line openings, built on first
// need; which names the text (openText, openSource or an evidence index).
func (r *selfRefRun) openingsOf(which int, text string) *lineOpenings {
	if r.openings == nil {
		r.openings = map[int]*lineOpenings{}
	}
	o := r.openings[which]
	if o == nil {
		o = newLineOpenings(text)
		r.openings[which] = o
	}
	return o
}

// listNouns are the words that count the items of an ordered list.
var listNouns = map[string]bool{"step": true, "point": true, "item": true, "stage": true, "question": true}

// maxOpenLines bounds how many lines of a text are indexed.
const maxOpenLines = 50000

// idLike reports whether ref is an identifier of letters and digits
// ("IAM-2", "GC11", "S2.1", "AC-1"), not a word or a plain number.
func idLike(ref string) bool {
	letters, digits := 0, 0
	for _, r := range ref {
		switch {
		case r >= 'A' && r <= 'Z':
			letters++
		case r >= '0' && r <= '9':
			digits++
		case r == '-' || r == '.':
		default:
			return false
		}
	}
	return letters > 0 && digits > 0
}
