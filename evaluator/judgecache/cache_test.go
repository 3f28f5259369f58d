package judgecache_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

func TestCacheHitsAndMarks(t *testing.T) {
	j := &digestJudge[string]{id: "j"}
	c, err := judgecache.NewCache[string](j, nil, nil)
	require.NoError(t, err)
	task, ctx := sampleTask(), context.Background()
	d1, err := c.Evaluate(ctx, task, "a")
	require.NoError(t, err)
	assert.False(t, judgecache.IsCached(d1))
	d1.Criteria[0].Reason = "mutated by the caller"
	d2, err := c.Evaluate(ctx, task, "a")
	require.NoError(t, err)
	assert.True(t, judgecache.IsCached(d2))
	assert.Equal(t, digestOf(digestDecision("j", task, "a")), digestOf(d2), "the store keeps its own copy")
	assert.Regexp(t, `^decision served from the judge cache \(key [0-9a-f]{16}, stored \d+(\.\d+)?m?s ago\), not judged anew$`, hitReason(d2))
	require.NoError(t, d2.Validate())
	assert.Equal(t, int64(1), j.calls.Load())
	st := c.Stats()
	assert.Equal(t, [2]int64{1, 1}, [2]int64{st.Hits, st.Misses})
	assert.Greater(t, st.Bytes, int64(0), "the memory store reports its size")
}

// TestEmptyKeyFuncServesNoFalsePass is the failure: a KeyFunc that
// names no candidate made a bad draft inherit the good draft's pass. The
// cache keys the candidate itself, so it cannot.
func TestEmptyKeyFuncServesNoFalsePass(t *testing.T) {
	judge := evaluator.Func[string](func(_ context.Context, _ evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		if strings.Contains(c, "good") {
			return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"bad draft"}}, nil
	})
	empty := func(evaluator.Task, string) (judgecache.CacheKey, error) { return judgecache.CacheKey{}, nil }
	c, err := judgecache.NewCache[string](judge, empty, nil)
	require.NoError(t, err)
	good, err := c.Evaluate(context.Background(), evaluator.Task{}, "good draft")
	require.NoError(t, err)
	bad, err := c.Evaluate(context.Background(), evaluator.Task{}, "bad draft")
	require.NoError(t, err)
	assert.Equal(t, evaluator.StatusPass, good.Status)
	assert.Equal(t, evaluator.StatusBlock, bad.Status)
	assert.Equal(t, int64(2), c.Stats().Misses)
}

// TestKeyCoversTask: a change to any field of the task, the candidate or
// the judge's models gives another key, whatever the KeyFunc returns.
func TestKeyCoversTask(t *testing.T) {
	constant := func(evaluator.Task, string) (judgecache.CacheKey, error) {
		return judgecache.CacheKey{Rubric: "same"}, nil
	}
	c, err := judgecache.NewCache[string](&digestJudge[string]{models: []string{"m1"}}, constant, nil)
	require.NoError(t, err)
	base := sampleTask()
	edits := map[string]func(*evaluator.Task){
		"id":             func(t *evaluator.Task) { t.ID = "t2" },
		"input":          func(t *evaluator.Task) { t.Input += "!" },
		"criteria":       func(t *evaluator.Task) { t.Criteria = append(t.Criteria, "x") },
		"criteria split": func(t *evaluator.Task) { t.Criteria = []string{"cites the", "policy"} },
		"kind":           func(t *evaluator.Task) { t.Kind = "memo" },
		"metadata value": func(t *evaluator.Task) { t.Metadata = map[string]string{"tenant": "acme2"} },
		"metadata key":   func(t *evaluator.Task) { t.Metadata = map[string]string{"tenant2": "acme"} },
		"evidence id": func(t *evaluator.Task) {
			t.Evidence = []evaluator.Evidence{{ID: "E2", Source: "crm", Content: "Order 7 arrived damaged.", Metadata: map[string]string{"kind": "photo"}}}
		},
		"evidence source":      func(t *evaluator.Task) { t.Evidence[0].Source = "mail" },
		"evidence content":     func(t *evaluator.Task) { t.Evidence[0].Content += "." },
		"evidence metadata":    func(t *evaluator.Task) { t.Evidence[0].Metadata = map[string]string{"kind": "text"} },
		"evidence added":       func(t *evaluator.Task) { t.Evidence = append(t.Evidence, evaluator.Evidence{ID: "E2"}) },
		"requirement name":     func(t *evaluator.Task) { t.Requirements[0].Name = "cite2" },
		"requirement when":     func(t *evaluator.Task) { t.Requirements[0].When = "refunds" },
		"requirement needs":    func(t *evaluator.Task) { t.Requirements[0].Needs = nil },
		"requirement must":     func(t *evaluator.Task) { t.Requirements[0].Must = "E2" },
		"requirement instr":    func(t *evaluator.Task) { t.Requirements[0].Instruction = "cite" },
		"requirement dropped":  func(t *evaluator.Task) { t.Requirements = nil },
		"input moved to id":    func(t *evaluator.Task) { t.ID, t.Input = t.ID+t.Input, "" },
		"metadata to evidence": func(t *evaluator.Task) { t.Metadata = nil; t.Evidence[0].Metadata["tenant"] = "acme" },
		"criteria to requirems": func(t *evaluator.Task) {
			t.Criteria = nil
			t.Requirements[0].Needs = append(t.Requirements[0].Needs, "cites the policy")
		},
	}
	k0, err := c.Key(base, "cand")
	require.NoError(t, err)
	assert.Regexp(t, "^[0-9a-f]{64}$", k0)
	seen := map[string]string{k0: "base"}
	for name, edit := range edits {
		task := sampleTask()
		edit(&task)
		k, err := c.Key(task, "cand")
		require.NoError(t, err, name)
		prev, dup := seen[k]
		assert.False(t, dup, "%s gives the key of %s", name, prev)
		seen[k] = name
	}
	k, err := c.Key(base, "cand2")
	require.NoError(t, err)
	assert.NotContains(t, seen, k, "candidate")
	c2, err := judgecache.NewCache[string](&digestJudge[string]{models: []string{"m2"}}, constant, nil)
	require.NoError(t, err)
	k, err = c2.Key(base, "cand")
	require.NoError(t, err)
	assert.NotContains(t, seen, k, "models")
	again, err := c.Key(sampleTask(), "cand")
	require.NoError(t, err)
	assert.Equal(t, k0, again, "the same call gives the same key (maps are read sorted)")
}

