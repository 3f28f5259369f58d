package evaluator_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// BenchmarkCacheHit measures a cache hit: key, digest, store lookup, copy.
func BenchmarkCacheHit(b *testing.B) {
	c, err := evaluator.NewCache[string](&countingJudge{}, textKey, nil)
	if err != nil {
		b.Fatal(err)
	}
	task := evaluator.Task{Input: "q", Evidence: []evaluator.Evidence{{ID: "E1", Content: "The invoice total is $1,200."}}}
	ctx := context.Background()
	cand := "The invoice totals $1,200 [E1]. Payment is due within 30 days."
	if _, err := c.Evaluate(ctx, task, cand); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if d, _ := c.Evaluate(ctx, task, cand); !evaluator.IsCached(d) {
			b.Fatal("miss")
		}
	}
}

// BenchmarkMemoryStorePut measures inserts into a full store (each evicts).
func BenchmarkMemoryStorePut(b *testing.B) {
	s, err := evaluator.NewMemoryStore(1 << 20)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	d := evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4, RevisionInstructions: []string{"fix the total"}}
	keys := make([]string, 4096)
	for i := range keys {
		keys[i] = evaluator.CacheKey{Candidate: fmt.Sprint(i)}.Digest()
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = s.Put(ctx, keys[i%len(keys)], d)
		i++
	}
}
