package rubric

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestZeroRulesAreTheDefaults: a rubric with Rules{} judges every input as
// one with defaultRules() does, renders the same prompt, and validates.
func TestZeroRulesAreTheDefaults(t *testing.T) {
	zero := Deliverable()
	zero.Rules = Rules{}
	require.NoError(t, zero.Validate())
	def := Deliverable()
	judge := 0.3
	for _, base := range []float64{0, 0.3, 0.49, 0.5, 0.74, 0.75, 0.9, 1} {
		for _, low := range []float64{0, 0.45, 0.5, 1} {
			for _, conf := range []float64{0, 0.3, 0.59, 0.6, 0.74, 0.75, 1} {
				in := scores(base, map[string]float64{Completeness: low, ToolConsistency: low})
				in.Confidence = conf
				in.JudgeOverall = &judge
				got, err := zero.Verdict(in)
				require.NoError(t, err)
				want, err := def.Verdict(in)
				require.NoError(t, err)
				assert.Equal(t, want, got, "base %v, low %v, confidence %v", base, low, conf)
			}
		}
	}
	pz, err := RenderPrompt(zero, nil)
	require.NoError(t, err)
	pd, err := RenderPrompt(def, nil)
	require.NoError(t, err)
	assert.Equal(t, pd, pz)
}

// TestRuleOff: RuleOff turns each rule off, and only that rule.
func TestRuleOff(t *testing.T) {
	lowTwo := scores(0.9, map[string]float64{Completeness: 0.4, ToolConsistency: 0.4})
	tests := []struct {
		name  string
		rules func(*Rules)
		in    Input
		check func(t *testing.T, v Verdict)
	}{
		{"low dimensions on by default", func(*Rules) {}, lowTwo, func(t *testing.T, v Verdict) {
			assert.Contains(t, fired(v), RuleLowDimensions)
		}},
		{"low dimensions off", func(r *Rules) { r.LowDimensionsFail = RuleOff }, lowTwo, func(t *testing.T, v Verdict) {
			assert.NotContains(t, fired(v), RuleLowDimensions)
		}},
		{"low score off: nothing is low", func(r *Rules) { r.LowScore = RuleOff }, lowTwo, func(t *testing.T, v Verdict) {
			assert.NotContains(t, fired(v), RuleLowDimensions)
			for _, d := range v.Dimensions {
				assert.False(t, d.Low, d.Name)
			}
		}},
		{"human review off: limited verification still noted", func(r *Rules) { r.HumanReviewBelow = RuleOff },
			func() Input { in := scores(0.9, nil); in.Confidence = 0.1; return in }(), func(t *testing.T, v Verdict) {
				assert.False(t, v.HumanReview)
				assert.True(t, v.LimitedVerification)
			}},
		{"both confidence rules off", func(r *Rules) { r.HumanReviewBelow, r.LimitedVerificationBelow = RuleOff, RuleOff },
			func() Input { in := scores(0.9, nil); in.Confidence = 0.1; return in }(), func(t *testing.T, v Verdict) {
				assert.False(t, v.HumanReview)
				assert.False(t, v.LimitedVerification)
			}},
		{"mismatch off", func(r *Rules) { r.MismatchTolerance = RuleOff },
			func() Input { in := scores(0.9, nil); o := 0.1; in.JudgeOverall = &o; return in }(), func(t *testing.T, v Verdict) {
				assert.Nil(t, v.Mismatch)
			}},
		{"mismatch on by default", func(*Rules) {},
			func() Input { in := scores(0.9, nil); o := 0.1; in.JudgeOverall = &o; return in }(), func(t *testing.T, v Verdict) {
				assert.NotNil(t, v.Mismatch)
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Deliverable()
			r.Rules = Rules{}
			tt.rules(&r.Rules)
			require.NoError(t, r.Validate())
			v, err := r.Verdict(tt.in)
			require.NoError(t, err)
			tt.check(t, v)
			prompt, err := RenderPrompt(r, nil)
			require.NoError(t, err)
			// The prompt states only the rules in force, never a -1.
			assert.NotContains(t, prompt, "-1")
			assert.Equal(t, r.Rules.HumanReviewBelow != RuleOff, strings.Contains(prompt, "a human reviews"))
			assert.Equal(t, r.Rules.LowDimensionsFail != RuleOff && r.Rules.LowScore != RuleOff, strings.Contains(prompt, "or more dimensions below"))
			assert.Equal(t, r.Rules.MismatchTolerance != RuleOff, strings.Contains(prompt, "recorded as a mismatch"))
		})
	}
}