// TestTaskFieldsKeyed fails when evaluator.Task, Evidence or Requirement
// gains a field: the key must be taught to write it (fieldWriter.task),
// or two tasks differing only in it would share a decision.
func TestTaskFieldsKeyed(t *testing.T) {
	keyed := map[string][]string{
		"Task":        {"ID", "Input", "Criteria", "Evidence", "Metadata", "Kind", "Requirements"},
		"Evidence":    {"ID", "Source", "Content", "Metadata"},
		"Requirement": {"Name", "When", "Needs", "Must", "Instruction"},
	}
	for name, v := range map[string]any{"Task": evaluator.Task{}, "Evidence": evaluator.Evidence{}, "Requirement": evaluator.Requirement{}} {
		assert.ElementsMatch(t, keyed[name], fieldNames(v), "evaluator.%s changed: update fieldWriter.task and this list", name)
	}
}

// TestKeyParts: every CacheKey field counts, a Keyer's part and a
// KeyFunc's part never stand in for each other, and no shift of bytes
// between fields gives the same key.
func TestKeyParts(t *testing.T) {
	keys := map[string]judgecache.CacheKey{
		"empty":   {},
		"rubric":  {Rubric: "r"},
		"version": {RubricVersion: "r"},
		"system":  {System: "r"},
		"prompt":  {Prompt: "r"},
		"model":   {Model: "r"},
		"cand":    {Candidate: "r"},
		"salt":    {Salt: "r"},
		"shift1":  {Rubric: "ab", RubricVersion: "c"},
		"shift2":  {Rubric: "a", RubricVersion: "bc"},
	}
	seen := map[string]string{}
	for name, k := range keys {
		for _, via := range []string{"keyer", "keyfunc"} {
			var c *judgecache.Cache[string]
			var err error
			if via == "keyer" {
				c, err = judgecache.NewCache[string](keyerJudge{k}, nil, nil)
			} else {
				c, err = judgecache.NewCache[string](keyerJudge{}, func(evaluator.Task, string) (judgecache.CacheKey, error) { return k, nil }, nil)
			}
			require.NoError(t, err)
			key, err := c.Key(evaluator.Task{}, "x")
			require.NoError(t, err)
			prev, dup := seen[key]
			assert.False(t, dup, "%s via %s gives the key of %s", name, via, prev)
			seen[key] = name + " via " + via
		}
	}
}

// keyerJudge is a judge whose Keyer returns k.
type keyerJudge struct{ k judgecache.CacheKey }

func (keyerJudge) Evaluate(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
	return evaluator.EvaluationDecision{Status: evaluator.StatusPass}, nil
}

