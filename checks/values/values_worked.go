package values

import (
	"strings"
)

// This file gives the result of a worked calculation its subject.

// workedResults gives the result of a displayed calculation ("5 hours x
// 10% x £200 = £100"), which names no noun of its own, the subject of the
// lead-in that introduces it ("The credit is 10% of your fee for each
// hour, so:"): the first value of the sentence ending in a colon right
// before the calculation's sentence is what the calculation works out.
// The result is flagged fOperand: a figure worked out is what its subject
// must be, so another figure for that subject, even a generic one ("the
// credit"), contradicts it.
func (d *valueDoc) workedResults() {
	for i := range d.ms {
		m := &d.ms[i]
		if len(m.head) > 0 || m.sent == 0 || !strings.HasSuffix(strings.TrimRight(d.text[:m.start], " \t"), "=") {
			continue
		}
		lead := &d.sents[m.sent-1]
		if lead.end > m.start || !strings.HasSuffix(strings.TrimRight(d.text[lead.start:lead.end], " \t\r\n*_"), ":") {
			continue
		}
		// The lead-in's first value, read before m.
		for j := i - 1; j >= 0 && d.ms[j].sent >= m.sent-1; j-- {
			if d.ms[j].sent == m.sent-1 && (j == 0 || d.ms[j-1].sent != m.sent-1) {
				m.head = append(m.head[:0:0], d.ms[j].head...)
				m.flags |= fOperand
				break
			}
		}
	}
}
