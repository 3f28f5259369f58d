package revision

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var guardTask = evaluator.Task{
	ID:    "refund-1",
	Input: "Summarise the dispute for the account manager.",
	Evidence: []evaluator.Evidence{
		{ID: "E1", Content: "Invoice INV-2291 dated March 3, 2025. Total due: $1,200.00. Payment terms: net thirty (30) days. Late fee: 1.5% per month."},
		{ID: "E2", Content: "Section 4.2 Termination. Either party may terminate this Agreement on sixty (60) days' written notice. " +
			"Section 7.1 Liability. The Supplier's aggregate liability shall not exceed the fees paid in the twelve (12) months preceding the claim. " +
			"Exhibit B lists the service levels."},
		{ID: "E3", Content: "On 2025-04-15 the customer wrote: \"The replacement unit arrived damaged and unusable. It cost me EUR 89.90.\" The refund requested is EUR 450."},
	},
}

const guardSource = "## 9. Governing Law\n9.1 This Agreement is governed by the laws of England and Wales.\n"

const guardBase = "The invoice of March 3, 2025 totals $1,200.00, payable within 30 days [E1]. " +
	"Either party may terminate on 60 days' notice under Section 4.2 [E2], and liability is capped at twelve (12) months of fees under § 7.1. " +
	"Service levels are in Exhibit B. On 2025-04-15 the customer reported that \"the replacement unit arrived damaged and unusable\" [E3] " +
	"and asked for a refund of EUR 450. A late fee of 1.5% per month applies."

// TestRevisionGuardCatchesUnsupportedChanges: every unsupported change of
// an amount, date, quotation, reference, evidence ref or number is a
// blocking finding on the revision.
func TestRevisionGuardCatchesUnsupportedChanges(t *testing.T) {
	g := NewRevisionGuard(RevisionGuardConfig{SourceText: guardSource})
	r := func(s string, pairs ...string) string { return strings.NewReplacer(pairs...).Replace(s) }
	guardBaseS := guardBase
	tests := []struct {
		name, prev, next, want string // want: text the finding quotes
	}{
		{"amount changed", guardBase, strings.Replace(guardBase, "$1,200.00", "$1,500.00", 1), "$1,500.00"},
		{"amount scaled", guardBase, strings.Replace(guardBase, "$1,200.00", "$12,000", 1), "$12,000"},
		{"amount restated in words of currency", guardBase, strings.Replace(guardBase, "EUR 450", "540 euros", 1), "540 euros"},
		{"amount added", guardBase, guardBase + " A $75 handling fee is also due.", "$75"},
		{"amount in millions added", guardBase, guardBase + " Damages are capped at $2 million.", "$2 million"},
		{"refund amount tenfold", guardBase, strings.Replace(guardBase, "EUR 450", "EUR 4,500", 1), "EUR 4,500"},
		{"date changed", guardBase, strings.Replace(guardBase, "March 3, 2025", "March 13, 2025", 1), "March 13, 2025"},
		{"ISO date changed", guardBase, strings.Replace(guardBase, "2025-04-15", "2025-04-05", 1), "2025-04-05"},
		{"date added", guardBase, guardBase + " The refund was issued on 1 May 2025.", "1 May 2025"},
		{"numeric date changed", strings.Replace(guardBase, "March 3, 2025", "03/03/2025", 1), strings.Replace(guardBase, "March 3, 2025", "03/08/2025", 1), "03/08/2025"},
		{"quotation reworded", guardBase, strings.Replace(guardBase, "arrived damaged and unusable", "arrived slightly scratched but usable", 1), "slightly scratched"},
		{"quotation invented", guardBase, guardBase + ` The supplier replied: "we accept full liability for the damage".`, "we accept full liability"},
		{"curly quotation changed", strings.Replace(strings.Replace(guardBase, `"the`, "“the", 1), `unusable"`, "unusable”", 1),
			strings.Replace(strings.Replace(guardBase, `"the replacement unit arrived damaged and unusable"`, "“the replacement unit arrived broken beyond repair”", 1), "x", "x", 1), "broken beyond repair"},
		{"section changed", guardBase, strings.Replace(guardBase, "Section 4.2", "Section 4.5", 1), "Section 4.5"},
		{"section sign changed", guardBase, strings.Replace(guardBase, "§ 7.1", "§ 7.3", 1), "§ 7.3"},
		{"exhibit changed", guardBase, strings.Replace(guardBase, "Exhibit B", "Exhibit D", 1), "Exhibit D"},
		{"clause added", guardBase, guardBase + " Clause 12.4 governs set-off.", "Clause 12.4"},
		{"evidence ref changed", guardBase, strings.Replace(guardBase, "[E2]", "[E7]", 1), "E7"},
		{"unknown bracketed citation", guardBase, guardBase + " The carrier confirmed the damage [doc-19].", "doc-19"},
		{"days changed", guardBase, strings.Replace(guardBase, "within 30 days", "within 45 days", 1), "45"},
		{"words and figure changed", strings.Replace(guardBase, "within 30 days", "within thirty (30) days", 1), strings.Replace(guardBase, "within 30 days", "within fifteen (15) days", 1), "fifteen (15)"},
		{"percentage changed", guardBase, strings.Replace(guardBase, "1.5% per month", "2.5% per month", 1), "2.5"},
		{"spelled-out notice period", guardBase, strings.Replace(guardBase, "60 days' notice", "ninety days' notice", 1), "ninety"},
		{"months changed to words", guardBase, strings.Replace(guardBase, "twelve (12) months", "twenty-four months", 1), "twenty-four"},
		{"figure added in prose", guardBase, guardBase + " The customer has 14 open tickets.", "14"},
		{"month of a partial date changed", r(guardBaseS, "March 3, 2025", "March 2025"), r(guardBaseS, "March 3, 2025", "June 2025"), "June 2025"},
		{"day of a yearless date changed", r(guardBaseS, "March 3, 2025", "March 3"), r(guardBaseS, "March 3, 2025", "March 4"), "March 4"},
		{"currency changed", guardBase, strings.Replace(guardBase, "EUR 450", "USD 450", 1), "USD 450"},
		{"range changed", guardBase + " Refunds take 5-7 business days.", guardBase + " Refunds take 3-5 business days.", "3"},
		{"amount only an invoice number states", guardBase, guardBase + " A credit of $2,291 was offered.", "$2,291"},
		{"percentage added", guardBase, guardBase + " A 10% goodwill discount applies.", "10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.NotEqual(t, tt.prev, tt.next)
			fs := g.Findings(guardTask, tt.prev, tt.next)
			var hit bool
			for _, f := range fs {
				if f.Rule == RuleRevisionUnsupported && strings.Contains(f.Location.Text, tt.want) {
					hit = true
					assert.Equal(t, tt.next[f.Location.Start:f.Location.End], f.Location.Text)
				}
			}
			assert.True(t, hit, "no unsupported-change finding on %q; got %v", tt.want, fs)
			d, err := g.Check(context.Background(), guardTask, tt.prev, tt.next)
			require.NoError(t, err)
			require.NoError(t, d.Validate())
			assert.Equal(t, evaluator.StatusBlock, d.Status)
			assert.Equal(t, evaluator.StopPolicyBlock, d.StopReason)
		})
	}
	t.Logf("%d unsupported revisions, all caught", len(tests))
}

