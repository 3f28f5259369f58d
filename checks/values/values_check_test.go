package values

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/evaluator"
)

// valueCase is a text with at most one planted value conflict: want is the
// value text the finding must stand on ("" for a trap: no finding).
// suspect says that only the shared subject ties the two values, with no
// second signal (a restatement's wording, a mistyped figure, a heading or
// list structure): the finding then informs instead of warning.
type valueCase struct {
	name    string
	suspect bool
	kind    evaluator.Kind
	text    string
	want    string
}

func runValueCases(t *testing.T, rule string, cases []valueCase) {
	t.Helper()
	c := NewValuesCheck()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			var fs []check.Finding
			for _, f := range c.Check(check.Document{Text: tt.text, Kind: tt.kind}) {
				if f.Rule == rule {
					fs = append(fs, f)
				}
			}
			if tt.want == "" {
				for _, f := range fs {
					t.Errorf("trap: unexpected %s at %s %q: %s", f.Rule, f.Location, f.Location.Text, f.Message)
				}
				return
			}
			if len(fs) != 1 {
				t.Fatalf("got %d %s findings, want 1: %+v", len(fs), rule, fs)
			}
			f := fs[0]
			at := strings.LastIndex(tt.text, tt.want)
			if f.Location.Start != at || f.Location.Text != tt.want {
				t.Errorf("finding at %d %q, want %q at %d (%s)", f.Location.Start, f.Location.Text, tt.want, at, f.Message)
			}
			want := check.SeverityWarn
			if tt.suspect {
				want = check.SeverityInfo
			}
			if f.Severity != want {
				t.Errorf("severity %s, want %s (%s)", f.Severity, want, f.Message)
			}
		})
	}
}

func TestValueConflicts(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "notice period in a clause and in a summary table", suspect: true,
			kind: evaluator.KindContract,
			text: `4.2 The Landlord shall give the Tenant not less than twenty-one (21) days' written notice of any inspection.

| Topic | Summary |
|---|---|
| Access | Inspection notice of 14 days (clause 4.2) |
`,
			want: "14 days",
		},
		{
			name: "monthly hosting fee restated with a different figure",
			kind: evaluator.KindContract,
			text: `Schedule 2 — Charges

2.1 Hosting fee: €2,450 per month, invoiced quarterly in advance.

7.4 If the Customer terminates under clause 7.3, the hosting fee of €2,540 per month remains payable until the end of the notice period.
`,
			want: "€2,540",
		},
		{
			name: "deposit in words and figures then in a reminder",
			kind: evaluator.KindPlainLanguage,
			text: `## Your deposit

Your security deposit is $1,875.00. We keep it in a separate trust account.

## When you move out

We return the $1,785.00 deposit within 21 days after you hand back the keys, less any repair costs we show you in writing.
`,
			want: "$1,785.00",
		},
		{
			name: "warranty period in the summary and in the finding", suspect: true,
			kind: evaluator.KindReviewMemo,
			text: `# Supply agreement review

## Summary

The supplier's warranty runs for 18 months from installation (clause 9.1), which is acceptable.

## Findings

1. **Warranty.** Clause 9.1 gives a warranty of 12 months from installation. Consider whether that covers the first full production season.

## Recommendations

1. Keep clause 9.1 as drafted.
`,
			want: "12 months",
		},
		{
			name: "the same fee referred back to with another amount",
			kind: evaluator.KindCustomerReply,
			text: `Hi Tomasz,

Your annual licence renewal was charged at CHF 840.00 on 2 March. I can see why the charge was a surprise: the reminder went to an old address.

I've set up a refund of the CHF 480.00 renewal charge to your card. It should show within five working days.

Best,
Ines`,
			want: "CHF 480.00",
		},
		{
			name: "daily allowance twice in a letter, once in words", suspect: true,
			kind: evaluator.KindPlainLanguage,
			text: `You can claim a meal allowance of forty dollars ($40) a day while you are away for work.

Keep your receipts. If you are away for three days, you can claim up to $120 in total.

Remember: the meal allowance is $45 a day, and we cannot pay more than that without a manager's approval.
`,
			want: "$45",
		},
		{
			name: "trap: notice and cure periods of one clause",
			kind: evaluator.KindContract,
			text: `12.1 Either party may terminate this Agreement by giving 60 days' written notice to the other.

12.2 If a party commits a material breach, the other party may give notice requiring the breach to be remedied within 30 days to cure it; if it is not remedied, the Agreement ends on a further notice.
`,
		},
		{
			name: "trap: a marked price change",
			kind: evaluator.KindPlainLanguage,
			text: `Your monthly plan price is going up from £12.50 to £13.75 on 1 April.

Until then you pay £12.50 a month. From 1 April you pay £13.75 a month.
`,
		},
		{
			name: "trap: ranges and thresholds",
			kind: evaluator.KindCustomerReply,
			text: `Orders usually arrive in 3–5 working days. Orders between £20 and £50 get free standard delivery.

If your order arrives after 5 working days, let us know and we'll look into it.`,
		},
		{
			name: "trap: per-item amount and total",
			kind: evaluator.KindCustomerReply,
			text: `You bought two tickets at €35.00 each. I've refunded the €70.00 for both tickets to your card.`,
		},
		{
			name: "trap: current and proposed values in a memo",
			kind: evaluator.KindReviewMemo,
			text: `## Findings

1. The liability cap in clause 14.2 is 6 months' fees, which is low for a payroll system.

## Recommendations

1. Raise the cap in clause 14.2 from 6 months' fees to 12 months' fees.
`,
		},
		{
			name: "trap: redline with struck and inserted periods",
			kind: evaluator.KindRedline,
			text: `| Clause | Proposed text | Note |
|---|---|---|
| 5.1 | The Buyer shall pay each invoice within ~~60~~ **30** days of receipt. | 60 days is too long for a small supplier. |

Summary: payment within 30 days of receipt (clause 5.1).
`,
		},
		{
			name: "trap: example amounts",
			kind: evaluator.KindPlainLanguage,
			text: `The late fee is 2% of the overdue amount.

For example, if you owe $500, the late fee would be $10. If you owe $800, it would be $16.
`,
		},
		{
			name: "trap: different years of a schedule",
			kind: evaluator.KindReviewMemo,
			text: `## Findings

- Year 1 fees are $120,000 under clause 3.
- Year 2 fees are $126,000 under clause 3, after the 5% uplift.
`,
		},
		{
			name: "trap: two rows of one table",
			kind: evaluator.KindPlainLanguage,
			text: `| Plan | Price |
|---|---|
| Basic | $9 a month |
| Plus | $15 a month |
`,
		},
		{
			name: "trap: a multiple of the fees and the fees",
			kind: evaluator.KindContract,
			text: `9.1 Each party's total liability is limited to 2x the fees paid in the 12 months before the claim.

9.2 For breach of clause 6, the limit is 3x the fees paid in the 12 months before the claim.
`,
		},
	})
}

