package checks

import (
	"context"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/placeholder"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOnlyFor(t *testing.T) {
	c := check.OnlyFor(mustCheck(placeholder.NewPlaceholderCheck(placeholder.PlaceholderConfig{})), evaluator.KindContract, "")
	assert.Equal(t, placeholder.RulePlaceholder, c.Rule())
	assert.Equal(t, []string{placeholder.RulePlaceholder}, c.(check.RuleLister).Rules())
	assert.NotEmpty(t, c.Check(check.Document{Text: "fee: TBD", Kind: evaluator.KindContract}))
	assert.NotEmpty(t, c.Check(check.Document{Text: "fee: TBD"}), "the empty kind was listed")
	assert.Empty(t, c.Check(check.Document{Text: "fee: TBD", Kind: evaluator.KindCustomerReply}))
}

// The default suite reads the task's kind: the traps that made a gate
// reject good deliverables do not fire, and the right checks run.
func TestDefaultSuiteIsKindAware(t *testing.T) {
	ctx := context.Background()
	s := DefaultSuite()
	findings := func(kind evaluator.Kind, source, text string) []string {
		task := evaluator.Task{ID: "t", Kind: kind}
		if source != "" {
			task.Evidence = []evaluator.Evidence{{ID: "source", Content: source}}
		}
		fs, err := s.Findings(ctx, task, text)
		require.NoError(t, err)
		var out []string
		for _, f := range fs {
			if f.Severity != check.SeverityInfo {
				out = append(out, f.Rule+" "+f.Location.Text)
			}
		}
		return out
	}
	contract := "# Supply Agreement\n\n## 1. Term\n\n1.1 This Agreement runs for two years.\n\n## 2. Fees\n\n2.1 Fees are due in 30 days.\n\n## 3. Law\n\n3.1 This Agreement is governed by the laws of England.\n\n## Exhibit B — Data\n\nx\n"
	memo := "# Memo\n\n## 1. Summary\n\nThe draft is acceptable once the cap is fixed.\n\n## 2. Findings\n\n2.1 Clause 2.1 sets 30-day payment; Exhibit B holds the data terms, short of GDPR Article 28(3) and NIST SP 800-53.\n\n## 3. Recommendations\n\n3.1 (RED) We may want to revisit the cap.\n"
	got := findings(evaluator.KindReviewMemo, contract, memo)
	assert.Contains(t, got, "recommendation.hedge_high_risk may want to", "'## 3. Recommendations' is analysed in a memo")
	for _, f := range got {
		assert.NotContains(t, f, "completeness", "a memo is not asked for a signature block or governing law")
		assert.NotContains(t, f, "xref.dangling", "GDPR Article 28 and the contract's Exhibit B are not dangling")
	}
	redline := "**Clause 2.1**\n\n2.1 Fees are due in [deleted: 30] [inserted: 45] days.\n\n**Clause 2.2**\n\n2.2 Late fees are 1% a month.\n"
	assert.Empty(t, findings(evaluator.KindRedline, contract, redline), "a redline of 2.1-2.2 has no numbering gap")
	assert.Empty(t, findings("", "", "## Recommendations\n\n- Consider it (RED).\n"), "generic text gets no recommendation analysis")
	assert.Contains(t, findings("", "", "Pay [AMOUNT] by Friday."), "placeholder.unfilled [AMOUNT]", "placeholders apply to any text")
}