// TestRevisionGuardPassesFaithfulRevisions: revisions that reword, reorder,
// restate a fact in another form, add supported facts or correct an
// unsupported one are not flagged.
func TestRevisionGuardPassesFaithfulRevisions(t *testing.T) {
	g := NewRevisionGuard(RevisionGuardConfig{SourceText: guardSource})
	r := func(s string, pairs ...string) string { return strings.NewReplacer(pairs...).Replace(s) }
	tests := []struct{ name, prev, next string }{
		{"reworded", guardBase, r(guardBase, "totals", "comes to", "reported that", "told us that", "asked for", "requested")},
		{"sentences reordered", guardBase, "A late fee of 1.5% per month applies. " + strings.TrimSuffix(guardBase, " A late fee of 1.5% per month applies.")},
		{"amount restated with a code", guardBase, r(guardBase, "$1,200.00", "USD 1,200")},
		{"amount with currency after", guardBase, r(guardBase, "EUR 450", "450 euros")},
		{"amount with euro sign", guardBase, r(guardBase, "EUR 450", "€450")},
		{"date day-month form", guardBase, r(guardBase, "March 3, 2025", "3 March 2025")},
		{"date ISO form", guardBase, r(guardBase, "March 3, 2025", "2025-03-03")},
		{"date written out", guardBase, r(guardBase, "2025-04-15", "April 15, 2025")},
		{"figure to words and figure", guardBase, r(guardBase, "within 30 days", "within thirty (30) days")},
		{"figure to words", guardBase, r(guardBase, "within 30 days", "within thirty days")},
		{"section sign", guardBase, r(guardBase, "Section 4.2", "§ 4.2")},
		{"section to clause", guardBase, r(guardBase, "Section 4.2", "clause 4.2", "§ 7.1", "Section 7.1")},
		{"citation style", guardBase, r(guardBase, "[E1]", "(see E1)", "[E2]", "(E2)")},
		{"supported fact added", r(guardBase, " A late fee of 1.5% per month applies.", ""), guardBase},
		{"unsupported figure corrected", r(guardBase, "$1,200.00", "$1,500.00"), guardBase},
		{"wrong date corrected", r(guardBase, "March 3, 2025", "March 30, 2025"), guardBase},
		{"verbatim quotation added", guardBase, guardBase + " The contract says: “Either party may terminate this Agreement on sixty (60) days’ written notice.” [E2]"},
		{"quotation with an ellipsis", guardBase, guardBase + ` The clause reads: "either party may terminate ... on sixty (60) days' written notice" [E2].`},
		{"source section cited", guardBase, guardBase + " English law governs (Section 9.1)."},
		{"invoice number and cap added", guardBase, guardBase + " Invoice INV-2291 is the only one open, and the cap is the fees paid in the twelve (12) months preceding the claim [E2]."},
		{"smoother tone as a list", guardBase, "Summary:\n\n1. The invoice of March 3, 2025 totals $1,200.00, payable within 30 days [E1].\n" +
			"2. Either party may terminate on 60 days' notice under Section 4.2 [E2]; liability is capped at twelve (12) months of fees under § 7.1.\n" +
			"3. Service levels are in Exhibit B.\n4. On 2025-04-15 the customer reported that \"the replacement unit arrived damaged and unusable\" [E3] and asked for a refund of EUR 450.\n" +
			"5. A late fee of 1.5% per month applies.\n"},
		{"headings added", guardBase, "## 1. Facts\n\n" + guardBase + "\n\n### 2. Next steps\n\nWe will reply to the customer today."},
		{"own section cited", guardBase, "## 1. Facts\n\n" + guardBase + "\n\n## 2. Next steps\n\nAs Section 1 shows, we owe the refund."},
		{"request restated", guardBase, guardBase + " This summary is for the account manager."},
		{"year left out of a date", guardBase, r(guardBase, "March 3, 2025", "March 3")},
		{"day left out of a date", guardBase, r(guardBase, "The invoice of March 3, 2025", "The March 2025 invoice")},
		{"spelled count to figure", guardBase + " The memo raises three issues.", guardBase + " The memo raises 3 issues."},
		{"own enumeration", guardBase, "Step 1: confirm the facts. " + guardBase + " Next, (1) reply and (2) log it [1]. See page 2, option 3."},
		{"figure the evidence quotes", guardBase, guardBase + " The replacement cost EUR 89.90."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := g.Findings(guardTask, tt.prev, tt.next)
			assert.Empty(t, fs)
			d, err := g.Check(context.Background(), guardTask, tt.prev, tt.next)
			require.NoError(t, err)
			require.NoError(t, d.Validate())
			assert.Equal(t, evaluator.StatusPass, d.Status)
		})
	}
	t.Logf("%d faithful revisions, none flagged", len(tests))
}

