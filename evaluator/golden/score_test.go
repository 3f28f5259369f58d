package golden

import (
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// req and opt build required and optional expected findings that match on
// category alone.
func req(category string) ExpectedFinding {
	return ExpectedFinding{Category: category, Required: true}
}

func opt(category string) ExpectedFinding {
	return ExpectedFinding{Category: category}
}

func cat(category string) AgentFinding { return AgentFinding{Category: category, Severity: SeverityP1} }

func TestScoreRecallMatching(t *testing.T) {
	tests := []struct {
		name     string
		expected []ExpectedFinding
		produced []AgentFinding
		capacity int
		want     float64
	}{
		{
			// Greedy first-fit gives alpha and beta to the broad finding and
			// leaves gamma unmatched (2/3); the maximum matching moves alpha
			// to the narrow finding.
			name:     "greedy fails, capacity 2",
			expected: []ExpectedFinding{req("alpha"), req("beta"), req("gamma")},
			produced: []AgentFinding{cat("alpha_beta_gamma"), cat("alpha")},
			want:     1,
		},
		{
			name:     "greedy fails, capacity 1",
			expected: []ExpectedFinding{req("alpha"), req("beta")},
			produced: []AgentFinding{cat("alpha_beta"), cat("alpha")},
			capacity: 1,
			want:     1,
		},
		{
			// gamma takes beta's finding, beta takes alpha's, alpha moves to
			// the last one.
			name:     "augmenting path through two reassignments",
			expected: []ExpectedFinding{req("alpha"), req("beta"), req("gamma")},
			produced: []AgentFinding{cat("alpha_beta"), cat("beta_gamma"), cat("alpha")},
			capacity: 1,
			want:     1,
		},
		{
			name:     "one finding satisfies at most two by default",
			expected: []ExpectedFinding{req("alpha"), req("beta"), req("gamma")},
			produced: []AgentFinding{cat("alpha_beta_gamma")},
			want:     2.0 / 3,
		},
		{
			name:     "capacity 3 lets one finding satisfy three",
			expected: []ExpectedFinding{req("alpha"), req("beta"), req("gamma")},
			produced: []AgentFinding{cat("alpha_beta_gamma")},
			capacity: 3,
			want:     1,
		},
		{
			name:     "zero capacity means the default 2",
			expected: []ExpectedFinding{req("alpha"), req("beta"), req("gamma")},
			produced: []AgentFinding{cat("alpha_beta_gamma")},
			capacity: 0,
			want:     2.0 / 3,
		},
		{
			name:     "optional findings do not count",
			expected: []ExpectedFinding{req("alpha"), opt("beta")},
			produced: []AgentFinding{cat("beta")},
			want:     0,
		},
		{
			name:     "no required findings gives 1",
			expected: []ExpectedFinding{opt("beta")},
			produced: nil,
			want:     1,
		},
		{
			name:     "no expected findings at all gives 1",
			produced: []AgentFinding{cat("alpha")},
			want:     1,
		},
		{
			name:     "required findings, nothing produced gives 0",
			expected: []ExpectedFinding{req("alpha")},
			want:     0,
		},
		{
			name:     "two expected of one category need one finding under capacity 2",
			expected: []ExpectedFinding{req("alpha"), req("alpha")},
			produced: []AgentFinding{cat("alpha")},
			want:     1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := metricsOf(t, tt.produced, GroundTruth{ExpectedFindings: tt.expected}, MetricsConfig{Capacity: tt.capacity})
			assert.InDelta(t, tt.want, m.FindingRecall, 1e-12)
		})
	}
}

func TestScorePrecisionAndF1(t *testing.T) {
	tests := []struct {
		name          string
		expected      []ExpectedFinding
		produced      []AgentFinding
		precision, f1 float64
	}{
		{"nothing produced: precision 1, recall 0, F1 0", []ExpectedFinding{req("alpha")}, nil, 1, 0},
		{"nothing produced, nothing required: all 1", nil, nil, 1, 1},
		{"a match on an optional finding counts", []ExpectedFinding{req("alpha"), opt("beta")}, []AgentFinding{cat("alpha"), cat("beta")}, 1, 1},
		{"unmatched finding lowers precision", []ExpectedFinding{req("alpha")}, []AgentFinding{cat("alpha"), cat("zeta")}, 0.5, f1Of(1, 0.5)},
		{"recall and precision 0 give F1 0", []ExpectedFinding{req("alpha")}, []AgentFinding{cat("zeta")}, 0, 0},
		{"a finding matching beyond capacity still counts for precision", []ExpectedFinding{req("alpha"), req("beta"), req("gamma")},
			[]AgentFinding{cat("alpha_beta_gamma")}, 1, f1Of(2.0/3, 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := metricsOf(t, tt.produced, GroundTruth{ExpectedFindings: tt.expected}, MetricsConfig{})
			assert.InDelta(t, tt.precision, m.FindingPrecision, 1e-12, "precision")
			assert.InDelta(t, tt.f1, m.F1Score, 1e-12, "f1")
			assert.Equal(t, len(tt.produced), m.FindingCount)
		})
	}
}

