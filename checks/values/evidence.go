package values

import (
	"github.com/evalopt/evalopt/checks/check"
)

// A conflict between two values is inferred from grammar: both read as the
// same quantity. That is a suspicion, not a fact, so the finding warns only
// when a second, independent signal agrees, and the task's evidence is the
// one at hand: the values the source and the other evidence state. A
// deliverable that restates two values its source states is describing
// two quantities of the source, not contradicting itself; one whose two
// values split between one the source states and one it does not has
// misstated the other.

// evidenceValues is the set of values the task's evidence states, each
// with the subject words (noun phrase and sentence) it is stated with.
type evidenceValues struct {
	keys map[valueKey]map[string]bool
}

// maxEvidenceBytes bounds how much evidence is read for values: the check
// stays linear in its input whatever the task carries.
const maxEvidenceBytes = 4 << 20

// readEvidenceValues reads the values of doc's source text and of every
// evidence item (each text once, at most maxEvidenceBytes in all).
func readEvidenceValues(doc check.Document) evidenceValues {
	ev := evidenceValues{}
	budget := maxEvidenceBytes
	read := func(text string) {
		if text == "" || budget <= 0 {
			return
		}
		if len(text) > budget {
			text = text[:budget]
		}
		budget -= len(text)
		d := readValueDoc(check.Document{Text: text})
		if ev.keys == nil {
			ev.keys = make(map[valueKey]map[string]bool, len(d.ms))
		}
		names := d.wordNames()
		for i := range d.ms {
			m := &d.ms[i]
			k := vValueKey(m)
			ws := ev.keys[k]
			if ws == nil {
				ws = map[string]bool{}
				ev.keys[k] = ws
			}
			for _, set := range [][]int32{m.head, m.ctx} {
				for _, id := range set {
					ws[names[id]] = true
				}
			}
		}
	}
	read(doc.SourceText)
	for _, e := range doc.Evidence {
		if e.Content != doc.SourceText {
			read(e.Content)
		}
	}
	return ev
}

// has reports whether the evidence states m's value about m's subject:
// the value, with a word of m's noun phrase in the noun phrase or the
// sentence it is stated in. A common value ("30 days") the source states
// of something else is not m's.
func (ev evidenceValues) has(d *valueDoc, m *mention) bool {
	ws := ev.keys[vValueKey(m)]
	if ws == nil {
		return false
	}
	names := d.wordNames()
	for _, id := range m.head {
		if ws[names[id]] {
			return true
		}
	}
	return false
}

// wordNames returns the word of each subject word id (the inverse of
// d.ids), built once.
func (d *valueDoc) wordNames() []string {
	if len(d.names) != len(d.ids) {
		d.names = make([]string, len(d.ids))
		for k, id := range d.ids {
			d.names[id] = k
		}
	}
	return d.names
}
