package golden

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAggregateContractsRules(t *testing.T) {
	a := Metrics{FindingRecall: 1.0, FindingPrecision: 0.5, CitationAccuracy: 1.0, SeverityAccuracy: 0.5, FalsePositiveRate: 0.0, FindingCount: 4}
	b := Metrics{FindingRecall: 0.5, FindingPrecision: 1.0, CitationAccuracy: 0.8, SeverityAccuracy: 1.0, FalsePositiveRate: 0.25, FindingCount: 6}
	c := Metrics{FindingRecall: 0.75, FindingPrecision: 0.75, CitationAccuracy: 0.6, SeverityAccuracy: 0.0, FalsePositiveRate: 0.1, FindingCount: 0}
	agg, ok := aggregateContracts([]Metrics{a, b, c})
	require.True(t, ok)
	tests := []struct {
		rule      string
		got, want float64
	}{
		{"recall is the minimum", agg.FindingRecall, 0.5},
		{"false-positive rate is the maximum", agg.FalsePositiveRate, 0.25},
		{"precision is the mean", agg.FindingPrecision, 0.75},
		{"citation accuracy is the mean", agg.CitationAccuracy, 0.8},
		{"severity accuracy is the mean", agg.SeverityAccuracy, 0.5},
		{"F1 is recomputed from aggregated recall and precision", agg.F1Score, f1Of(0.5, 0.75)},
		{"finding count is the sum", float64(agg.FindingCount), 10},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			assert.InDelta(t, tt.want, tt.got, 1e-12)
		})
	}
	t.Run("F1 is not the mean of per-contract F1", func(t *testing.T) {
		a.F1Score, b.F1Score = 0.99, 0.99
		agg, _ := aggregateContracts([]Metrics{a, b})
		assert.InDelta(t, f1Of(0.5, 0.75), agg.F1Score, 1e-12)
	})
	t.Run("one contract is itself", func(t *testing.T) {
		agg, ok := aggregateContracts([]Metrics{b})
		require.True(t, ok)
		b.F1Score = f1Of(b.FindingRecall, b.FindingPrecision)
		assert.Equal(t, b, agg)
	})
	t.Run("no contracts", func(t *testing.T) {
		agg, ok := aggregateContracts(nil)
		assert.False(t, ok)
		assert.Equal(t, Metrics{}, agg)
	})
}

func sampleWith(recall, precision float64, count int) Sample {
	return Sample{Metrics: Metrics{FindingRecall: recall, FindingPrecision: precision, CitationAccuracy: recall,
		SeverityAccuracy: precision, FalsePositiveRate: 1 - recall, F1Score: 0.123, FindingCount: count}}
}

func TestCollapseSamples(t *testing.T) {
	failed := Sample{InfraFailed: true, Metrics: Metrics{FindingRecall: 0}}
	tests := []struct {
		name                  string
		samples               []Sample
		ok                    bool
		recall, precision, fp float64
		count                 int
	}{
		{"odd count takes the median", []Sample{sampleWith(0.9, 0.1, 7), sampleWith(0.5, 0.3, 3), sampleWith(0.7, 0.2, 5)}, true, 0.7, 0.2, 0.3, 5},
		{"even count takes the lower median", []Sample{sampleWith(0.9, 0.4, 8), sampleWith(0.6, 0.1, 2), sampleWith(0.8, 0.3, 6), sampleWith(0.7, 0.2, 4)}, true, 0.7, 0.2, 0.2, 4},
		{"two samples take the smaller", []Sample{sampleWith(1, 1, 9), sampleWith(0.5, 0.5, 3)}, true, 0.5, 0.5, 0, 3},
		{"fields are medianed independently", []Sample{sampleWith(0.9, 0.1, 1), sampleWith(0.1, 0.9, 9), sampleWith(0.5, 0.5, 5)}, true, 0.5, 0.5, 0.5, 5},
		{"one sample is itself", []Sample{sampleWith(0.4, 0.6, 2)}, true, 0.4, 0.6, 0.6, 2},
		{"infra failures are dropped, not scored zero", []Sample{sampleWith(0.9, 0.9, 5), failed, sampleWith(0.8, 0.8, 4)}, true, 0.8, 0.8, 0.1, 4},
		{"exactly half ran is conclusive", []Sample{failed, sampleWith(0.9, 0.9, 5), failed, sampleWith(0.7, 0.7, 3)}, true, 0.7, 0.7, 0.1, 3},
		{"fewer than half ran is inconclusive", []Sample{failed, failed, sampleWith(0.9, 0.9, 5)}, false, 0, 0, 0, 0},
		{"all failed is inconclusive", []Sample{failed}, false, 0, 0, 0, 0},
		{"no samples is inconclusive", nil, false, 0, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, ok := CollapseSamples(tt.samples)
			require.Equal(t, tt.ok, ok)
			if !ok {
				assert.Equal(t, Metrics{}, m)
				return
			}
			assert.InDelta(t, tt.recall, m.FindingRecall, 1e-12, "recall")
			assert.InDelta(t, tt.precision, m.FindingPrecision, 1e-12, "precision")
			assert.InDelta(t, tt.recall, m.CitationAccuracy, 1e-12, "citation")
			assert.InDelta(t, tt.precision, m.SeverityAccuracy, 1e-12, "severity")
			assert.InDelta(t, tt.fp, m.FalsePositiveRate, 1e-12, "fp")
			assert.Equal(t, tt.count, m.FindingCount, "count")
			assert.InDelta(t, f1Of(tt.recall, tt.precision), m.F1Score, 1e-12, "F1 recomputed, not medianed")
		})
	}
}

func TestAggregateAgent(t *testing.T) {
	failed := Sample{InfraFailed: true}
	r := AggregateAgent("legal", []ContractSamples{
		{Contract: "a.md", Samples: []Sample{sampleWith(1, 0.5, 4), sampleWith(0.5, 0.5, 2), sampleWith(1, 1, 6)}},
		{Contract: "b.md", Samples: []Sample{failed, failed, sampleWith(0, 0, 0)}}, // inconclusive, excluded rather than zero
		{Contract: "c.md", Samples: []Sample{sampleWith(0.8, 1, 3)}},
	})
	assert.Equal(t, "legal", r.Agent)
	assert.Equal(t, []string{"a.md", "c.md"}, r.Scored)
	assert.Equal(t, []string{"b.md"}, r.Inconclusive)
	assert.True(t, r.Conclusive())
	// a.md collapses to recall 1, precision 0.5, count 4; c.md is itself.
	assert.InDelta(t, 0.8, r.Metrics.FindingRecall, 1e-12)
	assert.InDelta(t, 0.75, r.Metrics.FindingPrecision, 1e-12)
	assert.Equal(t, 7, r.Metrics.FindingCount)
	assert.InDelta(t, f1Of(0.8, 0.75), r.Metrics.F1Score, 1e-12)

	none := AggregateAgent("tax", []ContractSamples{{Contract: "a.md", Samples: []Sample{failed}}})
	assert.False(t, none.Conclusive())
	assert.Equal(t, VerdictInconclusive, DefaultThresholds().AgentVerdicts(none).Overall)
}