func TestF1(t *testing.T) {
	assert.Equal(t, 0.0, f1Of(0, 0))
	assert.InDelta(t, 0.8571428571428571, f1Of(1, 0.75), 1e-15)
	assert.Equal(t, 1.0, f1Of(1, 1))
}

func TestScoreSeverityAccuracy(t *testing.T) {
	ranged := func(category string, most, least SeverityLevel, required bool) ExpectedFinding {
		return ExpectedFinding{Category: category, MaxSeverity: most, MinSeverity: least, Required: required}
	}
	sev := func(category string, s SeverityLevel) AgentFinding {
		return AgentFinding{Category: category, Severity: s}
	}
	tests := []struct {
		name     string
		expected []ExpectedFinding
		produced []AgentFinding
		want     float64
	}{
		{"in range", []ExpectedFinding{ranged("alpha", "P0", "P2", true)}, []AgentFinding{sev("alpha", "P1")}, 1},
		{"out of range", []ExpectedFinding{ranged("alpha", "P0", "P2", true)}, []AgentFinding{sev("alpha", "P3")}, 0},
		{"first matching finding decides, even if a later one is right", []ExpectedFinding{ranged("alpha", "P0", "P1", true)},
			[]AgentFinding{sev("zeta", "P0"), sev("alpha", "P3"), sev("alpha", "P0")}, 0},
		{"first matching finding decides, right then wrong", []ExpectedFinding{ranged("alpha", "P0", "P1", true)},
			[]AgentFinding{sev("alpha", "P0"), sev("alpha", "P3")}, 1},
		{"unknown produced severity is wrong", []ExpectedFinding{ranged("alpha", "P0", "P3", true)}, []AgentFinding{sev("alpha", "high")}, 0},
		{"optional findings do not count", []ExpectedFinding{ranged("alpha", "P0", "P0", false), ranged("beta", "P0", "P3", true)},
			[]AgentFinding{sev("alpha", "P3"), sev("beta", "P3")}, 1},
		{"unmatched required findings do not count", []ExpectedFinding{ranged("alpha", "P0", "P0", true), ranged("beta", "P0", "P0", true)},
			[]AgentFinding{sev("alpha", "P0")}, 1},
		{"share over matched", []ExpectedFinding{ranged("alpha", "P0", "P0", true), ranged("beta", "P0", "P0", true)},
			[]AgentFinding{sev("alpha", "P0"), sev("beta", "P2")}, 0.5},
		{"none matched gives 1", []ExpectedFinding{ranged("alpha", "P0", "P0", true)}, nil, 1},
		{"empty bounds accept everything", []ExpectedFinding{{Category: "alpha", Required: true}}, []AgentFinding{sev("alpha", "P3")}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := metricsOf(t, tt.produced, GroundTruth{ExpectedFindings: tt.expected}, MetricsConfig{})
			assert.InDelta(t, tt.want, m.SeverityAccuracy, 1e-12)
		})
	}
}

func TestScoreCitationAccuracy(t *testing.T) {
	cited := func(category string, ref CitationRef, required bool) ExpectedFinding {
		return ExpectedFinding{Category: category, CitationMustReference: ref, Required: required}
	}
	f := func(category string, cs ...Citation) AgentFinding {
		return AgentFinding{Category: category, Citations: cs}
	}
	file := CitationRef{File: "msa.md"}
	fileSec := CitationRef{File: "msa.md", PageOrSection: "Section 4"}
	sec := CitationRef{PageOrSection: "Section 4"}
	tests := []struct {
		name     string
		expected []ExpectedFinding
		produced []AgentFinding
		want     float64
	}{
		{"file only, right file", []ExpectedFinding{cited("alpha", file, true)}, []AgentFinding{f("alpha", Citation{SourcePath: "docs/MSA.md"})}, 1},
		{"file and section, both right", []ExpectedFinding{cited("alpha", fileSec, true)},
			[]AgentFinding{f("alpha", Citation{SourcePath: "msa.md", Location: "section 4.2"})}, 1},
		{"file and section, wrong section", []ExpectedFinding{cited("alpha", fileSec, true)},
			[]AgentFinding{f("alpha", Citation{SourcePath: "msa.md", Location: "Section 7"})}, 0},
		{"file and section must hold in the same citation", []ExpectedFinding{cited("alpha", fileSec, true)},
			[]AgentFinding{f("alpha", Citation{SourcePath: "msa.md", Location: "Section 7"}, Citation{SourcePath: "other.md", Location: "Section 4"})}, 0},
		{"section only", []ExpectedFinding{cited("alpha", sec, true)}, []AgentFinding{f("alpha", Citation{Location: "Section 4"})}, 1},
		{"section only, no citation", []ExpectedFinding{cited("alpha", sec, true)}, []AgentFinding{f("alpha")}, 0},
		{"first matching finding decides", []ExpectedFinding{cited("alpha", sec, true)},
			[]AgentFinding{f("alpha", Citation{Location: "Section 9"}), f("alpha", Citation{Location: "Section 4"})}, 0},
		{"unconstrained findings do not count", []ExpectedFinding{cited("alpha", CitationRef{}, true), cited("beta", sec, true)},
			[]AgentFinding{f("alpha"), f("beta", Citation{Location: "Section 4"})}, 1},
		{"optional findings do not count", []ExpectedFinding{cited("alpha", sec, false)}, []AgentFinding{f("alpha")}, 1},
		{"none constrained gives 1", []ExpectedFinding{cited("alpha", CitationRef{}, true)}, []AgentFinding{f("alpha")}, 1},
		{"none matched gives 1", []ExpectedFinding{cited("alpha", file, true)}, []AgentFinding{f("alpha", Citation{SourcePath: "x.md"})}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := metricsOf(t, tt.produced, GroundTruth{ExpectedFindings: tt.expected}, MetricsConfig{})
			assert.InDelta(t, tt.want, m.CitationAccuracy, 1e-12)
		})
	}
}