func (j keyerJudge) CacheKey(evaluator.Task, string) (judgecache.CacheKey, error) { return j.k, nil }

func TestCacheNeverCachesErrors(t *testing.T) {
	calls := 0
	fail := true
	judge := evaluator.Func[string](func(_ context.Context, _ evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		calls++
		if fail {
			return evaluator.EvaluationDecision{}, errors.New("upstream 500")
		}
		return evaluator.EvaluationDecision{Status: "ok"}, nil // invalid
	})
	c, err := judgecache.NewCache[string](judge, nil, nil)
	require.NoError(t, err)
	for range 3 {
		_, err := c.Evaluate(context.Background(), evaluator.Task{}, "a")
		assert.ErrorContains(t, err, "upstream 500")
	}
	fail = false
	for range 3 {
		d, err := c.Evaluate(context.Background(), evaluator.Task{}, "a")
		require.NoError(t, err)
		assert.Error(t, d.Validate())
		assert.False(t, judgecache.IsCached(d))
	}
	assert.Equal(t, 6, calls)
	assert.Equal(t, int64(0), c.Stats().Hits)
}

func TestKeyErrorsCallNoJudge(t *testing.T) {
	j := &digestJudge[string]{}
	for name, key := range map[string]judgecache.KeyFunc[string]{
		"error": func(evaluator.Task, string) (judgecache.CacheKey, error) {
			return judgecache.CacheKey{}, errors.New("unrenderable")
		},
		"panic": func(evaluator.Task, string) (judgecache.CacheKey, error) { panic("key bug") },
	} {
		c, err := judgecache.NewCache[string](j, key, nil)
		require.NoError(t, err)
		_, err = c.Evaluate(context.Background(), evaluator.Task{}, "a")
		require.ErrorIs(t, err, judgecache.ErrKey, name)
		assert.Equal(t, int64(1), c.Stats().KeyErrors, name)
	}
	assert.Equal(t, int64(0), j.calls.Load(), "no judge call without a key")

	_, err := judgecache.NewCache[string](nil, nil, nil)
	assert.ErrorIs(t, err, judgecache.ErrInvalidCache)
	assert.ErrorContains(t, err, "judge: nil evaluator")
	_, err = judgecache.NewCache[string](evaluator.Func[string](nil), nil, nil)
	assert.ErrorIs(t, err, judgecache.ErrInvalidCache)
}

// TestStoreErrorIsMiss: a store that fails every call costs a judge call
// per evaluation, counted, and never an error.
func TestStoreErrorIsMiss(t *testing.T) {
	j := &digestJudge[string]{id: "j"}
	s := &failingStore{}
	c, err := judgecache.NewCache[string](j, nil, s)
	require.NoError(t, err)
	task := sampleTask()
	for range 3 {
		d, err := c.Evaluate(context.Background(), task, "a")
		require.NoError(t, err)
		assert.Equal(t, digestOf(digestDecision("j", task, "a")), digestOf(d))
	}
	st := c.Stats()
	assert.Equal(t, int64(3), j.calls.Load())
	assert.Equal(t, judgecache.Stats{Misses: 3, StoreErrors: 9}, st, "per call: two failed Gets (before and in the flight) and one failed Put")
}

func TestModelsOfCache(t *testing.T) {
	c, err := judgecache.NewCache[string](&digestJudge[string]{models: []string{"gpt-4.1"}}, nil, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"gpt-4.1"}, evaluator.ModelsOf(c))
}

// TestCanceledCallerCallsNoJudge: a context canceled before the call
// returns its error and calls nothing.
func TestCanceledCallerCallsNoJudge(t *testing.T) {
	j := &digestJudge[string]{}
	c, err := judgecache.NewCache[string](j, nil, nil)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = c.Evaluate(ctx, evaluator.Task{}, "a")
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, int64(0), j.calls.Load())
}

// TestSequentialCallsNeverShare: a call made after the previous one
// returned never joins its finished flight (the flight leaves the map
// before its callers are released), so nothing sequential counts as
// Shared, whatever the scheduler does between the two.
func TestSequentialCallsNeverShare(t *testing.T) {
	j := &digestJudge[string]{id: "j"}
	c, err := judgecache.NewCache[string](j, nil, &failingStore{})
	require.NoError(t, err)
	task := sampleTask()
	for range 2000 {
		_, err := c.Evaluate(context.Background(), task, "a")
		require.NoError(t, err)
	}
	assert.Zero(t, c.Stats().Shared)
	assert.Equal(t, int64(2000), j.calls.Load())
}