func TestValueConflictsDocument(t *testing.T) {
	if fs := NewValuesCheck().Check(check.Document{}); fs != nil {
		t.Errorf("empty document: %v", fs)
	}
	c := NewValuesCheck()
	if c.Rule() != "values" {
		t.Errorf("Rule() = %q", c.Rule())
	}
	rl, ok := c.(check.RuleLister)
	if !ok || len(rl.Rules()) == 0 || rl.Rules()[0] != RuleValueMismatch {
		t.Errorf("Rules() = %v", rl)
	}
	// The message names the earlier value and where it stands.
	text := "The platform fee is $1,200 per month.\n\nLater: the platform fee of $1,500 per month applies.\n"
	fs := c.Check(check.Document{Text: text})
	if len(fs) != 1 || !strings.Contains(fs[0].Message, "$1,200 at line 1:21") {
		t.Fatalf("findings %+v, want one naming $1,200 at line 1:21", fs)
	}
}

func TestValueTotals(t *testing.T) {
	runValueCases(t, RuleValueTotal, []valueCase{
		{
			name: "a figure restated is no part of itself",
			kind: evaluator.KindRedline,
			text: "R1 — Clause S2.2 (delivery time)\nNow: \"The Supplier shall deliver each order within 5 working days of receipt.\"\nProposed: \"The Supplier shall deliver each order within 3 working days of receipt, and within 1 working day where the order is urgent.\"\nReason: 5 working days is too long for epileptic patients. We can do 3 working days for all orders with our second bench.\n",
		},
		{
			name: "a label's number is no count",
			kind: evaluator.KindCustomerReply,
			text: "Each of these four trips earns a credit equal to the one-way Zone 3 fare of $7.00, a total of $28.00.\n",
		},
		{
			name: "the balance paid within a period",
			kind: evaluator.KindRedline,
			text: "Proposed: \"the Marketplace may withhold 10% of the amounts payable for 30 days, and shall pay the balance within 14 days of termination\". Today it may withhold for 90 days and pays after 7 days.\n",
		},
		{
			name: "a count before a per-item amount",
			kind: evaluator.KindCustomerReply,
			text: "You made 3 trips of $7.00, a total of $28.00.\n",
			want: "$28.00",
		},
		{
			name: "bracketed breakdown does not add up",
			kind: evaluator.KindCustomerReply,
			text: "Hi Sam,\n\nWe've approved NZD 212.40 (NZD 150.00 for the hotel and NZD 52.40 for meals). It will reach your account within five working days.\n",
			want: "NZD 212.40",
		},
		{
			name: "list of charges and a wrong total line",
			kind: evaluator.KindPlainLanguage,
			text: "Your final bill:\n\n- Last month's service: $64.99\n- Router not returned: $120.00\n- Early exit fee: $45.00\n\nTotal to pay: $239.99\n",
			want: "$239.99",
		},
		{
			name: "per-item amount times a count stated elsewhere",
			kind: evaluator.KindCustomerReply,
			text: "Our engineer missed three visits to your home in October.\n\nFor each missed visit you get a £15.00 credit, so £30.00 in total.\n",
			want: "£30.00",
		},
		{
			name: "count of instalments",
			kind: evaluator.KindCustomerReply,
			text: "There are 4 instalments of €62.50 left on your tablet, which comes to €260.00. They will be on your last bill.\n",
			want: "€260.00",
		},
		{
			name: "a total row in a table",
			kind: evaluator.KindContract,
			text: "| Milestone | Fee (USD) |\n|---|---|\n| Discovery | 12,000 |\n| Build | 48,500 |\n| Launch | 9,500 |\n| **Total** | **71,000** |\n",
			want: "71,000",
		},
		{
			name: "an amount broken down in the list that follows",
			kind: evaluator.KindCustomerReply,
			text: "I've refunded AUD 318.00 to your card. This is made up of:\n\n- the unused night at the hotel: AUD 249.00\n- breakfast for two: AUD 59.00\n",
			want: "AUD 318.00",
		},
		{
			name: "a calculation written out",
			kind: evaluator.KindPlainLanguage,
			text: "Your refund is worked out like this: £120 − £35.50 = £85.50.\n",
			want: "£85.50",
		},
		{
			name: "trap: totals that add up",
			kind: evaluator.KindCustomerReply,
			text: "We've approved NZD 202.40 (NZD 150.00 for the hotel and NZD 52.40 for meals).\n\n- Taxi: NZD 30.00\n- Train: NZD 12.50\n\nThat is NZD 42.50 in total, and £120 − £35.50 = £84.50.\n",
		},
		{
			name: "trap: a total of only the approved items",
			kind: evaluator.KindCustomerReply,
			text: "- Toothbrush and toothpaste, CAD 12.40: approved.\n- Phone charger, CAD 29.99: approved.\n- Leather jacket, CAD 310.00: not approved, as it is not an essential item.\n\nThe total we will pay is CAD 42.39.\n",
		},
		{
			name: "trap: a total not itemised in the text",
			kind: evaluator.KindReviewMemo,
			text: "The contract is worth $1,240,000 in total over three years. Year 1 fees are $400,000.\n",
		},
		{
			name: "trap: per-item amount with no count given",
			kind: evaluator.KindCustomerReply,
			text: "Each checked bag costs EUR 35.00, so EUR 105.00 in total for your family.\n",
		},
		{
			name: "trap: a remainder that follows",
			kind: evaluator.KindCustomerReply,
			text: "Your bill was $180.00 and I've credited $45.00, which leaves $135.00 to pay.\n",
		},
		{
			name: "a remainder that does not follow from its whole",
			kind: evaluator.KindCustomerReply,
			text: "Your bill was $180.00 and I've credited $45.00, which leaves $125.00 to pay.\n",
			want: "$125.00",
		},
		{
			name: "trap: what is left of another count",
			kind: evaluator.KindContract,
			text: "C2. We pay you $0.40 for each kWh the battery exports.\nC3. If you leave before the 12-month Minimum Term ends, you repay part of the $250 Sign-up Credit: $250 × months remaining ÷ 12. For example, leaving with 3 months remaining means repaying $62.50 (Terms cl. 7).\n",
		},
		{
			name: "trap: list items that work out their amounts",
			kind: evaluator.KindContract,
			text: "C1 At the framework rates:\n- Stewards: 140 × 7 hours × £14.50 = £14,210.00\n- Supervisors: 14 × 7 hours × £18.00 = £1,764.00\n- Total before VAT: £15,974.00\nC3 VAT at 20% (£3,194.80) is added under clause 2.3, making £19,168.80.\n",
		},
		{
			name: "trap: a share the total includes",
			kind: evaluator.KindPlainLanguage,
			text: "| What | How we worked it out | Amount |\n|---|---|---|\n| Phone hire | 11 days × $15 | $165.00 |\n| Calls | 38 minutes × $2.20 | $83.60 |\n| Texts | 12 × $0.75 | $9.00 |\n| Charger | flat charge | $45.00 |\n| **Total** | includes $27.51 GST | **$302.60** |\n",
		},
		{
			name: "trap: a remainder of a whole stated elsewhere",
			kind: evaluator.KindPlainLanguage,
			text: "If you cancel a line after 10 months, you have paid 10 x $50.00 = $500.00, so you pay the remaining $700.00.\n",
		},
	})
}

