package values

import (
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// TestValueHeadings covers a heading's value that its own section
// contradicts, and the traps of sections that state other values too.
func TestValueHeadings(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "a consumer page's heading and its bullet",
			kind: evaluator.KindPlainLanguage,
			text: "## You have 30 days to send back unused items\n\n- The law gives you 14 days to cancel an online order.\n" +
				"- We go further. You can return any **unused** item in its original packaging up to **28 days** after delivery.\n",
			want: "28 days",
		},
		{
			name: "a memo's issue heading and its analysis",
			kind: evaluator.KindReviewMemo,
			text: "## Summary\n\nTwo issues.\n\n### 2. Liability cap (EUR 100,000 per year)\n\n" +
				"Clause 7(2) limits the provider's liability cap for stored goods to EUR 250,000 per calendar year, far below the stock value.\n",
			want: "EUR 250,000",
		},
		{
			name: "trap: the heading's value is restated beside others",
			kind: evaluator.KindPlainLanguage,
			text: "## 30-day returns\n\nYou can send back unused items within 30 days. We refund you within 14 days of getting them back.\n",
		},
		{
			name: "trap: a subsection states another period",
			kind: evaluator.KindContract,
			text: "## 2. Term (24 months)\n\n2.1 This Agreement runs for an Initial Term of 24 months.\n\n### 2.2 Renewal\n\nIt then renews for successive terms of 12 months.\n",
		},
		{
			name: "trap: a heading's price and other plans' prices",
			kind: evaluator.KindCustomerReply,
			text: "## Your plan (£10 a month)\n\nIf you move to Pro, you would pay £25 a month instead.\n",
		},
		{
			name: "trap: a heading's notice and a different period in its section",
			kind: evaluator.KindPlainLanguage,
			text: "### Ending the agreement (1 month's notice)\n\nIf we break this agreement, you can end it straight away. If a payment is missed, we wait 14 days before we write to you.\n",
		},
	})
}
