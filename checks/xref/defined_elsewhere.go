package xref

import (
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

// definedElsewhere reports whether a reference that names no part of the
// deliverable's own outline still names something that exists, so that
// calling it dangling would rest on a guess: a line of the deliverable
// that opens with it (a plain title line, "What you can do", "Part 1 -
// Scope", which no heading grammar may have read as a heading), an ordered
// list item it counts ("Step 3" over a list whose third item is "3."), or
// an id that labels a line of the source or of an evidence item ("IAM-2",
// "GC11", "S2": the source's own clauses, a standard's controls).
func definedElsewhere(doc check.Document, s, e int) bool {
	ref := strings.Trim(doc.Text[s:e], "\"“”' ")
	if ref == "" {
		return false
	}
	if linesOpenWith(doc.Text, ref, true, s) {
		return true
	}
	if noun, num, ok := strings.Cut(ref, " "); ok && listNouns[strings.ToLower(noun)] && linesOpenWith(doc.Text, num+".", false, s) {
		return true
	}
	if !idLike(ref) {
		return false
	}
	if linesOpenWith(doc.Source, ref, false, -1) {
		return true
	}
	for _, ev := range doc.Evidence {
		if linesOpenWith(ev.Content, ref, false, -1) {
			return true
		}
	}
	return false
}

// listNouns are the words that count the items of an ordered list.
var listNouns = map[string]bool{"step": true, "point": true, "item": true, "stage": true, "question": true}

// maxOpenLines bounds how many lines linesOpenWith reads.
const maxOpenLines = 50000

// linesOpenWith reports whether a line of text, after list marks, emphasis
// and table pipes, opens with prefix followed by a non-word byte (case
// folded when fold); the line holding offset skip (the reference itself)
// does not count.
func linesOpenWith(text, prefix string, fold bool, skip int) bool {
	n, at := 0, 0
	for line := range strings.Lines(text) {
		start := at
		at += len(line)
		if n++; n > maxOpenLines {
			return false
		}
		if start <= skip && skip < at {
			continue
		}
		l := strings.TrimLeft(line, " \t#>|-*+_")
		if len(l) < len(prefix) {
			continue
		}
		head := l[:len(prefix)]
		if head != prefix && !(fold && strings.EqualFold(head, prefix)) {
			continue
		}
		if len(l) == len(prefix) || !doctext.IsWordByte(l[len(prefix)]) {
			return true
		}
	}
	return false
}

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
