package loop

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

// TestOptionsDoNotCarryOverBetweenLoops checks that RunLoop's pooled
// scratch config (pooledConfig) keeps nothing of one loop's options for
// the next: loops with different models, budgets and hooks run one
// after another, then all at once, and each sees only its own options.
func TestOptionsDoNotCarryOverBetweenLoops(t *testing.T) {
	// runOne runs loop i, whose options depend on i%3, and checks that it
	// ended as its own options say.
	runOne := func(t *testing.T, i int) {
		s := &script{decisions: []evaluator.EvaluationDecision{revise(0.5), revise(0.6), pass(0.9)}}
		var seen []Step[string]
		opts := []Option{WithHooks(Hooks[string]{AfterCall: func(_ context.Context, st Step[string]) { seen = append(seen, st) }})}
		switch i % 3 {
		case 0: // a model pair the self-approval guard refuses
			opts = append(opts, WithModels(RoleEvaluate, "gpt-4.1"), WithModels(RoleGenerate, "openai/gpt-4.1"))
		case 1: // clashes with case 0's evaluator model if that were left behind
			opts = append(opts, WithModels(RoleGenerate, "gpt-4.1"))
		case 2: // one revision: the loop stops before the pass
			opts = append(opts, WithMaxRevisions(1))
		}
		res, err := s.run(context.Background(), refundTask, opts...)
		switch i % 3 {
		case 0:
			require.ErrorIs(t, err, ErrSameModel, "loop %d", i)
			assert.Empty(t, res.Trace, "loop %d", i)
		case 1:
			require.NoError(t, err, "loop %d", i)
			assert.Equal(t, OutcomeSucceeded, res.Outcome, "loop %d", i)
			assert.Len(t, res.Trace, 6, "loop %d: the default budget of 2 revisions", i)
		case 2:
			require.NoError(t, err, "loop %d", i)
			assert.Equal(t, evaluator.StopMaxRevisions, res.StopReason, "loop %d", i)
			assert.Len(t, res.Trace, 4, "loop %d", i)
		}
		if len(res.Trace) == 0 {
			assert.Empty(t, seen, "loop %d: its hook saw no step", i)
		} else {
			assert.Equal(t, res.Trace, seen, "loop %d: its hook saw its own steps, once each", i)
		}
	}
	t.Run("in turn", func(t *testing.T) {
		for i := range 30 {
			runOne(t, i)
		}
	})
	t.Run("at once", func(t *testing.T) {
		var wg sync.WaitGroup
		for i := range 60 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				runOne(t, i)
			}()
		}
		wg.Wait()
	})
}
