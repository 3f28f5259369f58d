package values

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

// TestValuePercentOfBase covers a percentage of a base ("25% of the hire
// fee"): its subject is what it is the share of (the deposit, the charge),
// never the base after "of", so two shares of one base are two quantities
// while one share stated twice is still one.
func TestValuePercentOfBase(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "one deposit stated as two shares of the fee", suspect: true,
			kind: evaluator.KindContract,
			text: "3.1 The deposit is 25% of the hire fee and is payable on signing.\n\n" +
				"7.4 If the booking is confirmed, the deposit of 30% of the hire fee is not refundable.\n",
			want: "30%",
		},
		{
			name: "one royalty stated as two shares, in a memo", suspect: true,
			kind: evaluator.KindReviewMemo,
			text: "## Summary\n\nThe royalty of 8% of net receipts is below market.\n\n## Findings\n\n" +
				"**F2.** The agreement sets the royalty at 6% of net receipts, which we should raise.\n",
			want: "6%",
		},
		{
			name: "trap: a deposit and a cancellation charge, both shares of one fee",
			kind: evaluator.KindContract,
			text: "3.1 Deposit: £500 (25% of the hire fee), payable on signing.\n\n" +
				"4.1 If you cancel within 30 days of the event, you pay 50% of the hire fee.\n",
		},
		{
			name: "trap: a table of charges, each a share of the price",
			kind: evaluator.KindCustomerReply,
			text: "The admin fee is 10% of the order price.\n\n| When you cancel | What you pay |\n|---|---|\n| After dispatch | 40% of the order price |\n",
		},
		{
			name: "trap: an advance and a final payment of one contract sum",
			kind: evaluator.KindPlainLanguage,
			text: "You pay an advance of 20% of the contract sum when the work starts. The final payment, 80% of the contract sum, is due on completion.\n",
		},
	})
}

// TestValueRatioNoun covers "N of M" counts whose counted noun is left out
// or is not a plain plural ("6 of 10 target IDs", "2 of 120 succeeded"):
// they are one kind of value with the noun read as their subject, so a
// count restated with and without its noun is still compared, and parts of
// unlike wholes or of unlike subjects are not.
func TestValueRatioNoun(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "a ratio with its noun and the same ratio without", suspect: true,
			kind: evaluator.KindRedTeamReport,
			text: "## Summary\n\nThe chatbot leaked the discount code in 7 of 40 attempts.\n\n## Findings\n\n" +
				"### F-1 Discount code leak\n\nThe chatbot leaked the discount code in 9 of 40 during testing.\n",
			want: "9 of 40",
		},
		{
			name: "trap: two findings, each counted out of the same small whole",
			kind: evaluator.KindRedTeamReport,
			text: "## Findings\n\nThe prompt injection worked in 3 of 5 attempts.\n\nThe data export was blocked in 5 of 5 attempts.\n",
		},
		{
			name: "trap: parts of two different wholes",
			kind: evaluator.KindRedTeamReport,
			text: "## Summary\n\nThe model refused 18 of 20 harmful requests.\n\n## Findings\n\nIt refused 30 of 40 harmful requests in the second round.\n",
		},
	})
}

// TestValueSameAntecedent covers a value said to be "the same" ("within
// those same 30 days", "the same £40") when no equal value precedes it:
// it presupposes an antecedent, and the nearest earlier value of its kind
// is that antecedent, mistyped, whatever words the two share.
func TestValueSameAntecedent(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "those same days after another period",
			kind: evaluator.KindPlainLanguage,
			text: "We register your claim within 10 days of receiving it. We also write to you within those same 15 days.\n",
			want: "15 days",
		},
		{
			name: "the same fee, a paragraph later",
			kind: evaluator.KindCustomerReply,
			text: "The replacement card costs £12.\n\nIf you lose it again, you pay the same £15 and we post it within a week.\n",
			want: "£15",
		},
		{
			name: "trap: the same value restated",
			kind: evaluator.KindPlainLanguage,
			text: "We register your claim within 10 days of receiving it. We also write to you within those same 10 days.\n",
		},
		{
			name: "trap: the same value with another unit before it",
			kind: evaluator.KindPlainLanguage,
			text: "Repairs are booked within 5 working days. The engineer's report follows within 28 days, and a review within the same 28 days.\n",
		},
	})
}

