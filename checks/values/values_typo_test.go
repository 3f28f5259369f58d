package values

import (
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// TestValueTypos covers one figure mistyped as another: a changed or
// transposed digit about one subject, across clauses, tables and prose,
// and the traps of figures that only look alike.
func TestValueTypos(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "salary and severance at the current salary, two clauses",
			kind: evaluator.KindContract,
			text: "2.1 Your base salary is CAD 158,000 a year, paid every two weeks.\n\n" +
				"7.2 If your employment ends within 12 months after a change of control, you are entitled to 12 months of severance pay (CAD 185,000 at your current salary).\n",
			want: "CAD 185,000",
		},
		{
			name: "a credit in a table row and in prose, digits reordered",
			kind: evaluator.KindCustomerReply,
			text: "Here is how it works out:\n\n| | |\n|---|---|\n| Your monthly fee | £192.00 |\n| **Your credit** | **£19.20** |\n\n" +
				"The credit of £21.90 will come off your next invoice.\n",
			want: "£21.90",
		},
		{
			name: "a deposit cell whose unit is in the row, not the heading",
			kind: evaluator.KindPlainLanguage,
			text: "## Your rent\n\nYour rent is CAD 1,640.00 a month, paid on the 1st.\n\n## Deposits\n\n" +
				"| Deposit | Amount |\n|---|---|\n| Rent deposit | CAD 1,460.00 (one month's rent) |\n| Key deposit | CAD 75.00 |\n",
			want: "CAD 1,460.00",
		},
		{
			name: "a package in the opening, transposed in an issue",
			kind: evaluator.KindReviewMemo,
			text: "My short answer is that the headline package (AUD 385,000 fixed, plus a 30% STI target) is in line with the market.\n\n" +
				"## Issue 5: Award coverage\n\nAt AUD 358,000 you are well above the high income threshold, so the Award is unlikely to apply.\n",
			want: "AUD 358,000",
		},
		{
			name: "transposed price in a reply",
			kind: evaluator.KindCustomerReply,
			text: "Hi Jo,\n\nYour kettle (€64.90) arrived broken.\n\nWe will refund the €69.40 kettle price to your card.\n",
			want: "€69.40",
		},
		// Traps: figures that share digits but are different things.
		{
			name: "trap: two fees one digit apart, different subjects",
			kind: evaluator.KindContract,
			text: "3.1 The set-up fee is $16,500, payable on signature.\n\n5.2 The annual support fee is $18,500, payable in advance.\n",
		},
		{
			name: "trap: a before and after in a change letter",
			kind: evaluator.KindPlainLanguage,
			text: "Your rent is going up. You now pay NZD 470.00 a week. From Monday 5 October 2026 you will pay NZD 495.00 a week.\n",
		},
		{
			name: "trap: a part and its total",
			kind: evaluator.KindCustomerReply,
			text: "The fare (CAD 215.00) and the fee (CAD 36.00) come to CAD 251.00 in total.\n",
		},
		{
			name: "trap: a rate and a lump sum with the same digits",
			kind: evaluator.KindPlainLanguage,
			text: "You owe $1,250.00 altogether. You can pay $152.00 a month until it is paid.\n",
		},
		{
			name: "trap: different subjects, different durations",
			kind: evaluator.KindPlainLanguage,
			text: "You have 14 days to cancel. You can return unused items up to 30 days after delivery. We refund you within 5 days of getting the item back.\n",
		},
		{
			name: "trap: a proposal differs from the current value",
			kind: evaluator.KindReviewMemo,
			text: "Clause 9 sets a cure period of 10 days. We propose a cure period of 30 days instead.\n",
		},
		{
			name: "trap: rows of one table",
			kind: evaluator.KindCustomerReply,
			text: "| Item | Price |\n|---|---|\n| Pan | £40.00 |\n| Lid | £4.00 |\n",
		},
		{
			name: "trap: thresholds listed twice",
			kind: evaluator.KindRedline,
			text: "7.5 If uptime falls below 97% in a month or below 99% in three months, the Customer may terminate.\n\nRationale: falling below 99% in three months, or below 97% in one month, is a persistent failure.\n",
		},
	})
}

func TestValueSameDigits(t *testing.T) {
	for _, tc := range []struct {
		a, b float64
		want bool
	}{
		{385000, 358000, true},
		{19.2, 21.9, true},
		{1460, 1640, true},
		{16500, 18500, false},
		{14, 41, true},
		{100, 100, false},
		{1250, 12500, false},
	} {
		da, ia := vDigitKey(tc.a)
		db, ib := vDigitKey(tc.b)
		if got := vSameDigits(da, ia, db, ib); got != tc.want {
			t.Errorf("vSameDigits(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
