package golden

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestJudgeValue(t *testing.T) {
	tests := []struct {
		name                   string
		value, threshold, band float64
		higherIsBetter         bool
		want                   Verdict
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
			assert.Equal(t, tt.want, JudgeValue(tt.value, tt.threshold, tt.band, tt.higherIsBetter))
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
			assert.Equal(t, tt.want, th.Judge(m))
		})
	}
}

func TestThresholdsForGroundTruth(t *testing.T) {
	th := DefaultThresholds()
	zone := 0.15
	assert.Equal(t, 0.15, th.ForGroundTruth(GroundTruth{AmbiguityZone: &zone}).Band)
	zero := 0.0
	assert.Equal(t, 0.0, th.ForGroundTruth(GroundTruth{AmbiguityZone: &zero}).Band, "an explicit 0 is kept")
	assert.Equal(t, DefaultBand, th.ForGroundTruth(GroundTruth{}).Band)
	// With the contract's wider band a recall of 0.7 is inconclusive, not a fail.
	m := Metrics{FindingRecall: 0.7, CitationAccuracy: 1, SeverityAccuracy: 1}
	assert.Equal(t, VerdictFail, th.Judge(m).Recall)
	assert.Equal(t, VerdictInconclusive, th.ForGroundTruth(GroundTruth{AmbiguityZone: &zone}).Judge(m).Recall)
}

func TestThresholdsValidate(t *testing.T) {
	assert.NoError(t, DefaultThresholds().Validate())
	th := DefaultThresholds()
	th.Recall = 1.5
	th.Band = -0.1
	err := th.Validate()
	assert.ErrorContains(t, err, "thresholds.Recall: must be in [0,1], got 1.5")
	assert.ErrorContains(t, err, "thresholds.Band: must be in [0,1], got -0.1")
}