func TestRevisionGuardDropped(t *testing.T) {
	g := NewRevisionGuard(RevisionGuardConfig{})
	task := guardTask
	task.Requirements = []evaluator.Requirement{{Name: "refund window stated", Must: `(?i)within \d+ days`}}
	next := strings.NewReplacer(" [E3]", "", ", payable within 30 days", "", " and asked for a refund of EUR 450", "").Replace(guardBase)
	fs := g.Findings(task, guardBase, next)
	var msgs []string
	for _, f := range fs {
		assert.Equal(t, RuleRevisionDropped, f.Rule)
		assert.Equal(t, check.SeverityWarn, f.Severity)
		msgs = append(msgs, f.Message)
	}
	joined := strings.Join(msgs, "\n")
	assert.Contains(t, joined, `citation of evidence "E3"`)
	assert.Contains(t, joined, `amount "EUR 450"`)
	assert.Contains(t, joined, `requirements[0] "refund window stated"`)
	assert.NotContains(t, joined, `number "30"`, "dropped prose numbers are not flagged")
	d, err := g.Check(context.Background(), task, guardBase, next)
	require.NoError(t, err)
	assert.Equal(t, evaluator.StatusRevise, d.Status)
	require.NoError(t, d.Validate())
}

func TestRevisionGuardRecordsChanges(t *testing.T) {
	g := NewRevisionGuard(RevisionGuardConfig{})
	next := strings.Replace(guardBase, "$1,200.00", "$1,500.00", 1)
	cs := g.Changes(guardTask, guardBase, next)
	require.Len(t, cs, 1)
	assert.Equal(t, RevisionChange{Kind: FactAmount, Added: true, Text: "$1,500.00", Value: "USD 1500", Replaces: "$1,200.00",
		Location: cs[0].Location}, cs[0])
	d, err := g.Check(context.Background(), guardTask, guardBase, next)
	require.NoError(t, err)
	last := d.Criteria[len(d.Criteria)-1]
	assert.Equal(t, CriterionRevisionChanges, last.Name)
	assert.Contains(t, last.Reason, `added amount "$1,500.00" (replaces "$1,200.00") [unsupported]`)
	assert.Contains(t, d.BlockingFailures[0], `changed the amount "$1,200.00" to "$1,500.00"`)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = g.Check(ctx, guardTask, guardBase, next)
	assert.ErrorIs(t, err, context.Canceled)

	type doc struct{ body string }
	check := RevisionCheckFor(g, func(d doc) string { return d.body })
	d, err = check(context.Background(), guardTask, doc{guardBase}, doc{guardBase})
	require.NoError(t, err)
	assert.Equal(t, evaluator.StatusPass, d.Status)
}

