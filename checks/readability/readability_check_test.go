package readability

import (
	"context"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/internal/readscore"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const plainNotice = `We will send your refund within ten days. You can call us at any time if you have a question.
Your order number is on the first page. Keep this letter with your records. We are glad to help you.
Thank you for shopping with us.`

const hardNotice = `Notwithstanding any provision hereof to the contrary, the indemnification obligations hereinafter described shall be construed in accordance with the applicable regulatory requirements and shall be administered by the designated representative.
All communications were reviewed by the compliance department and were subsequently transmitted to the appropriate governmental authorities for consideration.
The determination was made by the committee after extensive deliberation regarding the organizational consequences of the proposed modifications.`

func TestReadabilityCheck(t *testing.T) {
	c, err := NewReadabilityCheck(ReadabilityConfig{})
	require.NoError(t, err)
	require.Equal(t, "readability", c.Rule())
	require.Equal(t, []string{RuleReadabilityGrade, RuleReadabilityPassage, RuleReadabilityPassive}, c.(check.RuleLister).Rules())

	require.Empty(t, c.Check(check.Document{Text: plainNotice}), "plain text passes")
	require.Empty(t, c.Check(check.Document{Text: "Notwithstanding the aforementioned indemnification obligations."}),
		"too short to judge")

	fs := c.Check(check.Document{Text: hardNotice})
	require.Len(t, fs, 2)
	grade, passive := fs[0], fs[1]
	if grade.Rule != RuleReadabilityGrade {
		grade, passive = passive, grade
	}
	require.Equal(t, RuleReadabilityGrade, grade.Rule)
	require.Equal(t, check.SeverityWarn, grade.Severity)
	require.Contains(t, grade.Message, "is above 12")
	require.True(t, strings.HasPrefix(grade.Location.Text, "Notwithstanding any provision"), grade.Location.Text)
	require.Equal(t, 1, grade.Location.Line)

	require.Equal(t, RuleReadabilityPassive, passive.Rule)
	require.Equal(t, check.SeverityWarn, passive.Severity)
	require.Contains(t, passive.Message, "above 25%")
	require.Equal(t, hardNotice[passive.Location.Start:passive.Location.End], passive.Location.Text)

	// Thresholds are configurable.
	lenient, err := NewReadabilityCheck(ReadabilityConfig{Limits: readscore.Limits{MaxGrade: 40, MaxPassivePercent: 100}})
	require.NoError(t, err)
	require.Empty(t, lenient.Check(check.Document{Text: hardNotice}))
}

func TestReadabilityCheckJargon(t *testing.T) {
	c, err := NewReadabilityCheck(ReadabilityConfig{MaxJargonDensity: 0.02, Limits: readscore.Limits{MaxGrade: 40, MaxPassivePercent: 100}})
	require.NoError(t, err)
	require.Contains(t, c.(check.RuleLister).Rules(), RuleReadabilityJargon)
	fs := c.Check(check.Document{Text: hardNotice})
	require.Len(t, fs, 1)
	require.Equal(t, RuleReadabilityJargon, fs[0].Rule)
	require.Equal(t, check.SeverityInfo, fs[0].Severity)
	require.Equal(t, "Notwithstanding", fs[0].Location.Text)
	require.Contains(t, fs[0].Message, `"hereof"`)
	require.Empty(t, c.Check(check.Document{Text: plainNotice}))
}

func TestReadabilityCheckConfigErrors(t *testing.T) {
	for field, cfg := range map[string]ReadabilityConfig{
		"Limits.MaxGrade":          {Limits: readscore.Limits{MaxGrade: -1}},
		"Limits.MaxPassivePercent": {Limits: readscore.Limits{MaxPassivePercent: 101}},
		"MaxJargonDensity":         {MaxJargonDensity: 2},
		"MinWords":                 {MinWords: -3},
	} {
		_, err := NewReadabilityCheck(cfg)
		require.ErrorContains(t, err, "ReadabilityConfig."+field)
	}
}

func TestReadabilityCheckInSuite(t *testing.T) {
	c, err := NewReadabilityCheck(ReadabilityConfig{})
	require.NoError(t, err)
	s, err := check.NewSuite([]check.Check{c})
	require.NoError(t, err)
	d, err := s.Evaluate(context.Background(), evaluator.Task{ID: "notice"}, hardNotice)
	require.NoError(t, err)
	require.Equal(t, evaluator.StatusRevise, d.Status)
	require.NoError(t, d.Validate())
	d, err = s.Evaluate(context.Background(), evaluator.Task{ID: "notice"}, plainNotice)
	require.NoError(t, err)
	require.Equal(t, evaluator.StatusPass, d.Status)
}

// A block of legalese in an otherwise plain notice is reported at the
// passage, though the whole text's average stays under the limit.
func TestReadabilityPassage(t *testing.T) {
	c, err := NewReadabilityCheck(ReadabilityConfig{})
	require.NoError(t, err)
	plain := "You can send it back. We will pay you back fast. Call us if you need help. We are here every day. "
	legal := "Notwithstanding any provision hereinbefore contained, the aforementioned reimbursement obligations shall be construed as contingent upon the consumer's contemporaneous satisfaction of all documentary prerequisites established pursuant to the applicable regulatory instruments, including without limitation any supplementary verification procedures promulgated thereunder, and any determination made thereunder shall be final and conclusive absent manifest error."
	text := strings.Repeat(plain, 6) + "\n\n" + legal + "\n\n" + strings.Repeat(plain, 6)
	var rules []string
	for _, f := range c.Check(check.Document{Text: text}) {
		rules = append(rules, f.Rule)
	}
	assert.Contains(t, rules, RuleReadabilityPassage)
	assert.NotContains(t, rules, RuleReadabilityGrade)
	assert.Empty(t, c.Check(check.Document{Text: strings.Repeat(plain, 12)}))
}
