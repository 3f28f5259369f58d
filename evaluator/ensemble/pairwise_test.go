package ensemble_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/ensemble"
)

// TestComparePositionBias: a judge that always prefers the first answer
// yields a tie on every pair, never a false winner.
func TestComparePositionBias(t *testing.T) {
	firstAlways := ensemble.PairFunc[string](func(context.Context, evaluator.Task, string, string) (ensemble.Preference, error) {
		return ensemble.PreferFirst, nil
	})
	secondAlways := ensemble.PairFunc[string](func(context.Context, evaluator.Task, string, string) (ensemble.Preference, error) {
		return ensemble.PreferSecond, nil
	})
	ties := 0
	const pairs = 1000
	for i := 0; i < pairs; i++ {
		a, b := fmt.Sprintf("answer %d", i), fmt.Sprintf("answer %d, longer and better", i)
		for _, j := range []ensemble.PairJudge[string]{firstAlways, secondAlways} {
			c, err := ensemble.Compare(context.Background(), evaluator.Task{}, j, a, b)
			require.NoError(t, err)
			if c.Winner == ensemble.WinnerTie {
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
	longer := ensemble.PairFunc[string](func(_ context.Context, _ evaluator.Task, x, y string) (ensemble.Preference, error) {
		switch {
		case len(x) > len(y):
			return ensemble.PreferFirst, nil
		case len(y) > len(x):
			return ensemble.PreferSecond, nil
		}
		return ensemble.PreferNeither, nil
	})
	ctx := context.Background()
	c, err := ensemble.Compare(ctx, evaluator.Task{}, longer, "long answer", "short")
	require.NoError(t, err)
	assert.Equal(t, ensemble.Comparison{Winner: ensemble.WinnerA, AFirst: ensemble.PreferFirst, BFirst: ensemble.PreferSecond}, c)
	c, err = ensemble.Compare(ctx, evaluator.Task{}, longer, "short", "long answer")
	require.NoError(t, err)
	assert.Equal(t, ensemble.WinnerB, c.Winner)
	c, err = ensemble.Compare(ctx, evaluator.Task{}, longer, "same", "size")
	require.NoError(t, err)
	assert.Equal(t, ensemble.WinnerTie, c.Winner)
	assert.Empty(t, c.Disagreement, "both orders agreed on neither")
}

func TestCompareErrors(t *testing.T) {
	calls := 0
	flaky := ensemble.PairFunc[string](func(context.Context, evaluator.Task, string, string) (ensemble.Preference, error) {
		calls++
		if calls == 2 {
			return "", errors.New("timeout")
		}
		return ensemble.PreferFirst, nil
	})
	c, err := ensemble.Compare(context.Background(), evaluator.Task{}, flaky, "a", "b")
	assert.ErrorContains(t, err, "compare (b first): timeout")
	assert.Equal(t, ensemble.WinnerTie, c.Winner)
	garbage := ensemble.PairFunc[string](func(context.Context, evaluator.Task, string, string) (ensemble.Preference, error) {
		return ensemble.Preference(strings.Repeat("A", 500)), nil
	})
	c, err = ensemble.Compare(context.Background(), evaluator.Task{}, garbage, "a", "b")
	assert.ErrorContains(t, err, "ensemble: invalid preference")
	assert.Less(t, len(err.Error()), 200, "the bad preference is quoted by its prefix")
	assert.Contains(t, err.Error(), `AAAA"... (500 bytes)`)
	assert.Equal(t, ensemble.WinnerTie, c.Winner)
	_, err = ensemble.Compare[string](context.Background(), evaluator.Task{}, nil, "a", "b")
	assert.Error(t, err)
}
