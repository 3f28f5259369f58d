package xref_test

import (
	"context"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/xref"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/require"
)

// Good deliverables with the traps the reference, numbering, quotation and
// placeholder rules must not fall for, in wordings of their own: the
// default suite reports none of those rules on them.
func TestRefsTrapsPassDefaultSuite(t *testing.T) {
	source := "# SUPPLY AGREEMENT\n\nThis Supply Agreement (the \"Agreement\") is made on 3 May 2027.\n\n" +
		"## 1. Supply\n\n1.1 The Supplier supplies the Goods listed in Exhibit A.\n\n1.2 Orders are placed by email.\n\n" +
		"## 2. Price\n\n2.1 Prices are in Exhibit B and are fixed for 12 months.\n\n2.2 Invoices are payable within 60 days.\n\n" +
		"## 3. Liability\n\n3.1 Each party's liability is capped at the fees paid in the previous 12 months.\n\n" +
		"## Exhibit A – Goods\n\nPallets and crates.\n\n## Exhibit B – Prices\n\nEUR 12 per pallet.\n"
	tests := []struct {
		name string
		kind evaluator.Kind
		text string
	}{
		{"memo proposing a new exhibit", evaluator.KindReviewMemo, "## Summary\n\nThe agreement is workable once liability and payment are fixed; we set out the changes below for the supplier call.\n\n## Findings\n\n1. Clause 2.2 gives the Supplier 60 days' credit risk on us as buyer, which is fine, but clause 3.1 caps liability at a year's fees.\n\n## Recommendations\n\n1. Add a new Exhibit C (Security Measures) and refer to it in clause 1.1: \"The Supplier shall comply with the security measures in Exhibit C.\"\n2. Replace clause 3.1 with: \"3.1 Each party's liability is capped at twice the fees paid in the previous 12 months.\""},
		{"redline with substitute and replaced-by amendments", evaluator.KindRedline, "Amendments to the Supply Agreement (clauses 2.2 and 3.1 only; the other clauses are accepted as drafted).\n\n(a) In clause 2.2 omit the words \"within 60 days\" and substitute \"within 30 days of receipt\".\n\n(b) In clause 3.1 the words \"the fees paid in the previous 12 months\" are replaced by \"twice the fees paid in the previous 12 months, and at least EUR 50,000\"."},
		{"email citing the source's numbering", evaluator.KindReviewMemo, "Hi Sam,\n\nI've read the supply agreement. Two points before you sign, in order of importance; everything else is standard and can stay as it is for this order.\n\n1. Liability (section 3) is capped at a year's fees. Ask for twice that.\n\n2. Payment (section 2) is at 60 days, which is fine for us.\n\nNothing in section 1 needs changing.\n\nBest,\nAlex"},
		{"deed dated on execution", evaluator.KindContract, "# DEED OF VARIATION\n\nDate: ____ June 2027\n\n1. **Variation.** In clause 2.2 of the Agreement \"60 days\" is replaced by \"30 days\".\n\n2. **Law.** This deed is governed by the law of England.\n\nEXECUTED AS A DEED\n\n_____________________     _____________________\nDirector                  Director/Secretary\n\nSigned for SUPPLIER LTD ____________________"},
		{"rewrite pointing to its own parts", evaluator.KindPlainLanguage, "## 1. What you buy\n\nWe sell pallets and crates (see section 2 for prices).\n\n## 2. What it costs\n\nEUR 12 per pallet. Your invoice is due in 60 days (see \"What it costs\" above)."},
	}
	s := checks.DefaultSuite()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			task := evaluator.Task{ID: "t", Kind: tt.kind, Evidence: []evaluator.Evidence{{ID: "source", Content: source}}}
			fs, err := s.Findings(context.Background(), task, tt.text)
			require.NoError(t, err)
			for _, f := range fs {
				if f.Severity == check.SeverityInfo {
					continue
				}
				for _, fam := range []string{"xref.", "quote.", "placeholder.", xref.RuleNumberingGap} {
					if strings.HasPrefix(f.Rule, fam) {
						t.Errorf("%s at %s %q: %s", f.Rule, f.Location, f.Location.Text, f.Message)
					}
				}
			}
		})
	}
}

// The self-references the brief of issue 10 names, each planted once in a
// memo with four numbered sections, three findings and three
// recommendations, are each reported on the planted words.
func TestSelfReferencesCaughtByDefaultSuite(t *testing.T) {
	memo := "## 1. Summary\n\nThe contract is workable with three changes. PLANT\n\n## 2. Findings\n\n1. The cap is low.\n2. Audit is missing.\n3. Notice is short.\n\n## 3. Recommendations\n\n1. Raise the cap: \"Liability is capped at twice the annual fees.\"\n2. Add an audit right: \"The Customer may audit once a year on 30 days' notice.\"\n3. Extend notice: \"Either party may terminate on 90 days' notice.\"\n\n## 4. Next steps\n\nWe will send the mark-up on Monday."
	for _, plant := range []string{
		"Section 5 of this memo explains why.",
		"See Recommendation 4 for the wording.",
		"As noted in Finding 6 above, audit matters.",
		"The cost table is in Appendix C below.",
		"The table in Part 5 lists the costs.",
		"Findings 2 and 7 are the most urgent.",
	} {
		t.Run(plant, func(t *testing.T) {
			text := strings.Replace(memo, "PLANT", plant, 1)
			at := strings.Index(text, plant)
			fs, err := checks.DefaultSuite().Findings(context.Background(), evaluator.Task{ID: "t", Kind: evaluator.KindReviewMemo}, text)
			require.NoError(t, err)
			hit := false
			for _, f := range fs {
				if f.Severity != check.SeverityInfo && f.Location.Start < at+len(plant) && at < f.Location.End {
					hit = true
				}
			}
			if !hit {
				t.Errorf("no finding on %q: %v", plant, fs)
			}
		})
	}
}
