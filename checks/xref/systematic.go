package xref

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/check"
)

// A dangling reference is verified one at a time: its label is defined
// nowhere the text can point. When many of one text's references dangle
// although each number falls within the numbering the text or its source
// has (clause 4.1 of a contract whose clauses run to 10), the check has
// most likely not read how that numbering is laid out (sub-clauses run
// inline after a bold title, "§ 4" titles, an amended agreement's own
// clauses), and the text is not wrong minSystematic times over: those
// findings inform. References past the numbering (clause 14 of a
// ten-clause contract) still block however many there are.

// minSystematic is how many different in-range labels dangling in one
// text show a numbering the check has not read.
const minSystematic = 3

// inRangeRef is a dangling reference (its finding's index) to a numbered
// label (key) within the numbering; attachments number apart and are not
// counted.
type inRangeRef struct {
	i   int
	key string
}

// withinNumbering reports whether id's top-level number is one the text's
// or its source's numbering reaches.
func withinNumbering(id string, o, src *xrefOutline) bool {
	top, ok := topNumber(id)
	return ok && top > 0 && top <= numberingTop(o, src)
}

// informSystematic turns the run's in-range dangling references into
// information when they name minSystematic different labels or more.
func (r *xrefRun) informSystematic() {
	labels := make(map[string]bool, len(r.inRange))
	for _, d := range r.inRange {
		labels[d.key] = true
	}
	if len(labels) < minSystematic {
		return
	}
	for _, d := range r.inRange {
		f := &r.out[d.i]
		f.Severity = check.SeverityInfo
		f.Message += fmt.Sprintf(", like %d other labels in this text whose numbers fall within its numbering: the numbering is most likely laid out in a way the check does not read; check the reference", len(labels)-1)
	}
}
