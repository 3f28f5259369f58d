package xref

import (
	"strings"
	"unicode/utf8"
)

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
	if own.opensWith(ref, true, s) || titleOpening(doc.Text, s, e) {
		return true
	}
	noun, num, named := strings.Cut(ref, " ")
	if named && listNouns[strings.ToLower(noun)] && own.opensWith(num+".", false, s) {
		return true
	}
	// In the source and the evidence: the id itself ("IAM-2"), or a part
	// named with its noun as the source names it ("Item 5  Deductible",
	// "Item C-1 Scope."), or the number of a plural ("Items 1.1" over a
	// source line "1.1 Appointments …").
	var tries []string
	if idLike(ref) {
		tries = append(tries, ref)
	}
	if named && partNouns[strings.ToLower(noun)] {
		tries = append(tries, ref)
		if strings.Contains(num, ".") || idLike(num) {
			tries = append(tries, num)
		}
	}
	for _, t := range tries {
		if r.openingsOf(openSource, doc.SourceText).opensWith(t, true, -1) {
			return true
		}
		for i, ev := range doc.Evidence {
			if r.openingsOf(i, ev.Content).opensWith(t, true, -1) {
				return true
			}
		}
	}
	return false
}

// partNouns are the words a text names a part of a document by, singular
// and plural, as definedElsewhere looks them up in the source.
var partNouns = map[string]bool{"item": true, "items": true, "part": true, "parts": true, "point": true, "points": true,
	"rule": true, "rules": true, "term": true, "terms": true, "line": true, "lines": true, "annex": true, "schedule": true}

// titleOpening reports whether the reference at text[s:e] opens its line
// as a title ("Part 1 - Scope", "PART 2: FINDINGS", "Part 3" alone): the
// line defines the part it names rather than pointing to it.
func titleOpening(text string, s, e int) bool {
	ls := strings.LastIndexByte(text[:s], '\n') + 1
	if strings.Trim(text[ls:s], " \t#*>") != "" {
		return false
	}
	le := strings.IndexByte(text[e:], '\n')
	if le < 0 {
		le = len(text) - e
	}
	rest := strings.TrimLeft(strings.TrimPrefix(text[e:e+le], "**"), " \t")
	rest = strings.TrimRight(rest, " \t\r*")
	if rest == "" {
		return true
	}
	sep, size := utf8.DecodeRuneInString(rest)
	return strings.ContainsRune("-–—:.", sep) && len(rest) > size && (rest[size] == ' ' || rest[size] == '\t') && len(rest) < 100
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
