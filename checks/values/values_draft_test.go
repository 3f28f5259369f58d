package values

import (
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// TestValueDraftedText covers drafted text (inserted or replacement
// wording) in documents that are themselves the new text: an amending
// contract's summary and a redline's notes describe the drafted values,
// so a drafted value that differs from them is a conflict; a value marked
// as the current one is not.
func TestValueDraftedText(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "an amendment's heading and the clause it inserts", suspect: true,
			kind: evaluator.KindContract,
			text: "4. **Transition assistance (90 days).** The following is added to the Agreement as a new Section 10.5:\n\n" +
				"   \"10.5 On expiry or termination of this Agreement, the Supplier will, at the Customer's request, provide transition assistance for up to sixty (60) days at its then-current rates.\"\n",
			want: "sixty (60) days",
		},
		{
			name: "an amending deed's schedule heading and the clause it substitutes",
			kind: evaluator.KindContract,
			text: "## Schedule 2 — Notice period (three months)\n\nClause 14.1 of the Agreement is deleted and replaced with the following:\n\n" +
				"\"14.1 Either party may end this Agreement by giving the other party two months' notice in writing.\"\n",
			want: "two months",
		},
		{
			name: "trap: the current value and the drafted one",
			kind: evaluator.KindRedline,
			text: "The current cure period of 10 days is too short for a defect in the payment service.\n\n" +
				"Replace clause 9.2 with:\n\n> 9.2 A party in breach has 30 days after notice to cure the breach.\n",
		},
		{
			name: "trap: an amending agreement states the old and the new term",
			kind: evaluator.KindContract,
			text: "B. Under the Original Agreement the Initial Term was 24 months.\n\n" +
				"1. Clause 2.1 is replaced with: \"2.1 The Initial Term is 36 months from the Commencement Date.\"\n",
		},
	})
}
