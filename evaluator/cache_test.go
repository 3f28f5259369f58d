package evaluator_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

func textKey(task evaluator.Task, c string) (evaluator.CacheKey, error) {
	return evaluator.CacheKey{Rubric: "memo", RubricVersion: "3", Prompt: "judge: " + task.Input, Model: "judge-model", Candidate: c}, nil
}

type countingJudge struct {
	calls atomic.Int64
	fail  bool
}

func (j *countingJudge) Evaluate(_ context.Context, _ evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
	j.calls.Add(1)
	if j.fail {
		return evaluator.EvaluationDecision{}, errors.New("upstream 500")
	}
	if c == "garbage" {
		return evaluator.EvaluationDecision{Status: "ok"}, nil
	}
	return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5, RevisionInstructions: []string{"cite " + c},
		Criteria: []evaluator.Criterion{{Name: "grounded", EvidenceRefs: []string{"E1"}, Reason: "no citation"}}}, nil
}

func TestCacheHitsAndMarks(t *testing.T) {
	j := &countingJudge{}
	c, err := evaluator.NewCache[string](j, textKey, nil)
	require.NoError(t, err)
	task := evaluator.Task{Input: "q", Evidence: []evaluator.Evidence{{ID: "E1", Content: "x"}}}
	ctx := context.Background()
	d1, err := c.Evaluate(ctx, task, "a")
	require.NoError(t, err)
	assert.False(t, evaluator.IsCached(d1))
	d1.RevisionInstructions[0] = "mutated by the caller"
	d2, err := c.Evaluate(ctx, task, "a")
	require.NoError(t, err)
	assert.True(t, evaluator.IsCached(d2))
	assert.Equal(t, "cite a", d2.RevisionInstructions[0], "the store keeps its own copy")
	require.NoError(t, d2.Validate())
	assert.Equal(t, int64(1), j.calls.Load())
	assert.Equal(t, evaluator.CacheStats{Hits: 1, Misses: 1}, c.Stats())

	// Every input that can change the verdict changes the key.
	other := task
	other.Evidence = []evaluator.Evidence{{ID: "E1", Content: "y"}}
	_, _ = c.Evaluate(ctx, other, "a") // evidence
	_, _ = c.Evaluate(ctx, task, "b")  // candidate
	q2 := task
	q2.Input = "q2"
	_, _ = c.Evaluate(ctx, q2, "a") // prompt
	assert.Equal(t, int64(4), j.calls.Load())
}

func TestCacheKeyFields(t *testing.T) {
	base := evaluator.CacheKey{Rubric: "r", RubricVersion: "1", Prompt: "p", Model: "m", Candidate: "c", Evidence: "e", Salt: "s"}
	seen := map[string]string{base.Digest(): "base"}
	for name, k := range map[string]evaluator.CacheKey{
		"rubric":    {Rubric: "r2", RubricVersion: "1", Prompt: "p", Model: "m", Candidate: "c", Evidence: "e", Salt: "s"},
		"version":   {Rubric: "r", RubricVersion: "2", Prompt: "p", Model: "m", Candidate: "c", Evidence: "e", Salt: "s"},
		"prompt":    {Rubric: "r", RubricVersion: "1", Prompt: "p2", Model: "m", Candidate: "c", Evidence: "e", Salt: "s"},
		"model":     {Rubric: "r", RubricVersion: "1", Prompt: "p", Model: "m2", Candidate: "c", Evidence: "e", Salt: "s"},
		"candidate": {Rubric: "r", RubricVersion: "1", Prompt: "p", Model: "m", Candidate: "c2", Evidence: "e", Salt: "s"},
		"evidence":  {Rubric: "r", RubricVersion: "1", Prompt: "p", Model: "m", Candidate: "c", Evidence: "e2", Salt: "s"},
		"salt":      {Rubric: "r", RubricVersion: "1", Prompt: "p", Model: "m", Candidate: "c", Evidence: "e", Salt: "s2"},
		"shifted":   {Rubric: "r1", RubricVersion: "", Prompt: "p", Model: "m", Candidate: "c", Evidence: "e", Salt: "s"},
	} {
		d := k.Digest()
		_, dup := seen[d]
		assert.False(t, dup, name)
		seen[d] = name
	}
	a := evaluator.Task{Evidence: []evaluator.Evidence{{ID: "E1", Content: "x", Metadata: map[string]string{"a": "1", "b": "2"}}}}
	b := evaluator.Task{Evidence: []evaluator.Evidence{{ID: "E1", Content: "x", Metadata: map[string]string{"b": "2", "a": "1"}}}}
	assert.Equal(t, evaluator.EvidenceDigest(a), evaluator.EvidenceDigest(b))
	b.Evidence[0].Source = "crm"
	assert.NotEqual(t, evaluator.EvidenceDigest(a), evaluator.EvidenceDigest(b))
}

