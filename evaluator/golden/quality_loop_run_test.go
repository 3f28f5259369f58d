package golden_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/evaltest"
	"github.com/evalopt/evalopt/evaluator/golden"
	"github.com/evalopt/evalopt/loop"
)

// LoopRunOf carries real RunLoop results into LoopStats: one loop passes at
// once, one recovers after a revision, one spends its budget of 2 revisions.
func TestLoopStatsFromRunLoop(t *testing.T) {
	pass := evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}
	revise := evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4, RevisionInstructions: []string{"cite the order"}}
	scripts := [][]evaluator.EvaluationDecision{
		{pass},
		{revise, pass},
		{revise, revise, revise},
	}
	var runs []golden.LoopRun
	for i, script := range scripts {
		gen := evaltest.NewGenerator(evaltest.Return("draft"))
		ev := evaltest.NewEvaluator[string](evaltest.Values(script...)...)
		rev := evaltest.NewReviser(evaltest.Values("fixed", "fixed again")...)
		res, err := loop.RunLoop(context.Background(), evaluator.Task{ID: "t"}, gen, ev, rev, loop.WithMaxRevisions(2))
		require.NoError(t, err, "loop %d", i)
		runs = append(runs, golden.LoopRunOf(res))
	}
	assert.Equal(t, []golden.LoopRun{
		{Outcome: golden.OutcomeSucceeded, StopReason: evaluator.StopPassed, Revisions: 0},
		{Outcome: golden.OutcomeSucceeded, StopReason: evaluator.StopPassed, Revisions: 1},
		{Outcome: golden.OutcomeFailed, StopReason: evaluator.StopMaxRevisions, Revisions: 2},
	}, runs)

	sum, err := golden.LoopStats(runs)
	require.NoError(t, err)
	assert.Equal(t, 1, sum.RevisionSuccessRate.Num)
	assert.Equal(t, 2, sum.RevisionSuccessRate.Den)
	assert.Equal(t, 1, sum.MaxRevisionRate.Num)
	assert.Equal(t, 3, sum.MaxRevisionRate.Den)
}

// The outcome strings golden records are package loop's, letter for letter.
func TestLoopOutcomeNamesMatch(t *testing.T) {
	assert.Equal(t, string(loop.OutcomeSucceeded), golden.OutcomeSucceeded)
	assert.Equal(t, string(loop.OutcomeFailed), golden.OutcomeFailed)
	assert.Equal(t, string(loop.OutcomeBlocked), golden.OutcomeBlocked)
	assert.Equal(t, string(loop.OutcomeEscalated), golden.OutcomeEscalated)
}
