package values

import (
	"strings"
)

// This file decides which item ids ("MJ-1", "F-02") a value is cited to.

// vClauseStops end the clause of a sentence a value stands in, for the ids
// cited to it: "resisted jailbreaks (2 of 120 succeeded), but two
// weaknesses matter: ... (MJ-1, High)" cites MJ-1 for the weaknesses only.
const vClauseStops = ":;"

// mentionIDs returns the "id:" anchors of m's sentence that stand in m's
// own clause: the sentence's ids when it has one clause, else those named
// between the clause stops around m.
func (d *valueDoc) mentionIDs(m *mention) []string {
	s := &d.sents[m.sent]
	var ids []string
	for _, a := range s.anchors {
		if strings.HasPrefix(a, "id:") {
			ids = append(ids, a)
		}
	}
	if len(ids) == 0 || s.start > m.start || m.end > s.end {
		return ids
	}
	text := d.text[s.start:s.end]
	if !strings.ContainsAny(text, vClauseStops) {
		return ids
	}
	lo := strings.LastIndexAny(d.text[s.start:m.start], vClauseStops) + 1 + s.start
	hi := strings.IndexAny(d.text[m.end:s.end], vClauseStops)
	if hi < 0 {
		hi = s.end
	} else {
		hi += m.end
	}
	clause := d.text[lo:hi]
	own := ids[:0:0]
	for _, a := range ids {
		if strings.Contains(clause, a[len("id:"):]) {
			own = append(own, a)
		}
	}
	return own
}

// vProperPart reports whether a ratio's part is neither none nor all of
// its whole: "9 of 25", not "0 of 25" or "25 of 25".
func vProperPart(m *mention) bool { return m.val > 0 && m.val < m.val2 }