func TestCacheNeverCachesErrors(t *testing.T) {
	j := &countingJudge{fail: true}
	c, err := evaluator.NewCache[string](j, textKey, nil)
	require.NoError(t, err)
	for i := 0; i < 3; i++ {
		_, err := c.Evaluate(context.Background(), evaluator.Task{}, "a")
		assert.Error(t, err)
	}
	j.fail = false
	for i := 0; i < 3; i++ {
		d, err := c.Evaluate(context.Background(), evaluator.Task{}, "garbage")
		require.NoError(t, err)
		assert.Error(t, d.Validate())
	}
	assert.Equal(t, int64(6), j.calls.Load())
	assert.Equal(t, int64(0), c.Stats().Hits)

	_, err = c.Evaluate(context.Background(), evaluator.Task{}, "a")
	require.NoError(t, err)
	keyErr := func(evaluator.Task, string) (evaluator.CacheKey, error) {
		return evaluator.CacheKey{}, errors.New("unrenderable")
	}
	c2, err := evaluator.NewCache[string](j, keyErr, nil)
	require.NoError(t, err)
	_, err = c2.Evaluate(context.Background(), evaluator.Task{}, "a")
	assert.ErrorContains(t, err, "cache key: unrenderable")
	assert.Equal(t, int64(7), j.calls.Load(), "no judge call without a key")

	_, err = evaluator.NewCache[string](nil, nil, nil)
	assert.ErrorIs(t, err, evaluator.ErrInvalidCache)
	assert.ErrorContains(t, err, "key: nil KeyFunc")
}

// TestMemoryStoreBound: 100,000 distinct entries never push the store past
// its byte bound, and the heap it holds stays near that bound.
func TestMemoryStoreBound(t *testing.T) {
	const bound = 4 << 20
	s := evaluator.NewMemoryStore(bound)
	ctx := context.Background()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := 0; i < 100000; i++ {
		d := evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4,
			RevisionInstructions: []string{fmt.Sprintf("instruction %d: restate the amount from the invoice", i)},
			Criteria:             []evaluator.Criterion{{Name: "amount", EvidenceRefs: []string{"E1"}, Reason: fmt.Sprintf("reason %d", i)}}}
		require.NoError(t, s.Put(ctx, evaluator.CacheKey{Candidate: fmt.Sprint(i)}.Digest(), d))
		if st := s.Stats(); st.Bytes > st.MaxBytes {
			t.Fatalf("after %d puts: %d bytes > bound %d", i+1, st.Bytes, st.MaxBytes)
		}
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	st := s.Stats()
	t.Logf("100000 puts: %d entries held, %d evicted, %d estimated bytes (bound %d), live heap grew %d bytes",
		st.Entries, st.Evictions, st.Bytes, st.MaxBytes, int64(after.HeapAlloc)-int64(before.HeapAlloc))
	assert.Equal(t, int64(100000), int64(st.Entries)+st.Evictions)
	assert.Greater(t, st.Evictions, int64(0))
	assert.Less(t, int64(after.HeapAlloc)-int64(before.HeapAlloc), int64(bound), "the estimate covers the real heap")
	runtime.KeepAlive(s)

	// LRU: a recently read entry survives, the oldest goes.
	small := evaluator.NewMemoryStore(800) // room for three small entries
	for _, k := range []string{"a", "b", "c"} {
		require.NoError(t, small.Put(ctx, k, evaluator.EvaluationDecision{Status: evaluator.StatusPass}))
	}
	_, ok, _ := small.Get(ctx, "a")
	require.True(t, ok)
	require.NoError(t, small.Put(ctx, "d", evaluator.EvaluationDecision{Status: evaluator.StatusPass}))
	_, okA, _ := small.Get(ctx, "a")
	_, okB, _ := small.Get(ctx, "b")
	assert.True(t, okA)
	assert.False(t, okB)
}

func TestCacheConcurrent(t *testing.T) {
	j := &countingJudge{}
	c, err := evaluator.NewCache[string](j, textKey, evaluator.NewMemoryStore(64<<10))
	require.NoError(t, err)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 500; i++ {
				d, err := c.Evaluate(context.Background(), evaluator.Task{}, fmt.Sprint(i%50))
				if err != nil || d.Validate() != nil {
					t.Errorf("call %d: %v", i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	st := c.Stats()
	assert.Equal(t, int64(4000), st.Hits+st.Misses)
	assert.Equal(t, st.Misses, j.calls.Load())
	assert.Greater(t, st.Hits, int64(3000))
}
