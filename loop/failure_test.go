package loop

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

func TestFailCarriesTheResult(t *testing.T) {
	boom := errors.New("model down")
	s := &script{decisions: []evaluator.EvaluationDecision{revise(0.4)}}
	s.revHook = func(context.Context, int, string) (string, error) { return "", boom }
	res, err := RunLoop(context.Background(), evaluator.Task{ID: "t"}, s.gen(), s.eval(), s.rev())
	require.Error(t, err)

	// A host wraps the failure once more, the way frameworks do.
	wrapped := fmt.Errorf("node loop: %w", Fail(res, err))
	got, ok := ResultOf[string](wrapped)
	require.True(t, ok)
	assert.Equal(t, res, got)
	assert.Len(t, got.Trace, 3, "generate, evaluate, failed revise")
	assert.Equal(t, evaluator.StopError, got.StopReason)
	assert.ErrorIs(t, wrapped, boom)
	assert.Equal(t, "node loop: "+err.Error(), wrapped.Error())

	var f *resultError[string]
	require.ErrorAs(t, wrapped, &f)
	assert.Same(t, err, f.Err)
}

func TestFailNilAndMismatch(t *testing.T) {
	assert.NoError(t, Fail(Result[string]{}, nil))
	_, ok := ResultOf[string](nil)
	assert.False(t, ok)
	_, ok = ResultOf[string](errors.New("plain"))
	assert.False(t, ok)
	_, ok = ResultOf[int](Fail(Result[string]{}, errors.New("x")))
	assert.False(t, ok, "a Result of another candidate type is not found")
	assert.Equal(t, "loop: failed", (&resultError[string]{}).Error())
	assert.NoError(t, (&resultError[string]{}).Unwrap())
}

func TestFailKeepsContextSentinels(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := &script{decisions: []evaluator.EvaluationDecision{revise(0.4)}}
	s.genHook = func(context.Context, int) (string, error) { cancel(); return "draft", nil }
	res, err := RunLoop(ctx, evaluator.Task{ID: "t"}, s.gen(), s.eval(), s.rev())
	ferr := Fail(res, err)
	assert.ErrorIs(t, ferr, context.Canceled)
	got, ok := ResultOf[string](ferr)
	require.True(t, ok)
	assert.Equal(t, evaluator.StopCanceled, got.StopReason)
	assert.Len(t, got.Trace, 1)
}