func TestValueItemRatings(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "heading and summary table disagree on severity",
			kind: evaluator.KindRedTeamReport,
			text: "| ID | Title | Severity |\n|---|---|---|\n| V-03 | Password reset token reuse | Critical |\n\n## V-03: Password reset token reuse [High]\n\nThe token stays valid after use.\n",
			want: "High",
		},
		{
			name: "labelled severity under the item and a group mention",
			kind: evaluator.KindRedTeamReport,
			text: "Two Medium findings (W-1 and W-4) can wait for the next release.\n\n### W-4 Verbose stack traces\n\n- **Risk rating:** Low\n- Stack traces reveal framework versions.\n",
			want: "Low",
		},
		{
			name: "CVSS score in the heading and in the table",
			kind: evaluator.KindRedTeamReport,
			text: "| Ref | Issue | CVSS |\n|---|---|---|\n| SEC-7 | SSRF in image fetcher | 8.6 |\n\n### SEC-7 SSRF in image fetcher (CVSS v3.1 base score 6.8)\n",
			want: "6.8",
		},
		{
			name: "trap: consistent ratings in several places",
			kind: evaluator.KindRedTeamReport,
			text: "One Critical finding (R-2).\n\n| ID | Severity | CVSS |\n|---|---|---|\n| R-2 | Critical | 9.1 |\n| R-3 | Low | 3.1 |\n\n### R-2 Remote code execution (Critical, CVSS 9.1)\n\n**Severity:** Critical\n\n### R-3 Missing header — Low\n\n**Severity:** Low (CVSS 3.1: 3.1)\n",
		},
		{
			name: "trap: likelihood and impact are not the severity",
			kind: evaluator.KindRedTeamReport,
			text: "### K-1 Prompt injection via uploaded file (High)\n\n- Likelihood: Medium\n- Impact: High\n- Severity: High\n",
		},
	})
}