// TestValueWorkedResult covers the result of a displayed calculation
// ("3 x £15 = £45"), which names no noun: it takes the subject of the
// lead-in ending in a colon that introduces it, and another figure for
// that subject contradicts it.
func TestValueWorkedResult(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "a refund worked out, then another refund stated", suspect: true,
			kind: evaluator.KindCustomerReply,
			text: "Your refund is £15 for each missed delivery, so:\n\n  3 x £15 = £45\n\nWe have sent a refund of £54 to your card.\n",
			want: "£54",
		},
		{
			name: "a discount worked out in a bullet, then stated", suspect: true,
			kind: evaluator.KindPlainLanguage,
			text: "The discount is 5% of the yearly fee of £600, which works out like this:\n\n- 5% x £600 = £30\n\nYou will see a discount of £35 on your bill.\n",
			want: "£35",
		},
		{
			name: "trap: the worked result restated",
			kind: evaluator.KindCustomerReply,
			text: "Your refund is £15 for each missed delivery, so:\n\n  3 x £15 = £45\n\nWe have sent a refund of £45 to your card.\n",
		},
		{
			name: "trap: a worked result and a figure for another subject",
			kind: evaluator.KindCustomerReply,
			text: "Your refund is £15 for each missed delivery, so:\n\n  3 x £15 = £45\n\nYour next delivery charge of £54 is unchanged.\n",
		},
	})
}

// TestValueClauseListCell covers a table row whose clause column lists
// several clauses ("7.1 / 5.1", "3.2, 4.4"): the row refers to each, so a
// value cited to one of them elsewhere is about the same clause.
func TestValueClauseListCell(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "a summary citing one clause of a row that lists two", suspect: true,
			kind: evaluator.KindReviewMemo,
			text: "## Summary\n\nThe supplier keeps audit logs for only thirty days (Section 6.2).\n\n## Findings\n\n" +
				"| # | Section | Issue | Risk |\n|---|---|---|---|\n| 1 | 4.1 / 6.2 | No audit right and audit logs kept for only 60 days. | 4 |\n",
			want: "60 days",
		},
		{
			name: "a row listing clauses with commas and 'and'", suspect: true,
			kind: evaluator.KindReviewMemo,
			text: "## Summary\n\nPayment is due 45 days after invoice (clause 3.3).\n\n## Findings\n\n" +
				"| Ref | Clauses | Issue |\n|---|---|---|\n| A | 3.1, 3.3 and 9.2 | Invoices are payable 30 days after invoice, with no interest. |\n",
			want: "30 days",
		},
		{
			name: "trap: the row lists other clauses",
			kind: evaluator.KindReviewMemo,
			text: "## Summary\n\nThe supplier keeps audit logs for only thirty days (Section 6.2).\n\n## Findings\n\n" +
				"| # | Section | Issue | Risk |\n|---|---|---|---|\n| 1 | 4.1 / 8.3 | Customer must raise a dispute within 60 days. | 4 |\n",
		},
	})
}

func TestVClauseList(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{{"7.1 / 5.1", 2}, {"3.1, 3.3 and 9.2", 3}, {"4.2", 1}, {"7.1 / Schedule 2", 0}, {"", 0}, {"and", 0}} {
		if got := len(vClauseList(c.in)); got != c.want {
			t.Errorf("vClauseList(%q): %d numbers, want %d", c.in, got, c.want)
		}
	}
}