func TestRevisionGuardEvidenceIDShapes(t *testing.T) {
	g := NewRevisionGuard(RevisionGuardConfig{})
	task := evaluator.Task{Evidence: []evaluator.Evidence{
		{ID: "policy", Content: "Refunds need a receipt."},
		{ID: "doc-7", Content: "Receipt on file."},
	}}
	// A plain-word ID is prose unless bracketed: dropping the word "policy"
	// drops no citation.
	assert.Empty(t, g.Findings(task, "Our policy needs a receipt [doc-7].", "Refunds need a receipt [doc-7]."))
	fs := g.Findings(task, "Refunds need a receipt [policy].", "Refunds need a receipt.")
	require.Len(t, fs, 1)
	assert.Contains(t, fs[0].Message, `citation of evidence "policy"`)
	// A Markdown link is not a citation; an unknown bracketed ID is.
	assert.Empty(t, g.Findings(task, "See the receipt.", "See the [receipt v2](https://example.com) [doc-7]."))
	fs = g.Findings(task, "See the receipt [doc-7].", "See the receipt [doc-8].")
	require.Len(t, fs, 1)
	assert.Equal(t, RuleRevisionUnsupported, fs[0].Rule)
	assert.Contains(t, fs[0].Message, `"doc-8" in place of "doc-7"`, "the replaced citation is named, not dropped silently")
}

// TestRevisionGuardCustomerReply: a smoother customer reply that keeps
// every fact in other spellings passes; a currency or a figure changed on
// the way is caught.
func TestRevisionGuardCustomerReply(t *testing.T) {
	g := NewRevisionGuard(RevisionGuardConfig{})
	task := evaluator.Task{Input: "Reply to Sam about order 4521.", Evidence: []evaluator.Evidence{
		{ID: "order", Content: "Order 4521 shipped 2025-05-12 via DHL, tracking JD014600003828. Refund $59.99 approved; card refunds take 5-7 business days. Total due: 1,200.00."},
	}}
	faithful := [][2]string{
		{"Hi Sam, your order #4521 shipped on 12 May 2025 via DHL (tracking JD014600003828). The refund of $59.99 will reach your card in 5-7 business days.",
			"Hello Sam! Good news: order #4521 shipped on May 12, 2025 with DHL, tracking number JD014600003828. Your $59.99 refund should appear on your card within 5–7 business days. Thanks for your patience!"},
		{"We refunded USD 59.99 on 2025-05-12.", "Your refund of $59.99 was processed on May 12."},
		{"Your refund ($59.99) is on its way.", "We have sent your refund of 59.99 dollars."},
		{"It takes five to seven business days.", "It takes 5 to 7 business days."},
		{"Order 4521 shipped in May 2025.", "Order 4521 shipped on 12 May."},
		{"Your refund is $59.99.", "Your refund is $59.99. The total due is $1,200."},
	}
	for _, p := range faithful {
		assert.Empty(t, g.Findings(task, p[0], p[1]), p[1])
	}
	base := "Hi Sam, your order #4521 shipped on 12 May 2025 via DHL. The refund of $59.99 will reach your card in 5-7 business days."
	for _, next := range []string{
		strings.Replace(base, "$59.99", "$69.99", 1),
		strings.Replace(base, "12 May 2025", "May 21", 1),
		strings.Replace(base, "5-7", "3-5", 1),
		strings.Replace(base, "5-7", "two", 1),
		strings.Replace(base, "$59.99", "59.99 euros", 1),
	} {
		fs := g.Findings(task, base, next)
		require.NotEmpty(t, fs, next)
		assert.Equal(t, RuleRevisionUnsupported, fs[0].Rule, next)
	}
}

func TestRevisionGuardBoundedFindings(t *testing.T) {
	g := NewRevisionGuard(RevisionGuardConfig{})
	var b strings.Builder
	for i := 0; i < 500; i++ {
		fmt.Fprintf(&b, "Item costs $%d.%02d. ", 1000+i, i%100)
	}
	fs := g.Findings(guardTask, "Nothing yet.", b.String())
	require.Len(t, fs, maxGuardFindings+1)
	assert.Equal(t, check.SeverityBlock, fs[maxGuardFindings].Severity)
	assert.Contains(t, fs[maxGuardFindings].Message, "and 449 more", "499 amounts: $1,200.00 is in the evidence")
}
