package redisstore_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	redisstore "github.com/evalopt/evalopt/adapters/redis"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

// benchDecision is a judge decision of a realistic size (about 1 KB of
// JSON), as in judgecache's benchmarks.
func benchDecision() evaluator.EvaluationDecision {
	d := evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.62,
		RevisionInstructions: []string{"State the refund amount from invoice E1 (20.00 EUR), not 25.00."}}
	for i := range 5 {
		d.Criteria = append(d.Criteria, evaluator.Criterion{Name: fmt.Sprintf("criterion_%d", i), Passed: i != 2,
			EvidenceRefs: []string{"E1"}, Reason: "The reply states the amount and cites the invoice, as the policy requires of a refund."})
	}
	return d
}

// reportP99 reports the 99th percentile of the latencies in microseconds.
func reportP99(b *testing.B, lat []time.Duration) {
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[min(len(lat)-1, len(lat)*99/100)].Nanoseconds())/1e3, "p99-µs")
}

// BenchmarkStoreGetHit measures a Get of a present entry from the redis
// server on 127.0.0.1 (one round trip, checksum, decode), with its p99.
func BenchmarkStoreGetHit(b *testing.B) {
	s := newStore(b, redisstore.Options{Prefix: "bench:"})
	ctx := context.Background()
	keys := make([]string, 256)
	for i := range keys {
		keys[i] = hexKey(i)
		if err := s.Put(ctx, keys[i], judgecache.Entry{Decision: benchDecision(), Stored: time.Now()}); err != nil {
			b.Fatal(err)
		}
	}
	lat := make([]time.Duration, 0, 1<<16)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		start := time.Now()
		_, ok, err := s.Get(ctx, keys[i%len(keys)])
		lat = append(lat, time.Since(start))
		if !ok || err != nil {
			b.Fatal("miss", err)
		}
		i++
	}
	reportP99(b, lat)
}

// BenchmarkCacheHit measures Cache.Evaluate served from Redis.
func BenchmarkCacheHit(b *testing.B) {
	task := evaluator.Task{ID: "refund-7", Input: "Reply to the refund request.", Criteria: []string{"cites the invoice"},
		Evidence: []evaluator.Evidence{{ID: "E1", Source: "billing", Content: "Invoice 7: total 20.00 EUR."}}}
	cand := "We refund 20.00 EUR [E1]. The money reaches your account within five working days."
	judge := evaluator.WithModel(evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return benchDecision(), nil
	}), "judge-model")
	c := newCache(b, judge, newStore(b, redisstore.Options{Prefix: "benchcache:"}))
	ctx := context.Background()
	if _, err := c.Evaluate(ctx, task, cand); err != nil {
		b.Fatal(err)
	}
	lat := make([]time.Duration, 0, 1<<16)
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		d, _ := c.Evaluate(ctx, task, cand)
		lat = append(lat, time.Since(start))
		if !judgecache.IsCached(d) {
			b.Fatal("miss")
		}
	}
	reportP99(b, lat)
}
