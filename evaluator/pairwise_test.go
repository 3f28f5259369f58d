package evaluator_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

// TestComparePositionBias: a judge that always prefers the first answer
// yields a tie on every pair, never a false winner.
func TestComparePositionBias(t *testing.T) {
	firstAlways := evaluator.PairFunc[string](func(context.Context, evaluator.Task, string, string) (evaluator.Preference, error) {
		return evaluator.PreferFirst, nil
	})
	secondAlways := evaluator.PairFunc[string](func(context.Context, evaluator.Task, string, string) (evaluator.Preference, error) {
		return evaluator.PreferSecond, nil
	})
	ties := 0
	const pairs = 1000
	for i := 0; i < pairs; i++ {
		a, b := fmt.Sprintf("answer %d", i), fmt.Sprintf("answer %d, longer and better", i)
		for _, j := range []evaluator.PairJudge[string]{firstAlways, secondAlways} {
			c, err := evaluator.Compare(context.Background(), evaluator.Task{}, j, a, b)
			require.NoError(t, err)
			if c.Winner == evaluator.WinnerTie {
				ties++
			}
			assert.Contains(t, c.Disagreement, "follows the position")
		}
	}
	t.Logf("position-biased judges: %d ties of %d comparisons", ties, 2*pairs)
	assert.Equal(t, 2*pairs, ties)
}

func TestCompareVerdicts(t *testing.T) {
	// A content judge prefers the longer answer, wherever it is shown.
	longer := evaluator.PairFunc[string](func(_ context.Context, _ evaluator.Task, x, y string) (evaluator.Preference, error) {
		switch {
		case len(x) > len(y):
			return evaluator.PreferFirst, nil
		case len(y) > len(x):
			return evaluator.PreferSecond, nil
		}
		return evaluator.PreferNeither, nil
	})
	ctx := context.Background()
	c, err := evaluator.Compare(ctx, evaluator.Task{}, longer, "long answer", "short")
	require.NoError(t, err)
	assert.Equal(t, evaluator.Comparison{Winner: evaluator.WinnerA, AFirst: evaluator.PreferFirst, BFirst: evaluator.PreferSecond}, c)
	c, err = evaluator.Compare(ctx, evaluator.Task{}, longer, "short", "long answer")
	require.NoError(t, err)
	assert.Equal(t, evaluator.WinnerB, c.Winner)
	c, err = evaluator.Compare(ctx, evaluator.Task{}, longer, "same", "size")
	require.NoError(t, err)
	assert.Equal(t, evaluator.WinnerTie, c.Winner)
	assert.Empty(t, c.Disagreement, "both orders agreed on neither")
}

func TestCompareErrors(t *testing.T) {
	calls := 0
	flaky := evaluator.PairFunc[string](func(context.Context, evaluator.Task, string, string) (evaluator.Preference, error) {
		calls++
		if calls == 2 {
			return "", errors.New("timeout")
		}
		return evaluator.PreferFirst, nil
	})
	c, err := evaluator.Compare(context.Background(), evaluator.Task{}, flaky, "a", "b")
	assert.ErrorContains(t, err, "compare (b first): timeout")
	assert.Equal(t, evaluator.WinnerTie, c.Winner)
	garbage := evaluator.PairFunc[string](func(context.Context, evaluator.Task, string, string) (evaluator.Preference, error) {
		return evaluator.Preference(strings.Repeat("A", 500)), nil
	})
	c, err = evaluator.Compare(context.Background(), evaluator.Task{}, garbage, "a", "b")
	assert.ErrorIs(t, err, evaluator.ErrInvalidPreference)
	assert.Less(t, len(err.Error()), 120)
	assert.Equal(t, evaluator.WinnerTie, c.Winner)
	_, err = evaluator.Compare[string](context.Background(), evaluator.Task{}, nil, "a", "b")
	assert.Error(t, err)
}