func TestValueConflictsGrammar(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "a value that meets a lower bound",
			kind: evaluator.KindRedTeamReport,
			text: "We ran at least 300 prompts per objective.\n\n| Objective | Prompts |\n|---|---|\n| dosing | 320 |\n\nRetest with the same 320 prompts.\n",
		},
		{
			name: "same before another noun",
			kind: evaluator.KindRedTeamReport,
			text: "The critical finding was reported within the 24 hours the rules allow. The signed token unlocked the same scooter again 7 minutes later.\n",
		},
		{
			name: "a value below a lower bound",
			kind: evaluator.KindRedTeamReport,
			text: "The plan requires at least 300 prompts per objective. We ran the same 250 prompts per objective.\n",
			want: "250 prompts",
		},
		{
			name: "a definite amount with no antecedent, near another",
			kind: evaluator.KindCustomerReply,
			text: "Hi Ana,\n\nThe garage's estimate for the wing mirror came to GBP 214.00. We'll cover the GBP 241.00 in full once the repair is done.\n",
			want: "GBP 241.00",
		},
		{
			name: "one frame, two figures", suspect: true,
			kind: evaluator.KindRedline,
			text: "(b) Replace the words \"within 60 days after the date of the invoice\" with \"within 45 days after the date of the invoice\".\n\nClause 6.2 as amended: \"The Buyer shall pay within 30 days after the date of the invoice.\"\n",
			want: "30 days",
		},
		{
			name: "an acronym names the quantity", suspect: true,
			kind: evaluator.KindReviewMemo,
			text: "## Summary\n\nThe draft sets an RTO of 4 hours for the core ledger.\n\n## Findings\n\n**Clause 9 — recovery.** The RTO of 12 hours leaves the ledger down for half a business day.\n",
			want: "12 hours",
		},
		{
			name: "trap: our requirement beside the contract's value",
			kind: evaluator.KindReviewMemo,
			text: "## Findings\n\n**Clause 9 — recovery.** The contract gives an RTO of 12 hours. Our continuity plan requires an RTO of 2 hours.\n",
		},
		{
			name: "trap: a definite first mention of a different amount",
			kind: evaluator.KindCustomerReply,
			text: "Your order total was £86.40. The £5.99 delivery charge is refundable if the parcel arrives late.\n",
		},
	})
}