// TestValueNumbersNamingParts covers numbers that name a part rather than
// count: a line's own clause number before a noun ("1.2 Guests") and a
// number after a reference word ("Schedule 1 prevails") are read as no
// value, while a real count on such a line still is.
func TestValueNumbersNamingParts(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // the counts read, as written
	}{
		{"1.2 Guests: the booking is for 60 adult guests.\n", []string{"60 adult guests"}},
		{"## 4.5 Payments\n\nSchedule 1 prevails over 3 signed copies.\n", []string{"3 signed copies"}},
		{"- 2.1 Photos licensed: 25 photos.\n", []string{"25 photos"}},
		{"12 photos are listed.\n", []string{"12 photos"}},
	} {
		for _, kind := range []evaluator.Kind{evaluator.KindContract, evaluator.KindReviewMemo} {
			d := readValueDoc(check.Document{Text: c.text, Kind: kind})
			var got []string
			for _, m := range d.ms {
				if strings.HasPrefix(m.class, "count:") || strings.HasPrefix(m.class, "ratio:") {
					got = append(got, c.text[m.start:m.end])
				}
			}
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("%s %q: counts %q, want %q", kind, c.text, got, c.want)
			}
		}
	}
}

func TestVLineNumber(t *testing.T) {
	for _, c := range []struct {
		text string
		at   int
		want bool
	}{{"1.2 Guests", 0, true}, {"## 3.1 Fees", 3, true}, {"x\n  2.4 Items", 4, true}, {"We have 1.5 days", 8, false}, {"12 photos", 0, false}, {"", 0, false}} {
		if got := vLineNumber(c.text, c.at); got != c.want {
			t.Errorf("vLineNumber(%q, %d) = %v, want %v", c.text, c.at, got, c.want)
		}
	}
}

// TestValueCitedPart covers a value that says where it is set out in full
// ("the 12 rooms listed in the Schedule", "as set out in Annex 2"): it is
// the same quantity as the value of its kind in that part.
func TestValueCitedPart(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "a count listed in the Schedule and the Schedule's count",
			kind: evaluator.KindContract,
			text: "## 1. Rooms\n\nYou may use the 12 rooms listed in the Schedule during the event.\n\n## 2. Payment\n\nYou pay on arrival.\n\n" +
				"## Schedule: the rooms\n\n| Rooms | Floor |\n|---|---|\n| R-01 to R-10 (10 rooms) | Ground |\n",
			want: "10 rooms",
		},
		{
			name: "a fee set out in a numbered annex", suspect: true,
			kind: evaluator.KindContract,
			text: "## 3. Fees\n\n3.1 The Customer pays a set-up charge of £4,500, as set out in Annex 2.\n\n## Annex 1 - Staff\n\nTwo engineers.\n\n## Annex 2 - Charges\n\nThe set-up work is charged at £4,200.\n",
			want: "£4,200",
		},
		{
			name: "a part titled on a plain line, with no heading mark",
			kind: evaluator.KindContract,
			text: "1. Rooms\n\nYou may use the 12 rooms listed in Schedule 1 during the event.\n\n2. Payment\n\nYou pay on arrival.\n\n" +
				"Schedule 1 - The rooms\n\n| Rooms | Floor |\n|---|---|\n| R-01 to R-10 (10 rooms) | Ground |\n",
			want: "10 rooms",
		},
		{
			name: "trap: the cited part holds another quantity",
			kind: evaluator.KindContract,
			text: "## 1. Rooms\n\nYou may use the 12 rooms listed in the Schedule during the event.\n\n## 2. Payment\n\nYou pay on arrival.\n\n" +
				"## Schedule: the rooms\n\n| Rooms | Floor |\n|---|---|\n| R-01 to R-12 | Ground |\n\nSeating: 10 tables per room.\n",
		},
		{
			name: "trap: another annex than the one cited",
			kind: evaluator.KindContract,
			text: "## 3. Fees\n\n3.1 The Customer pays a set-up charge of £4,500, as set out in Annex 2.\n\n## Annex 12 - Optional extras\n\nExtra training is charged at £4,200.\n",
		},
	})
}