func TestScoreFalsePositiveRate(t *testing.T) {
	syn := NewSynonyms(nil, map[string][]string{"data_privacy": {"gdpr", "personal_data"}})
	gt := GroundTruth{MustNotFind: []MustNotFind{{Category: "data_privacy"}, {Category: "ip_ownership"}}}
	tests := []struct {
		name     string
		produced []AgentFinding
		want     float64
	}{
		{"nothing produced gives 0", nil, 0},
		{"no forbidden category", []AgentFinding{cat("termination")}, 0},
		{"forbidden category", []AgentFinding{cat("Data Privacy"), cat("termination")}, 0.5},
		{"forbidden by synonym", []AgentFinding{cat("gdpr"), cat("termination"), cat("liability"), cat("tax")}, 0.25},
		{"a finding matching two forbidden categories counts once", []AgentFinding{cat("data_privacy_ip_ownership")}, 1},
		{"empty category is not forbidden", []AgentFinding{cat("")}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := metricsOf(t, tt.produced, gt, MetricsConfig{Synonyms: syn})
			assert.InDelta(t, tt.want, m.FalsePositiveRate, 1e-12)
		})
	}
	t.Run("no must-not-find gives 0", func(t *testing.T) {
		assert.Equal(t, 0.0, metricsOf(t, []AgentFinding{cat("gdpr")}, GroundTruth{}, MetricsConfig{}).FalsePositiveRate)
	})
}

func TestScoreDoesNotModifyInput(t *testing.T) {
	produced := []AgentFinding{{Category: "Change Of Control", Title: "CoC", Citations: []Citation{{SourcePath: "A.md"}}}}
	gt := GroundTruth{ExpectedFindings: []ExpectedFinding{{Category: "Change Of Control", MustContainKeywords: []string{"CoC"}, Required: true}}}
	metricsOf(t, produced, gt, MetricsConfig{})
	assert.Equal(t, "Change Of Control", produced[0].Category)
	assert.Equal(t, "A.md", produced[0].Citations[0].SourcePath)
	assert.Equal(t, "CoC", gt.ExpectedFindings[0].MustContainKeywords[0])
}

// TestOptionsOutOfRange: a negative capacity is an error naming the field,
// matching evaluator.ErrInvalidOption, not a silent default.
func TestOptionsOutOfRange(t *testing.T) {
	gt := GroundTruth{ExpectedFindings: []ExpectedFinding{req("alpha")}}
	m, err := MetricsOf([]AgentFinding{cat("alpha")}, gt, MetricsConfig{Capacity: -1})
	require.ErrorIs(t, err, evaluator.ErrInvalidOption)
	var fe *evaluator.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "MetricsConfig.Capacity", fe.Field)
	assert.EqualError(t, err, "golden: MetricsConfig.Capacity: must be >= 0 (0 means the default, 2), got -1")
	assert.Equal(t, Metrics{}, m)
	assert.NoError(t, MetricsConfig{}.validate())
}

// metricsOf is MetricsOf for options that are valid: an error fails tb.
func metricsOf(tb testing.TB, produced []AgentFinding, gt GroundTruth, opts MetricsConfig) Metrics {
	tb.Helper()
	m, err := MetricsOf(produced, gt, opts)
	if err != nil {
		tb.Errorf("MetricsOf: %v", err)
	}
	return m
}

// gateOf is Gate for options that are valid: an error fails tb.
func gateOf(tb testing.TB, base Baseline, current map[string]Metrics, opts GateConfig) GateResult {
	tb.Helper()
	r, err := Gate(base, current, opts)
	if err != nil {
		tb.Errorf("Gate: %v", err)
	}
	return r
}
