package loop

import (
	"context"
	"math"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// TestAddCostFromGoroutines: a role fans out and reports cost from several
// goroutines; every report counts, race-free.
func TestAddCostFromGoroutines(t *testing.T) {
	s := &script{genHook: func(ctx context.Context, _ int) (string, error) {
		var wg sync.WaitGroup
		for i := 0; i < 50; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				provider.AddCost(ctx, 0.5)
			}()
		}
		wg.Wait()
		return "draft-0", nil
	}}
	res, err := s.run(context.Background(), refundTask)
	require.NoError(t, err)
	assert.Equal(t, 25.0, res.Trace[0].Cost)
	assert.Equal(t, 25.0, res.Cost)
	checkConsistent(t, res, err)
}

func TestAddCostInvalid(t *testing.T) {
	for _, c := range []float64{-1, math.NaN()} {
		s := &script{evalHook: func(ctx context.Context, _ int, _ string) (evaluator.EvaluationDecision, error) {
			provider.AddCost(ctx, 0.2)
			provider.AddCost(ctx, c)
			return pass(1), nil
		}}
		res, err := s.run(context.Background(), refundTask, WithRetry(3, 0))
		require.ErrorIs(t, err, provider.ErrInvalidCost, "cost %v", c)
		assert.Contains(t, err.Error(), "AddCost(")
		assert.Equal(t, evaluator.StopError, res.StopReason)
		assert.Equal(t, 0.2, res.Cost, "the valid part is counted")
		assert.NotEmpty(t, res.Trace[1].Err)
		_, evals, _ := s.calls()
		assert.Equal(t, 1, evals, "not retried")
		checkConsistent(t, res, err)
	}
}

func TestAddCostOutsideLoopAndAfter(t *testing.T) {
	provider.AddCost(context.Background(), 1) // no loop: nothing happens, no panic
	var leaked context.Context
	s := &script{genHook: func(ctx context.Context, _ int) (string, error) {
		leaked = ctx
		return "draft-0", nil
	}}
	res, err := s.run(context.Background(), refundTask)
	require.NoError(t, err)
	provider.AddCost(leaked, 5) // after the loop returned
	assert.Equal(t, 0.0, res.Cost)
}

func TestCostBudgetExceeded(t *testing.T) {
	s := &script{
		decisions: []evaluator.EvaluationDecision{revise(0.5)},
		revHook: func(ctx context.Context, _ int, _ string) (string, error) {
			provider.AddCost(ctx, 0.7)
			return "draft-1", nil
		},
	}
	res, err := s.run(context.Background(), refundTask, WithMaxCost(0.5), WithMaxRevisions(5))
	require.NoError(t, err)
	assert.Equal(t, evaluator.StopCostBudget, res.StopReason)
	assert.Equal(t, 1, res.Revisions)
	_, evals, revs := s.calls()
	assert.Equal(t, [2]int{1, 1}, [2]int{evals, revs}, "the revision is not evaluated once the budget is exceeded")
	checkConsistent(t, res, err)
}

func TestPassStandsWhenItSpendsTheBudget(t *testing.T) {
	s := &script{evalHook: func(ctx context.Context, _ int, _ string) (evaluator.EvaluationDecision, error) {
		provider.AddCost(ctx, 10)
		return pass(0.9), nil
	}}
	res, err := s.run(context.Background(), refundTask, WithMaxCost(1))
	require.NoError(t, err)
	assert.Equal(t, OutcomeSucceeded, res.Outcome)
	assert.Equal(t, 10.0, res.Cost)
}
