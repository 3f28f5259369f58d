package judgecache

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// flight is one judge call that identical concurrent calls wait for. Its
// result fields are written before done is closed and only read after.
type flight struct {
	done    chan struct{}
	ctx     context.Context // the call's: detached from any one caller
	cancel  context.CancelFunc
	waiters int // callers still waiting; guarded by flights.mu

	d         evaluator.EvaluationDecision
	err       error
	fromStore bool // d was found in the store by the flight, not judged
	stored    time.Time
}

// flights holds the flights in progress by key.
type flights struct {
	mu sync.Mutex
	m  map[string]*flight
}

// join returns the flight for key, starting one (leader true) when there
// is none. The flight's context keeps ctx's values but not its
// cancellation: it is canceled only when every caller has stopped waiting.
func (fs *flights) join(ctx context.Context, key string) (f *flight, leader bool) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if f := fs.m[key]; f != nil {
		f.waiters++
		return f, false
	}
	if fs.m == nil {
		fs.m = map[string]*flight{}
	}
	fctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	f = &flight{done: make(chan struct{}), ctx: fctx, cancel: cancel, waiters: 1}
	fs.m[key] = f
	return f, true
}

// leave records that a caller stopped waiting. When the last one leaves a
// flight still in progress, its judge call is canceled and the flight
// forgotten, so that a later caller starts afresh.
func (fs *flights) leave(key string, f *flight) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	f.waiters--
	if f.waiters > 0 {
		return
	}
	select {
	case <-f.done:
	default:
		f.cancel()
		if fs.m[key] == f {
			delete(fs.m, key)
		}
	}
}

// remove forgets a finished flight.
func (fs *flights) remove(key string, f *flight) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if fs.m[key] == f {
		delete(fs.m, key)
	}
	f.cancel()
}

// fly makes or joins the flight for key and waits for it or for ctx.
func (c *Cache[C]) fly(ctx context.Context, key string, task evaluator.Task, candidate C) (evaluator.EvaluationDecision, error) {
	f, leader := c.flights.join(ctx, key)
	if leader {
		go c.run(f, key, task, candidate)
	}
	select {
	case <-f.done:
		c.flights.leave(key, f)
	case <-ctx.Done():
		c.flights.leave(key, f)
		return evaluator.EvaluationDecision{}, ctx.Err()
	}
	d := cloneDecision(f.d) // every caller its own copy: f.d is shared
	switch {
	case f.err != nil || d.Validate() != nil:
		return d, f.err
	case f.fromStore:
		c.hits.Add(1)
		return markHit(d, key, f.stored), nil
	case leader:
		return d, nil
	}
	c.shared.Add(1)
	return mark(d, "decision shared with an identical call in flight (key "+key[:16]+"), not judged anew"), nil
}

// run is the flight: a last look in the store (another caller may have
// stored the entry since this one missed), then the judge call, then the
// store, before the callers are released: when Evaluate returns, a new
// Cache on the same store finds the entry. The flight leaves the map
// before its callers are released: a call made after Evaluate returned
// starts a flight of its own (a store lookup), never joins the finished one.
func (c *Cache[C]) run(f *flight, key string, task evaluator.Task, candidate C) {
	defer close(f.done)
	defer c.flights.remove(key, f)
	if put := c.judgeOnce(f, key, task, candidate); put != nil {
		c.put(f.ctx, key, *put)
	}
}

// judgeOnce fills f's result and returns the entry to store, or nil. A
// panic in the store or the judge is the call's error.
func (c *Cache[C]) judgeOnce(f *flight, key string, task evaluator.Task, candidate C) (put *Entry) {
	defer func() {
		if p := recover(); p != nil {
			f.d, f.err, f.fromStore = evaluator.EvaluationDecision{}, provider.Permanent(fmt.Errorf("%w: %s", errJudgePanic, strictjson.Clip(fmt.Sprint(p)))), false
			put = nil
		}
	}()
	if e, ok := c.get(f.ctx, key); ok {
		f.d, f.fromStore, f.stored = e.Decision, true, e.Stored
		return nil
	}
	c.misses.Add(1)
	f.d, f.err = c.judge.Evaluate(f.ctx, task, candidate)
	if f.err != nil || f.d.Validate() != nil {
		return nil
	}
	return &Entry{Decision: withoutHits(cloneDecision(f.d)), Stored: time.Now()}
}

// put stores e. Its context is the flight's without cancellation, so that
// the entry is stored even when every caller has gone. A store's panic is
// a store error.
func (c *Cache[C]) put(ctx context.Context, key string, e Entry) {
	defer func() {
		if p := recover(); p != nil {
			c.storeErrs.Add(1)
		}
	}()
	if err := c.store.Put(context.WithoutCancel(ctx), key, e); err != nil {
		c.storeErrs.Add(1)
	}
}

// markHit marks a decision served from the store, with the entry's age.
func markHit(d evaluator.EvaluationDecision, key string, stored time.Time) evaluator.EvaluationDecision {
	return mark(d, "decision served from the judge cache (key "+key[:16]+", stored "+age(stored)+" ago), not judged anew")
}

func mark(d evaluator.EvaluationDecision, reason string) evaluator.EvaluationDecision {
	d.Criteria = append(d.Criteria, evaluator.Criterion{Name: criterionCacheHit, Passed: true, EvidenceRefs: []string{}, Reason: reason})
	return d
}

// age says how long ago t was: to the millisecond under a second, to the
// second beyond; never negative (another machine's clock may be ahead).
func age(t time.Time) string {
	a := time.Since(t)
	switch {
	case a < 0:
		a = 0
	case a < time.Second:
		a = a.Round(time.Millisecond)
	default:
		a = a.Round(time.Second)
	}
	return a.String()
}

// withoutHits drops criterionCacheHit criteria (a judge that is itself a
// cache), so that an entry holds only what a judge decided.
func withoutHits(d evaluator.EvaluationDecision) evaluator.EvaluationDecision {
	kept := d.Criteria[:0]
	for _, c := range d.Criteria {
		if c.Name != criterionCacheHit {
			kept = append(kept, c)
		}
	}
	d.Criteria = kept
	return d
}
