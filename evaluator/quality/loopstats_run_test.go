package quality_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/evaltest"
	"github.com/evalopt/evalopt/evaluator/quality"
	"github.com/evalopt/evalopt/loop"
)

// Real RunLoop results carried into LoopStats, as LoopRun's doc shows: one
// loop passes at once, one recovers after a revision, one spends its budget
// of 2 revisions. (An external test: package quality itself does not import
// loop.)
func TestLoopStatsFromRunLoop(t *testing.T) {
	pass := evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}
	revise := evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4, RevisionInstructions: []string{"cite the order"}}
	scripts := [][]evaluator.EvaluationDecision{
		{pass},
		{revise, pass},
		{revise, revise, revise},
	}
	var runs []quality.LoopRun
	for i, script := range scripts {
		gen := evaltest.NewGenerator(evaltest.Return("draft"))
		ev := evaltest.NewEvaluator[string](evaltest.Values(script...)...)
		rev := evaltest.NewReviser(evaltest.Values("fixed", "fixed again")...)
		res, err := loop.RunLoop(context.Background(), evaluator.Task{ID: "t"}, gen, ev, rev, loop.WithMaxRevisions(2))
		require.NoError(t, err, "loop %d", i)
		runs = append(runs, quality.LoopRun{Succeeded: res.Outcome == loop.OutcomeSucceeded, StopReason: res.StopReason, Revisions: res.Revisions})
	}
	assert.Equal(t, []quality.LoopRun{
		{Succeeded: true, StopReason: evaluator.StopPassed, Revisions: 0},
		{Succeeded: true, StopReason: evaluator.StopPassed, Revisions: 1},
		{Succeeded: false, StopReason: evaluator.StopMaxRevisions, Revisions: 2},
	}, runs)

	sum, err := quality.LoopStats(runs)
	require.NoError(t, err)
	assert.Equal(t, 1, sum.RevisionSuccessRate.Num)
	assert.Equal(t, 2, sum.RevisionSuccessRate.Den)
	assert.Equal(t, 1, sum.MaxRevisionRate.Num)
	assert.Equal(t, 3, sum.MaxRevisionRate.Den)
}
