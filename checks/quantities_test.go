package checks

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/evalopt/evalopt/evaluator"
)

func TestQuantityCheck(t *testing.T) {
	tests := []struct {
		name string
		kind evaluator.Kind
		text string
		want []string // matched texts, later occurrence first in each pair
	}{
		{"transposed price", evaluator.KindCustomerReply,
			"Hi Jo,\n\nYour kettle (€64.90) arrived broken.\n\nWe will refund the €69.40 kettle price to your card.\n",
			[]string{"€64.90", "€69.40"}},
		{"same noun, two durations", evaluator.KindPlainLanguage,
			"## Your cooling-off period\n\nYou have a 14-day cooling-off period after you sign.\n\n## Changing your mind\n\nDuring the 10-day cooling-off period you can cancel for free.\n",
			[]string{"14-day", "10-day"}},
		{"same clause, same subject", evaluator.KindReviewMemo,
			"## Findings\n\n| Clause | Issue |\n|---|---|\n| 6.2 | 60-day payment term |\n\nClause 6.2 sets a payment term of 45 days from invoice.\n",
			[]string{"60-day", "45 days"}},
		{"same rating for one finding", evaluator.KindRedTeamReport,
			"| ID | Severity |\n|---|---|\n| W-4 | High |\n\n### W-4 Open redirect (Medium)\n\nx\n",
			[]string{"High", "Medium"}},
		// Traps: legitimately different values.
		{"different subjects", evaluator.KindPlainLanguage,
			"You have 14 days to cancel. You can return unused items up to 30 days after delivery. We refund you within 5 days of getting the item back.\n", nil},
		{"a rate and a total", evaluator.KindPlainLanguage,
			"You owe $1,200.00 in total. You can pay $50.00 a week until it is paid.\n", nil},
		{"a proposal differs from the current value", evaluator.KindReviewMemo,
			"Clause 9 sets a cure period of 10 days. We propose a cure period of 30 days instead.\n", nil},
		{"components and their total", evaluator.KindCustomerReply,
			"The fare (CAD 200.00) and the fee (CAD 35.00) come to CAD 235.00 in total.\n", nil},
		{"thresholds listed twice", evaluator.KindRedline,
			"7.5 If uptime falls below 97% in a month or below 99% in three months, the Customer may terminate.\n\nRationale: falling below 99% in three months, or below 97% in one month, is a persistent failure.\n", nil},
		{"rows of one table", evaluator.KindCustomerReply,
			"| Item | Price |\n|---|---|\n| Pan | £40.00 |\n| Lid | £4.00 |\n", nil},
		{"quoted source value", evaluator.KindReviewMemo,
			"The cap is £1m. Clause 8 reads: \"liability shall not exceed £2m in aggregate\".\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range NewQuantityCheck().Check(Document{Kind: tt.kind, Text: tt.text}) {
				assert.Equal(t, RuleQuantityConflict, f.Rule)
				got = append(got, f.Location.Text)
			}
			assert.ElementsMatch(t, tt.want, got)
		})
	}
}

func TestNearDigits(t *testing.T) {
	assert.True(t, nearDigits("2304", "234"[:3]+"0"))
	assert.True(t, nearDigits("1920", "1980"))
	assert.False(t, nearDigits("14", "30"))
	assert.False(t, nearDigits("5", "6"), "one digit is too little to call a typo")
}
