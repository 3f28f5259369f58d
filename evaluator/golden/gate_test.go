package golden

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGateTolerance(t *testing.T) {
	base := NewBaseline(time.Unix(0, 0), "", "", 1, map[string]Metrics{"legal": {FindingRecall: 1, FindingPrecision: 0.8, F1Score: 0.85}})
	tests := []struct {
		name      string
		f1        float64
		tolerance float64
		want      MetricVerdict
	}{
		{"improvement passes", 0.95, 0, VerdictPass},
		{"unchanged passes", 0.85, 0, VerdictPass},
		{"drop within default tolerance passes", 0.81, 0, VerdictPass},
		{"drop of exactly the default tolerance passes", 0.80, 0, VerdictPass},
		{"drop just beyond the default tolerance fails", 0.7999, 0, VerdictFail},
		{"large drop fails", 0.5, 0, VerdictFail},
		{"custom tolerance: exactly at it passes", 0.75, 0.10, VerdictPass},
		{"custom tolerance: beyond it fails", 0.7499, 0.10, VerdictFail},
		{"tiny tolerance: any real drop fails", 0.8499, 1e-9, VerdictFail},
		{"negative tolerance demands an improvement", 0.86, -0.02, VerdictFail},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := gateOf(t, base, map[string]Metrics{"legal": {FindingRecall: 1, FindingPrecision: 0.8, F1Score: tt.f1}}, GateConfig{Tolerance: tt.tolerance})
			require.Len(t, r.Agents, 1)
			assert.Equal(t, tt.want, r.Agents[0].Status, r.String())
			assert.Equal(t, tt.want != VerdictFail, r.Passed())
		})
	}
	t.Run("zero tolerance means the default", func(t *testing.T) {
		assert.Equal(t, DefaultTolerance, gateOf(t, base, nil, GateConfig{}).Tolerance)
	})
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		t.Run(fmt.Sprintf("tolerance %v is an error naming the field", bad), func(t *testing.T) {
			r, err := Gate(base, map[string]Metrics{"legal": {F1Score: 0.1}}, GateConfig{Tolerance: bad})
			require.ErrorIs(t, err, evaluator.ErrInvalidOption)
			var fe *evaluator.FieldError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, "GateConfig.Tolerance", fe.Field)
			assert.Contains(t, err.Error(), fmt.Sprintf("got %v", bad))
			assert.Empty(t, r.Agents, "no verdict on invalid options")
		})
	}
}

func TestGateReportsMovesAndSkips(t *testing.T) {
	base := NewBaseline(time.Unix(0, 0), "", "", 3, map[string]Metrics{
		"legal": {FindingRecall: 1, FindingPrecision: 0.75, CitationAccuracy: 1, SeverityAccuracy: 1, F1Score: f1Of(1, 0.75), FindingCount: 29},
		"tax":   {FindingRecall: 1, FindingPrecision: 1, CitationAccuracy: 1, SeverityAccuracy: 1, F1Score: 1, FindingCount: 6},
	})
	current := map[string]Metrics{
		"legal":   {FindingRecall: 0.5, FindingPrecision: 0.75, CitationAccuracy: 1, SeverityAccuracy: 0.5, FalsePositiveRate: 0.1, F1Score: f1Of(0.5, 0.75), FindingCount: 20},
		"finance": {FindingRecall: 1, FindingPrecision: 1, F1Score: 1},
	}
	r := gateOf(t, base, current, GateConfig{})
	require.Len(t, r.Agents, 3)

	assert.Equal(t, "finance", r.Agents[0].Agent)
	assert.Equal(t, VerdictInconclusive, r.Agents[0].Status)
	assert.Contains(t, r.Agents[0].Reason, "no baseline")

	legal := r.Agents[1]
	assert.Equal(t, VerdictFail, legal.Status)
	assert.Contains(t, legal.Reason, "f1_score fell 0.2571 (0.8571 -> 0.6000), more than the tolerance 0.05")
	var names []string
	for _, m := range legal.Moves {
		names = append(names, m.Metric)
	}
	assert.Equal(t, []string{"finding_recall", "severity_accuracy", "false_positive_rate", "f1_score", "finding_count"}, names,
		"only what moved, in field order")
	assert.Equal(t, MetricMove{Metric: "finding_recall", Old: 1, New: 0.5, Delta: -0.5}, legal.Moves[0])
	assert.Equal(t, MetricMove{Metric: "finding_count", Old: 29, New: 20, Delta: -9}, legal.Moves[4])

	assert.Equal(t, "tax", r.Agents[2].Agent)
	assert.Equal(t, VerdictInconclusive, r.Agents[2].Status)
	assert.Contains(t, r.Agents[2].Reason, "not scored in this run")

	assert.False(t, r.Passed())
	assert.Equal(t, []string{"legal"}, r.Failed())
	s := r.String()
	assert.Contains(t, s, "finance: inconclusive: no baseline for this agent")
	assert.Contains(t, s, "legal: fail: f1_score fell 0.2571")
	assert.Contains(t, s, "    finding_recall 1.0000 -> 0.5000 (-0.5000)")
	assert.Contains(t, s, "tax: inconclusive: in the baseline but not scored in this run")
}

func TestGateNaNFails(t *testing.T) {
	base := NewBaseline(time.Unix(0, 0), "", "", 1, map[string]Metrics{"legal": {F1Score: 0.8}})
	r := gateOf(t, base, map[string]Metrics{"legal": {F1Score: math.NaN()}}, GateConfig{})
	assert.Equal(t, VerdictFail, r.Agents[0].Status)
	assert.Contains(t, r.Agents[0].Reason, "not a number")
}

func TestGateOnlySkipsPasses(t *testing.T) {
	r := gateOf(t, Baseline{}, map[string]Metrics{"legal": {}}, GateConfig{})
	assert.True(t, r.Passed())
	assert.Equal(t, VerdictInconclusive, r.Agents[0].Status)
}
