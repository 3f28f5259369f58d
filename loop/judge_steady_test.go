package loop_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/ensemble"
	"github.com/evalopt/evalopt/evaluator/judgecache"
	"github.com/evalopt/evalopt/loop"
)

// TestCachedLoopSecondRunNoJudgeCalls: a repeated loop over the same inputs
// makes no judge call on its second run, and the trace marks the cached
// decisions.
func TestCachedLoopSecondRunNoJudgeCalls(t *testing.T) {
	var calls atomic.Int64
	judge := evaluator.Func[string](func(ctx context.Context, task evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		calls.Add(1)
		return judgeBy(ctx, task, c)
	})
	key := func(evaluator.Task, string) (judgecache.CacheKey, error) {
		return judgecache.CacheKey{Rubric: "memo", RubricVersion: "1", Model: "judge-x"}, nil
	}
	cache, err := judgecache.NewCache[string](judge, key, nil)
	require.NoError(t, err)
	task := evaluator.Task{ID: "t1", Input: "write the memo", Evidence: []evaluator.Evidence{{ID: "E1", Content: "facts"}}}
	run := func() loop.Result[string] {
		res, err := loop.RunLoop(context.Background(), task, gen("draft"), cache, revSeq("still a draft", "ok memo"), loop.WithMaxRevisions(3))
		require.NoError(t, err)
		return res
	}
	first := run()
	n := calls.Load()
	assert.Equal(t, int64(3), n)
	second := run()
	assert.Equal(t, n, calls.Load(), "the second run makes no judge call")
	assert.Equal(t, first.Outcome, second.Outcome)
	assert.Equal(t, first.Candidate, second.Candidate)
	for _, s := range second.Trace {
		if s.Role == loop.RoleEvaluate {
			assert.True(t, judgecache.IsCached(s.Decision), "step %d is marked cached", s.Index)
		}
	}
	st := cache.Stats()
	assert.Equal(t, [2]int64{3, 3}, [2]int64{st.Hits, st.Misses}, "hits, misses")
}

type modelJudge struct {
	evaluator.Evaluator[string]
	model string
}

func (m modelJudge) Model() string { return m.model }

type modelGen struct {
	loop.Generator[string]
	model string
}

func (m modelGen) Model() string { return m.model }

// TestEnsembleSelfApprovalGuard: every member of a Vote ensemble is
// checked; one member of the generator's family is enough to refuse.
func TestEnsembleSelfApprovalGuard(t *testing.T) {
	g := modelGen{gen("ok"), "openai/gpt-4.1-2025-04-14"}
	ens := ensemble.Vote[string](3, modelJudge{judgeBy, "claude-sonnet-4-5"}, modelJudge{judgeBy, "GPT-4.1"})
	_, err := loop.RunLoop(context.Background(), evaluator.Task{}, g, ens, revSeq("ok"))
	assert.ErrorIs(t, err, loop.ErrSameModel)
	res, err := loop.RunLoop(context.Background(), evaluator.Task{}, g, ens, revSeq("ok"), loop.AllowSameModel())
	require.NoError(t, err)
	assert.Equal(t, loop.OutcomeSucceeded, res.Outcome)

	other := ensemble.Vote[string](3, modelJudge{judgeBy, "claude-sonnet-4-5"}, modelJudge{judgeBy, "gemini-2.5-pro"})
	_, err = loop.RunLoop(context.Background(), evaluator.Task{}, g, other, revSeq("ok"))
	require.NoError(t, err)
	// A cache in front of the ensemble keeps the members visible.
	cached, err := judgecache.NewCache[string](ens, nil, nil)
	require.NoError(t, err)
	_, err = loop.RunLoop(context.Background(), evaluator.Task{}, g, cached, revSeq("ok"))
	assert.ErrorIs(t, err, loop.ErrSameModel)
}

func TestBestOfTwo(t *testing.T) {
	// The pair judge prefers the revision that says "ok"; it is
	// position-biased when neither does.
	pj := ensemble.PairFunc[string](func(_ context.Context, _ evaluator.Task, a, b string) (ensemble.Preference, error) {
		switch {
		case strings.Contains(a, "ok") && !strings.Contains(b, "ok"):
			return ensemble.PreferFirst, nil
		case strings.Contains(b, "ok") && !strings.Contains(a, "ok"):
			return ensemble.PreferSecond, nil
		}
		return ensemble.PreferFirst, nil
	})
	var seen []ensemble.Comparison
	rev := loop.BestOfTwo[string](revSeq("draft two", "ok draft", "draft three", "draft four"), pj, func(c ensemble.Comparison) { seen = append(seen, c) })
	res, err := loop.RunLoop(context.Background(), evaluator.Task{}, gen("draft"), judgeBy, rev)
	require.NoError(t, err)
	assert.Equal(t, "ok draft", res.Candidate, "the second revision won in both orders")
	require.Len(t, seen, 1)
	assert.Equal(t, ensemble.WinnerB, seen[0].Winner)

	seen = nil
	rev = loop.BestOfTwo[string](revSeq("draft two", "draft three", "ok"), pj, func(c ensemble.Comparison) { seen = append(seen, c) })
	res, err = loop.RunLoop(context.Background(), evaluator.Task{}, gen("draft"), judgeBy, rev)
	require.NoError(t, err)
	require.NotEmpty(t, seen)
	assert.Equal(t, ensemble.WinnerTie, seen[0].Winner, "a position-biased verdict is a tie")
	assert.Equal(t, "draft two", res.Trace[2].Candidate, "a tie keeps the first revision")
}
