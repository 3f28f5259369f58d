package rubric

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDeliverablePreset(t *testing.T) {
	r := Deliverable()
	require.NoError(t, r.Validate())
	want := []struct {
		name     string
		weight   float64
		floor    float64
		autoFail bool
		policy   bool
	}{
		{FactualCorrectness, 0.18, 0.50, true, false},
		{CitationValidity, 0.13, 0, false, false},
		{PolicyCompliance, 0.13, 0, true, true},
		{ToolConsistency, 0.10, 0, false, false},
		{JurisdictionalAccuracy, 0.13, 0.50, true, false},
		{InternalConsistency, 0.13, 0, false, false},
		{Completeness, 0.08, 0, false, false},
		{RecommendationActionability, 0.12, 0.50, true, false},
	}
	require.Len(t, r.Dimensions, len(want))
	for i, w := range want {
		d := r.Dimensions[i]
		assert.Equal(t, w.name, d.Name, "dimension %d", i)
		assert.Equal(t, w.weight, d.Weight, d.Name)
		assert.Equal(t, w.floor, d.Floor, d.Name)
		assert.Equal(t, w.autoFail, d.AutoFail, d.Name)
		assert.Equal(t, w.policy, d.Policy, d.Name)
		assert.NotEmpty(t, d.Description, d.Name)
		assert.NotEmpty(t, d.Checks, d.Name)
	}
	assert.Equal(t, 0.75, r.PassThreshold)
	assert.Equal(t, DefaultBands(), r.Bands)
	assert.Equal(t, defaultRules(), r.Rules)

	// The checks the issue asks for are in the preset's text.
	all := func(name string) string {
		d, ok := r.Dimension(name)
		require.True(t, ok)
		return strings.Join(d.Checks, "\n")
	}
	assert.Contains(t, all(FactualCorrectness), "fabricated citation or statistic")
	assert.Contains(t, all(CitationValidity), "reviewed document itself is a citation source")
	assert.Contains(t, all(JurisdictionalAccuracy), "wrong jurisdiction")
	for _, phrase := range []string{"consider", "should review", "may want to", "it is advisable", "we recommend exploring", "parties should discuss",
		"strengthen", "tighten", "clarify", "add more specificity", "RED or YELLOW", "30%", "risk rated 3 or more"} {
		assert.Contains(t, all(RecommendationActionability), phrase)
	}

	// Each call returns an independent copy.
	r.Dimensions[0].Weight = 0.9
	r.Dimensions[0].Checks[0] = "changed"
	fresh := Deliverable()
	assert.Equal(t, 0.18, fresh.Dimensions[0].Weight)
	assert.NotEqual(t, "changed", fresh.Dimensions[0].Checks[0])
}

