package golden

import (
	"math"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVerdictOf(t *testing.T) {
	tests := []struct {
		name                   string
		value, threshold, band float64
		higherIsBetter         bool
		want                   MetricVerdict
	}{
		{"above threshold passes", 0.9, 0.8, 0.02, true, VerdictPass},
		{"at threshold passes", 0.8, 0.8, 0.02, true, VerdictPass},
		{"just inside the band is inconclusive", 0.79, 0.8, 0.02, true, VerdictInconclusive},
		{"at the band's edge is inconclusive", 0.78, 0.8, 0.02, true, VerdictInconclusive},
		{"below the band fails", 0.77, 0.8, 0.02, true, VerdictFail},
		{"zero band: below threshold fails", 0.79, 0.8, 0, true, VerdictFail},
		{"float rounding at the threshold passes", 0.8999999999999999, 0.9, 0, true, VerdictPass},
		{"lower is better: below passes", 0.1, 0.15, 0.02, false, VerdictPass},
		{"lower is better: at threshold passes", 0.15, 0.15, 0.02, false, VerdictPass},
		{"lower is better: inside band is inconclusive", 0.16, 0.15, 0.02, false, VerdictInconclusive},
		{"lower is better: at band edge is inconclusive", 0.17, 0.15, 0.02, false, VerdictInconclusive},
		{"lower is better: beyond band fails", 0.18, 0.15, 0.02, false, VerdictFail},
		{"NaN is inconclusive", math.NaN(), 0.8, 0.02, true, VerdictInconclusive},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, verdictOf(tt.value, tt.threshold, tt.band, tt.higherIsBetter))
		})
	}
}

func TestThresholdsJudge(t *testing.T) {
	th := DefaultThresholds()
	assert.Equal(t, Thresholds{Recall: 0.80, CitationAccuracy: 0.90, SeverityAccuracy: 0.75, FalsePositiveRate: 0.15, Band: 0.02}, th)
	good := Metrics{FindingRecall: 0.8, CitationAccuracy: 0.9, SeverityAccuracy: 0.75, FalsePositiveRate: 0.15}
	tests := []struct {
		name   string
		modify func(*Metrics)
		want   Verdicts
	}{
		{"all at their thresholds pass", func(*Metrics) {}, Verdicts{"pass", "pass", "pass", "pass", "pass"}},
		{"recall in band makes the whole inconclusive", func(m *Metrics) { m.FindingRecall = 0.79 },
			Verdicts{"inconclusive", "pass", "pass", "pass", "inconclusive"}},
		{"a fail outweighs an inconclusive", func(m *Metrics) { m.FindingRecall = 0.79; m.CitationAccuracy = 0.5 },
			Verdicts{"inconclusive", "fail", "pass", "pass", "fail"}},
		{"severity fails", func(m *Metrics) { m.SeverityAccuracy = 0.7 }, Verdicts{"pass", "pass", "fail", "pass", "fail"}},
		{"false-positive rate fails", func(m *Metrics) { m.FalsePositiveRate = 0.2 }, Verdicts{"pass", "pass", "pass", "fail", "fail"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := good
			tt.modify(&m)
			assert.Equal(t, tt.want, th.Verdicts(m))
		})
	}
}

func TestThresholdsForGroundTruth(t *testing.T) {
	th := DefaultThresholds()
	zone := 0.15
	assert.Equal(t, 0.15, th.ForGroundTruth(GroundTruth{AmbiguityZone: &zone}).Band)
	zero := 0.0
	zeroBand := th.ForGroundTruth(GroundTruth{AmbiguityZone: &zero})
	assert.Equal(t, -1.0, zeroBand.Band, "an explicit 0 is no band (-1), not the default")
	assert.Equal(t, VerdictFail, zeroBand.Verdicts(Metrics{FindingRecall: 0.79, CitationAccuracy: 1, SeverityAccuracy: 1}).Recall,
		"with no band, 0.79 against 0.80 fails")
	assert.Equal(t, defaultBand, th.ForGroundTruth(GroundTruth{}).Band)
	// With the contract's wider band a recall of 0.7 is inconclusive, not a fail.
	m := Metrics{FindingRecall: 0.7, CitationAccuracy: 1, SeverityAccuracy: 1}
	assert.Equal(t, VerdictFail, th.Verdicts(m).Recall)
	assert.Equal(t, VerdictInconclusive, th.ForGroundTruth(GroundTruth{AmbiguityZone: &zone}).Verdicts(m).Recall)
}

func TestThresholdsValidate(t *testing.T) {
	assert.NoError(t, DefaultThresholds().Validate())
	th := DefaultThresholds()
	th.Recall = 1.5
	th.Band = -0.1
	err := th.Validate()
	assert.ErrorContains(t, err, "Thresholds.Recall: must be in [0,1] (0 means the default) or -1 (off), got 1.5")
	assert.ErrorContains(t, err, "Thresholds.Band: must be in [0,1] (0 means the default) or -1 (off), got -0.1")
	assert.ErrorIs(t, err, evaluator.ErrInvalidOption)
	var fe *evaluator.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "Thresholds.Recall", fe.Field)
}

// TestZeroThresholdsAreTheDefaults: Thresholds{} judges like
// DefaultThresholds() (it used to fail any false-positive rate above 0),
// and -1 turns one bar off.
func TestZeroThresholdsAreTheDefaults(t *testing.T) {
	require.NoError(t, Thresholds{}.Validate())
	for _, m := range []Metrics{
		{FindingRecall: 1, CitationAccuracy: 1, SeverityAccuracy: 1, FalsePositiveRate: 0.1},
		{FindingRecall: 0.79, CitationAccuracy: 0.95, SeverityAccuracy: 0.7, FalsePositiveRate: 0.16},
		{FindingRecall: 0.5, CitationAccuracy: 0.5, SeverityAccuracy: 0.5, FalsePositiveRate: 0.5},
		{},
	} {
		assert.Equal(t, DefaultThresholds().Verdicts(m), Thresholds{}.Verdicts(m), "%+v", m)
	}
	assert.Equal(t, VerdictPass, Thresholds{}.Verdicts(Metrics{FindingRecall: 1, CitationAccuracy: 1, SeverityAccuracy: 1, FalsePositiveRate: 0.1}).Overall)

	offFP := Thresholds{FalsePositiveRate: -1}
	require.NoError(t, offFP.Validate())
	v := offFP.Verdicts(Metrics{FindingRecall: 1, CitationAccuracy: 1, SeverityAccuracy: 1, FalsePositiveRate: 0.9})
	assert.Equal(t, VerdictPass, v.FalsePositiveRate)
	offRecall := Thresholds{Recall: -1}
	assert.Equal(t, VerdictPass, offRecall.Verdicts(Metrics{CitationAccuracy: 1, SeverityAccuracy: 1}).Recall)
	assert.Equal(t, VerdictFail, offRecall.Verdicts(Metrics{CitationAccuracy: 0.5, SeverityAccuracy: 1}).CitationAccuracy, "only recall is off")
}
