package values

import (
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// TestValueNamedSubjects covers subjects named precisely: an acronym for
// one metric ("RTO") and a clause reference standing beside each figure,
// with the traps of one acronym for different tiers and one clause
// reference beside values of different units.
func TestValueNamedSubjects(t *testing.T) {
	runValueCases(t, RuleValueMismatch, []valueCase{
		{
			name: "an acronym in the summary and in a finding", suspect: true,
			kind: evaluator.KindReviewMemo,
			text: "## Summary\n\nThe disaster recovery values (RTO 48 hours, RPO 24 hours) are too weak for us.\n\n## Findings\n\n" +
				"**3. Clause 5(2): disaster recovery.** An RTO of 72 hours means three days without the ERP system.\n",
			want: "72 hours",
		},
		{
			name: "two figures beside one clause reference", suspect: true,
			kind: evaluator.KindReviewMemo,
			text: "## Summary\n\nThe most important point is the liability cap of EUR 200,000 per calendar year (Clause 7(2)(c)), far below our stock.\n\n## Findings\n\n" +
				"**F1.** The provider limits liability for goods in storage in total to \"EUR 100,000 per calendar year\" (Clause 7(2)(c)).\n",
			want: "EUR 100,000",
		},
		{
			name: "a value cited to a clause and the clause's own value", suspect: true,
			kind: evaluator.KindContract,
			text: "6.1 The Supplier shall notify the Customer of a Personal Data Breach without undue delay and in any event within forty-eight (48) hours of becoming aware of it.\n\n" +
				"## Annex\n\n| Topic | Detail |\n|---|---|\n| Security measures | Quarterly access reviews; breach notice within 24 hours (paragraph 6.1) |\n",
			want: "24 hours",
		},
		{
			name: "trap: the cited clause states two periods",
			kind: evaluator.KindContract,
			text: "6.1 The Supplier shall notify a breach within 24 hours and send a full report within 72 hours.\n\n" +
				"## Annex\n\n| Topic | Detail |\n|---|---|\n| Reporting | Incident report within 10 days (paragraph 6.1) |\n",
		},
		{
			name: "a numbered clause and an unnumbered exhibit line name one fee", suspect: true,
			kind: evaluator.KindContract,
			text: "3.1 Customer will pay the fees set out in Exhibit B. The platform fee of $16,500 per month is invoiced monthly in advance.\n\n" +
				"5.2 Either party may terminate on 90 days' notice.\n\n# Exhibit B: Fees\n\nB.1 Platform fee: $18,000 per month.\n",
			want: "$18,000",
		},
		{
			name: "trap: a numbered clause and an exhibit line name two fees",
			kind: evaluator.KindContract,
			text: "3.1 The platform fee of $16,500 per month is invoiced monthly in advance.\n\n# Exhibit B: Fees\n\nB.2 Onboarding support: $18,000 per month during the first quarter.\n",
		},
		{
			name: "trap: one acronym for two service tiers",
			kind: evaluator.KindContract,
			text: "5.1 For Tier 1 systems the Supplier shall meet an RTO of 4 hours.\n\n5.2 For Tier 2 systems the Supplier shall meet an RTO of 24 hours.\n",
		},
		{
			name: "trap: one clause reference beside a rate and a yearly cap",
			kind: evaluator.KindReviewMemo,
			text: "Liability for goods is EUR 8.33 per kilogram (Clause 7(2)(a)).\n\nThe provider also caps all claims at EUR 100,000 per calendar year (Clause 7(2)(c)).\n",
		},
		{
			name: "trap: an acronym's target and its measured value",
			kind: evaluator.KindRedTeamReport,
			text: "## Scope\n\nThe SLA promises 99.9% availability each month.\n\n## Findings\n\nIn March the measured SLA availability was 99.2%, below the promise.\n",
		},
		{
			name: "trap: a clause's value and the change asked of it",
			kind: evaluator.KindContract,
			text: "Section 7.3 allows the Supplier \"within forty-eight (48) hours\" to notify a breach.\n\nAmend Section 7.3 to require notice within twenty-four hours.\n",
		},
		{
			name: "trap: a target and the actual figure, another wording",
			kind: evaluator.KindCustomerReply,
			text: "Our first response target for Priority 1 tickets is 4 hours.\n\nI checked your ticket: the actual first response time for Priority 1 was 6 hours, and I'm sorry for that.\n",
		},
	})
}
