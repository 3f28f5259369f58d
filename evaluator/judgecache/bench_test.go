package judgecache_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

// benchDecision is a judge decision of a realistic size (about 1 KB of
// JSON): five criteria with reasons, one revision instruction.
func benchDecision() evaluator.EvaluationDecision {
	d := evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.62,
		RevisionInstructions: []string{"State the refund amount from invoice E1 (20.00 EUR), not 25.00."}}
	for i := range 5 {
		d.Criteria = append(d.Criteria, evaluator.Criterion{Name: fmt.Sprintf("criterion_%d", i), Passed: i != 2,
			EvidenceRefs: []string{"E1"}, Reason: "The reply states the amount and cites the invoice, as the policy requires of a refund."})
	}
	return d
}

// reportP99 reports the 99th percentile of the measured latencies in
// microseconds (the goal of each store is stated in docs/judgecache.md).
func reportP99(b *testing.B, lat []time.Duration) {
	b.Helper()
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	p := lat[min(len(lat)-1, len(lat)*99/100)]
	b.ReportMetric(float64(p.Nanoseconds())/1e3, "p99-µs")
}

func benchStores(b *testing.B) map[string]judgecache.CacheStore {
	mem, err := judgecache.NewMemoryStore(0)
	if err != nil {
		b.Fatal(err)
	}
	disk, err := judgecache.NewDiskStore(b.TempDir(), 0)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { disk.Close() })
	return map[string]judgecache.CacheStore{"memory": mem, "disk": disk}
}

// BenchmarkStoreGetHit measures a store's Get of a present entry (the
// disk store reads, checks and decodes the file), with its p99.
func BenchmarkStoreGetHit(b *testing.B) {
	for name, s := range benchStores(b) {
		b.Run(name, func(b *testing.B) {
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
		})
	}
}

// BenchmarkCacheHit measures Cache.Evaluate served from each store: key
// (candidate, task, models), store lookup, validation, copy and mark.
func BenchmarkCacheHit(b *testing.B) {
	task := evaluator.Task{ID: "refund-7", Input: "Reply to the refund request.", Criteria: []string{"cites the invoice"},
		Evidence: []evaluator.Evidence{{ID: "E1", Source: "billing", Content: "Invoice 7: total 20.00 EUR."}}}
	cand := "We refund 20.00 EUR [E1]. The money reaches your account within five working days."
	judge := evaluator.WithModel(evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return benchDecision(), nil
	}), "judge-model")
	for name, s := range benchStores(b) {
		b.Run(name, func(b *testing.B) {
			c, err := judgecache.NewCache(judge, nil, s)
			if err != nil {
				b.Fatal(err)
			}
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
		})
	}
}

// BenchmarkMemoryStorePut measures inserts into a full store (each evicts).
func BenchmarkMemoryStorePut(b *testing.B) {
	s, err := judgecache.NewMemoryStore(1 << 20)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	e := judgecache.Entry{Decision: benchDecision()}
	keys := make([]string, 4096)
	for i := range keys {
		keys[i] = hexKey(i)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = s.Put(ctx, keys[i%len(keys)], e)
		i++
	}
}

// BenchmarkDiskStorePut measures a DiskStore Put: encode, temporary file,
// lock, ledger, rename.
func BenchmarkDiskStorePut(b *testing.B) {
	s, err := judgecache.NewDiskStore(b.TempDir(), 0)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	e := judgecache.Entry{Decision: benchDecision()}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := s.Put(ctx, hexKey(i%4096), e); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
