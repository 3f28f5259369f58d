package evaluator_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// BenchmarkReduce measures the reduction of five votes with one failure.
func BenchmarkReduce(b *testing.B) {
	ballots := []evaluator.Ballot{
		{Round: 0, Decision: passD(0.9)}, {Round: 1, Decision: passD(0.8)}, {Round: 2, Decision: reviseD(0.4)},
		{Round: 3, Err: errors.New("timeout")}, {Round: 4, Decision: passD(0.85)},
	}
	b.ReportAllocs()
	for b.Loop() {
		if evaluator.Reduce(ballots).Decision.Status != evaluator.StatusEscalate {
			b.Fatal("wrong reduction")
		}
	}
}

// BenchmarkVote measures Vote(5) around an instant judge: the cost the
// vote adds to five judge calls.
func BenchmarkVote(b *testing.B) {
	judge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return passD(0.9), nil
	})
	v := evaluator.Vote(5, judge)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if d, err := v.Evaluate(ctx, evaluator.Task{}, "x"); err != nil || d.Status != evaluator.StatusPass {
			b.Fatal(d.Status, err)
		}
	}
}

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
	s := evaluator.NewMemoryStore(1 << 20)
	ctx := context.Background()
	d := reviseD(0.4)
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