// small returns a valid two-dimension rubric for mutation tests.
func small() Rubric {
	return Rubric{
		Name:    "small",
		Version: "1",
		Dimensions: []Dimension{
			{Name: "A", Weight: 0.6, Floor: 0.5, AutoFail: true, Policy: true},
			{Name: "B", Weight: 0.4},
		},
		PassThreshold: 0.75,
		Bands:         DefaultBands(),
		Rules:         defaultRules(),
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*Rubric)
		want   []string // every substring must appear; nil means valid
	}{
		{"valid", func(*Rubric) {}, nil},
		{"empty name", func(r *Rubric) { r.Name = " " }, []string{"name: empty"}},
		{"no dimensions", func(r *Rubric) { r.Dimensions = nil; r.Rules.LowDimensionsFail = 0 }, []string{"dimensions: a rubric needs at least one dimension"}},
		{"weight above 1", func(r *Rubric) { r.Dimensions[1].Weight = 1.7 }, []string{"dimensions[1].weight: must be in [0,1], got 1.7"}},
		{"negative weight", func(r *Rubric) { r.Dimensions[1].Weight = -0.4 }, []string{"dimensions[1].weight: must be in [0,1], got -0.4"}},
		{"NaN weight", func(r *Rubric) { r.Dimensions[0].Weight = math.NaN() }, []string{"dimensions[0].weight: must be a finite number in [0,1], got NaN"}},
		{"weights sum", func(r *Rubric) { r.Dimensions[1].Weight = 0.3 }, []string{"dimensions: weights must sum to 1 (within 1e-9), got 0.9"}},
		{"weights sum just outside tolerance", func(r *Rubric) { r.Dimensions[1].Weight = 0.4 + 2e-9 }, []string{"weights must sum to 1"}},
		{"weights sum within tolerance", func(r *Rubric) { r.Dimensions[1].Weight = 0.4 + 5e-10 }, nil},
		{"empty dimension name", func(r *Rubric) { r.Dimensions[1].Name = "" }, []string{"dimensions[1].name: empty"}},
		{"duplicate dimension", func(r *Rubric) { r.Dimensions[1].Name = "A" }, []string{`dimensions[1].name: duplicate of dimensions[0].name "A"`}},
		{"floor out of range", func(r *Rubric) { r.Dimensions[0].Floor = 1.2 }, []string{"dimensions[0].floor: must be in [0,1], got 1.2"}},
		{"empty check", func(r *Rubric) { r.Dimensions[0].Checks = []string{"x", ""} }, []string{"dimensions[0].checks[1]: empty"}},
		{"policy without auto-fail", func(r *Rubric) { r.Dimensions[0].AutoFail = false }, []string{"dimensions[0].policy: a policy dimension must allow auto-fail"}},
		{"threshold", func(r *Rubric) { r.PassThreshold = 1.01 }, []string{"passThreshold: must be in [0,1], got 1.01"}},
		{"threshold NaN", func(r *Rubric) { r.PassThreshold = math.NaN() }, []string{"passThreshold: must be a finite number"}},
		{"low score", func(r *Rubric) { r.Rules.LowScore = -0.5 }, []string{"rules.lowScore: must be in [0,1] (0 means the default) or -1 (off), got -0.5"}},
		{"human review", func(r *Rubric) { r.Rules.HumanReviewBelow = math.Inf(1) }, []string{"rules.humanReviewBelow: must be in [0,1] (0 means the default) or -1 (off), got +Inf"}},
		{"limited", func(r *Rubric) { r.Rules.LimitedVerificationBelow = 2 }, []string{"rules.limitedVerificationBelow: must be in [0,1] (0 means the default) or -1 (off), got 2"}},
		{"review above limited", func(r *Rubric) { r.Rules.HumanReviewBelow = 0.8 }, []string{"rules.humanReviewBelow: must not exceed rules.limitedVerificationBelow (0.75), got 0.8"}},
		{"tolerance", func(r *Rubric) { r.Rules.MismatchTolerance = math.NaN() }, []string{"rules.mismatchTolerance"}},
		{"low count", func(r *Rubric) { r.Rules.LowDimensionsFail = 3 }, []string{"rules.lowDimensionsFail: must be in [0,2] (the number of dimensions; 0 means the default, 2) or -1 (off), got 3"}},
		{"no bands", func(r *Rubric) { r.Bands = nil }, []string{"bands: a rubric needs at least one band"}},
		{"band gap", func(r *Rubric) { r.Bands[1].Min = 0.76 }, []string{"bands[1].min: must equal bands[0].max (0.75)"}},
		{"band overlap at bound", func(r *Rubric) { r.Bands[0].MaxExclusive = false }, []string{"bands[1].minExclusive: exactly one of bands[0].maxExclusive and bands[1].minExclusive"}},
		// bands[2] already excludes 0.80; excluding it from bands[1] too leaves a hole.
		{"band hole at bound", func(r *Rubric) { r.Bands[1].MaxExclusive = true }, []string{"bands[2].minExclusive: exactly one of"}},
		{"first band", func(r *Rubric) { r.Bands[0].Min = 0.1 }, []string{"bands[0].min: the first band must start at 0 inclusive"}},
		{"last band", func(r *Rubric) { r.Bands[3].MaxExclusive = true }, []string{"bands[3].max: the last band must end at 1 inclusive"}},
		{"band empty range", func(r *Rubric) { r.Bands[1].Max = 0.7 }, []string{"bands[1]: empty range"}},
		{"band name", func(r *Rubric) { r.Bands[2].Name = "fail" }, []string{`bands[2].name: duplicate of bands[0].name "fail"`}},
		{"band NaN", func(r *Rubric) { r.Bands[2].Max = math.NaN() }, []string{"bands[2].max: must be a finite number"}},
		{"several problems joined", func(r *Rubric) { r.Name = ""; r.Dimensions[1].Weight = 1.7 }, []string{"name: empty", "dimensions[1].weight: must be in [0,1], got 1.7"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := small()
			tt.mutate(&r)
			err := r.Validate()
			if tt.want == nil {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrInvalidRubric)
			var fe *evaluator.FieldError
			assert.True(t, errors.As(err, &fe))
			for _, w := range tt.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func TestBandContains(t *testing.T) {
	r := Deliverable()
	tests := []struct {
		score float64
		band  string
	}{
		{0, "fail"}, {0.7499, "fail"}, {0.7499999999999999, "marginal"}, {0.75, "marginal"},
		{0.8, "marginal"}, {0.8000001, "pass"}, {0.9, "pass"}, {0.9000001, "strong"}, {1, "strong"},
	}
	for _, tt := range tests {
		b, ok := r.bandOf(tt.score)
		require.True(t, ok, "score %v", tt.score)
		assert.Equal(t, tt.band, b.Name, "score %v", tt.score)
	}
	_, ok := r.bandOf(1.5)
	assert.False(t, ok)
}
