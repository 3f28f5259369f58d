package quality

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

func TestLoopStats(t *testing.T) {
	tests := []struct {
		name string
		runs []LoopRun
		want LoopSummary
	}{
		{"no runs", nil, LoopSummary{RevisionSuccessRate: Ratio{Value: 1}, MaxRevisionRate: Ratio{Value: 0}}},
		{"all passed first time: nothing needed a revision", []LoopRun{
			{Succeeded: true, StopReason: evaluator.StopPassed},
			{Succeeded: true, StopReason: evaluator.StopPassed},
		}, LoopSummary{Runs: 2, RevisionSuccessRate: Ratio{Value: 1}, MaxRevisionRate: Ratio{Den: 2}}},
		{"mixed", []LoopRun{
			{Succeeded: true, StopReason: evaluator.StopPassed, Revisions: 0}, // did not need one
			{Succeeded: true, StopReason: evaluator.StopPassed, Revisions: 2}, // recovered
			{StopReason: evaluator.StopMaxRevisions, Revisions: 3},            // spent the budget
			{StopReason: evaluator.StopMaxRevisions, Revisions: 0},            // budget of zero
			{StopReason: evaluator.StopPolicyBlock, Revisions: 1},             // blocked after revising
			{StopReason: evaluator.StopEscalated, Revisions: 0},               // no revision
			{StopReason: evaluator.StopError, Revisions: 1},                   // role failed
		}, LoopSummary{Runs: 7,
			RevisionSuccessRate: Ratio{Num: 1, Den: 5, Value: 0.2},
			MaxRevisionRate:     Ratio{Num: 2, Den: 7, Value: 2.0 / 7}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := LoopStats(tt.runs)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestLoopStatsRejects(t *testing.T) {
	ok := LoopRun{Succeeded: true, StopReason: evaluator.StopPassed}
	tests := []struct {
		run  LoopRun
		want string
	}{
		{LoopRun{StopReason: "tired"}, `quality: LoopStats: runs[1].stop_reason: unknown stop reason "tired"`},
		{LoopRun{Revisions: -1}, "quality: LoopStats: runs[1].revisions: must be >= 0, got -1"},
	}
	for _, tt := range tests {
		_, err := LoopStats([]LoopRun{ok, tt.run})
		assert.EqualError(t, err, tt.want)
	}
}
