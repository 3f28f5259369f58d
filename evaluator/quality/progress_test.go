package quality

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

func TestWithProgressCountsEveryCall(t *testing.T) {
	ev := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return qPass, nil
	})
	// progress is not safe for concurrent use: Measure must serialize it
	// (the race detector checks), and done must count up one by one.
	var seen []int
	totals := map[int]bool{}
	r, err := Measure(context.Background(), ev, qualityPassCases(7), WithRepeats(3), WithParallelCalls(4),
		WithProgress(func(done, total int) {
			seen = append(seen, done)
			totals[total] = true
		}))
	require.NoError(t, err)
	assert.Equal(t, 21, r.Calls)
	want := make([]int, 21)
	for i := range want {
		want[i] = i + 1
	}
	assert.Equal(t, want, seen)
	assert.Equal(t, map[int]bool{21: true}, totals)
}

func TestWithProgressCountsSkippedCalls(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	last := 0
	_, err := Measure(ctx, evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return qPass, nil
	}), qualityPassCases(4), WithProgress(func(done, total int) { last = done }))
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 4, last, "calls not run still end, so the bar reaches its total")
}

func TestMustNotPassIsInTheCaseResult(t *testing.T) {
	cases := []Case{
		evalCase("ok", ExpectedDecision{Status: evaluator.StatusPass}, ""),
		evalCase("bad", ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true}, ""),
	}
	r, err := Measure(context.Background(), evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return qPass, nil
	}), cases)
	require.NoError(t, err)
	assert.False(t, r.Results[0].MustNotPass)
	assert.True(t, r.Results[1].MustNotPass)
	assert.Equal(t, 1, r.FalseApprovalRate.Num)
}
