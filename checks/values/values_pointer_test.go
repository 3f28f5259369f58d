package values

import (
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// TestValuePointers covers a value introduced by "those"/"these" that its
// paragraph never stated, and the traps of a pointer whose antecedent is
// there or elsewhere.
func TestValuePointers(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "a refund window and 'those' days",
			kind: evaluator.KindPlainLanguage,
			text: "- Yearly plans: if you cancel within 30 days of your first yearly payment, we refund it in full. After those 14 days, we don't refund any part of the year.\n",
			want: "14 days",
		},
		{
			name: "a test count and 'these' runs",
			kind: evaluator.KindRedTeamReport,
			text: "We ran the jailbreak prompt in 12 sessions against the patched build. In all of these 10 sessions the model refused.\n",
			want: "10 sessions",
		},
		{
			name: "trap: the antecedent is equal",
			kind: evaluator.KindPlainLanguage,
			text: "You have 14 days to cancel and 30 days to return an unused item. After those 14 days, you can still return the item.\n",
		},
		{
			name: "trap: no antecedent in the paragraph",
			kind: evaluator.KindCustomerReply,
			text: "Your plan renews every 12 months.\n\nWe keep your data for 30 days after you leave. During those 30 days you can export it.\n",
		},
		{
			name: "trap: the antecedent is in another paragraph",
			kind: evaluator.KindPlainLanguage,
			text: "The law gives you 14 days to cancel.\n\nWe give you 60 days. Within those 60 days you can return anything unused.\n",
		},
	})
}