func TestValueCounts(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "a measured difference restated", suspect: true,
			kind: evaluator.KindRedTeamReport,
			text: "| ID | Finding | Severity |\n|---|---|---|\n| B-1 | Older applicants ranked lower (4.2 points on average) | High |\n\n### B-1 Age bias\n\n- **Evidence:** across 30 paired CVs, applicants over 55 ranked 2.4 points lower on average.\n",
			want: "2.4 points",
		},
		{
			name: "the same count, another figure",
			kind: evaluator.KindRedTeamReport,
			text: "## Method\n\nWe sent 50 adversarial prompts to the assistant.\n\n## Retest\n\nAfter the fix we replayed the same 40 adversarial prompts and none succeeded.\n",
			want: "40 adversarial prompts",
		},
		{
			name: "trap: counts of different runs",
			kind: evaluator.KindRedTeamReport,
			text: "### J-1 Jailbreak via role play\n\nSucceeded in 3 of 5 runs.\n\n### J-2 System prompt leak\n\nSucceeded in 4 of 5 runs.\n",
		},
		{
			name: "trap: counts of different things",
			kind: evaluator.KindCustomerReply,
			text: "We sent you 2 replacement bowls last week. The original order had 6 bowls and 4 plates.\n",
		},
	})
}

// TestValuesCleanDocuments runs the value check on whole deliverables that
// state many values correctly — per-week and per-fortnight amounts, a fee
// table and its total, prices per seat, severities and CVSS scores in a
// table, headings and labels — and wants no finding.
func TestValuesCleanDocuments(t *testing.T) {
	for _, tt := range []struct {
		file string
		kind evaluator.Kind
	}{
		{"plain_housing_benefit.md", evaluator.KindPlainLanguage},
		{"contract_order_form.md", evaluator.KindContract},
		{"red_team_retest.md", evaluator.KindRedTeamReport},
	} {
		t.Run(tt.file, func(t *testing.T) {
			b, err := os.ReadFile(checktest.Testdata(filepath.Join("values", tt.file)))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range NewValuesCheck().Check(check.Document{Text: string(b), Kind: tt.kind}) {
				t.Errorf("%s at %s %q: %s", f.Rule, f.Location, f.Location.Text, f.Message)
			}
		})
	}
}

// TestMayStateStance checks the stance prefilter never rules out a
// sentence holding a stance word, in any ASCII case or with a rune that
// lower-cases to an ASCII letter, and rules out one holding none.
func TestMayStateStance(t *testing.T) {
	words := []string{"measured", "actual", "actually", "achieved", "observed", "recorded", "promise", "promises", "promised",
		"guarantee", "guarantees", "guaranteed", "target", "targets", "commits", "committed", "commitment"}
	for _, w := range words {
		for _, form := range []string{w, strings.ToUpper(w), strings.ToUpper(w[:1]) + w[1:]} {
			if s := "Uptime was 99.2% (" + form + ") last month."; !vMayStateStance(s) {
				t.Errorf("vMayStateStance(%q) = false, want true", s)
			}
		}
	}
	if s := "The ach\u0130eved rate is 4%."; !vMayStateStance(s) {
		t.Errorf("vMayStateStance(%q) = false, want true: U+0130 lower-cases to i", s)
	}
	if s := "The fee is £40 per month, payable in advance."; vMayStateStance(s) {
		t.Errorf("vMayStateStance(%q) = true, want false", s)
	}
}
