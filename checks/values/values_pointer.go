package values

import (
	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/text"
)

// maxPointerLookback bounds how many earlier mentions a pointing value
// ("those 14 days") looks back through for its antecedent.
const maxPointerLookback = 16

// pointerConflicts reports a value introduced by a plural demonstrative
// ("After those 14 days", "of these 6 attempts") that points back to a
// value its own paragraph never stated: when the paragraph states values
// of its class before it and none is equal, it was meant to repeat the
// nearest of them. The grammar names the antecedent, so no shared subject
// words are needed; a paragraph with no earlier value of the class says
// nothing (the antecedent is elsewhere).
func (d *valueDoc) pointerConflicts(doc check.Document) []check.Finding {
	var out []check.Finding
	var idx *text.LineIndex
	ms := d.ms
	for qi := range ms {
		q := &ms[qi]
		if q.flags&fPointer == 0 || q.flags&(fHypo|fRange) != 0 {
			continue
		}
		block := d.sents[q.sent].block
		var nearest *mention
		equal := false
		for pi := qi - 1; pi >= 0 && qi-pi <= maxPointerLookback; pi-- {
			p := &ms[pi]
			if d.sents[p.sent].block != block {
				break
			}
			if p.class != q.class || p.flags&(fHypo|fRange) != 0 {
				continue
			}
			if vEqualValues(p, q) {
				equal = true
				break
			}
			if nearest == nil && p.rate == q.rate && d.effectiveTense(p) == d.effectiveTense(q) {
				nearest = p
			}
		}
		if equal || nearest == nil {
			continue
		}
		if idx == nil {
			idx = text.AnalysisOf(doc).LineIndex()
		}
		out = append(out, d.conflictFinding(idx, nearest, q, &evidenceValues{}, true))
	}
	return out
}
