package judgecache_test

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

func entryOf(d evaluator.EvaluationDecision) judgecache.Entry { return judgecache.Entry{Decision: d} }

// TestMemoryStoreBound: 100,000 distinct entries never push the store past
// its byte bound, and the heap it holds stays near that bound. Under
// -short (the local test command) 25,000 entries in a quarter the bound:
// the store fills and evicts the same share; CI runs the full size.
func TestMemoryStoreBound(t *testing.T) {
	n, bound := 100000, int64(4<<20)
	if testing.Short() {
		n, bound = 25000, 1<<20
	}
	s, err := judgecache.NewMemoryStore(bound)
	require.NoError(t, err)
	ctx := context.Background()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range n {
		d := evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4,
			RevisionInstructions: []string{fmt.Sprintf("instruction %d: restate the amount from the invoice", i)},
			Criteria:             []evaluator.Criterion{{Name: "amount", EvidenceRefs: []string{"E1"}, Reason: fmt.Sprintf("reason %d", i)}}}
		require.NoError(t, s.Put(ctx, fmt.Sprintf("%064x", i), entryOf(d)))
		if st := s.Stats(); st.Bytes > st.MaxBytes {
			t.Fatalf("after %d puts: %d bytes > bound %d", i+1, st.Bytes, st.MaxBytes)
		}
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	st := s.Stats()
	t.Logf("%d puts: %d entries held, %d evicted, %d estimated bytes (bound %d), live heap grew %d bytes",
		n, st.Entries, st.Evictions, st.Bytes, st.MaxBytes, int64(after.HeapAlloc)-int64(before.HeapAlloc))
	assert.Equal(t, int64(n), int64(st.Entries)+st.Evictions)
	assert.Greater(t, st.Evictions, int64(0))
	assert.Equal(t, st.Bytes, s.Bytes())
	assert.Less(t, int64(after.HeapAlloc)-int64(before.HeapAlloc), bound, "the estimate covers the real heap")
	runtime.KeepAlive(s)

	// LRU: a recently read entry survives, the oldest goes.
	small, err := judgecache.NewMemoryStore(800) // room for three small entries
	require.NoError(t, err)
	for _, k := range []string{"a", "b", "c"} {
		require.NoError(t, small.Put(ctx, k, entryOf(evaluator.EvaluationDecision{Status: evaluator.StatusPass})))
	}
	_, ok, _ := small.Get(ctx, "a")
	require.True(t, ok)
	require.NoError(t, small.Put(ctx, "d", entryOf(evaluator.EvaluationDecision{Status: evaluator.StatusPass})))
	_, okA, _ := small.Get(ctx, "a")
	_, okB, _ := small.Get(ctx, "b")
	assert.True(t, okA)
	assert.False(t, okB)
}

func TestCacheConcurrent(t *testing.T) {
	j := &digestJudge[string]{}
	store, err := judgecache.NewMemoryStore(64 << 10)
	require.NoError(t, err)
	c, err := judgecache.NewCache[string](j, nil, store)
	require.NoError(t, err)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				cand := fmt.Sprint(i % 50)
				d, err := c.Evaluate(context.Background(), evaluator.Task{}, cand)
				if err != nil || digestOf(d) != digestOf(digestDecision("", evaluator.Task{}, cand)) {
					t.Errorf("call %d: %v", i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	st := c.Stats()
	assert.Equal(t, int64(4000), st.Hits+st.Misses+st.Shared)
	assert.Equal(t, st.Misses, j.calls.Load())
	assert.Greater(t, st.Hits, int64(3000))
}

// TestMemoryStoreBoundArgument: 0 means DefaultMemoryBytes; a negative
// bound is an error naming it, not a silent default.
func TestMemoryStoreBoundArgument(t *testing.T) {
	s, err := judgecache.NewMemoryStore(0)
	require.NoError(t, err)
	assert.Equal(t, int64(judgecache.DefaultMemoryBytes), s.Stats().MaxBytes)
	_, err = judgecache.NewMemoryStore(-1)
	require.ErrorIs(t, err, judgecache.ErrInvalidCache)
	assert.Contains(t, err.Error(), "NewMemoryStore: maxBytes: must be >= 0")
}
