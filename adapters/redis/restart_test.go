package redisstore_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	redisstore "github.com/evalopt/evalopt/adapters/redis"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

// TestServerKilledAndRestarted: four goroutines evaluate from a pool of
// calls through a Redis-backed cache while the server is killed (SIGKILL)
// and, later, restarted on the same port. Evaluations go on as misses while
// it is down, every decision is checked against a fresh one, and hits come
// back once it is up again.
func TestServerKilledAndRestarted(t *testing.T) {
	srv := &redisServer{bin: shared.bin, dir: t.TempDir()}
	require.NoError(t, srv.startOnFreePort())
	defer srv.kill()
	rdb := srv.client(t)
	s, err := redisstore.New(rdb, redisstore.Options{Prefix: "restart:", Lock: 2 * time.Second, LockPoll: 5 * time.Millisecond})
	require.NoError(t, err)
	j := &digestJudge{}
	c := newCache(t, j, s)

	var n restartCounts
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			evaluateUntil(stop, c, w, &n)
		}()
	}
	done, wrong, errs := &n.done, &n.wrong, &n.errs
	// waitFor lets n more evaluations run; report logs the phase.
	waitFor := func(n int64) {
		target := done.Load() + n
		deadline := time.Now().Add(60 * time.Second)
		for done.Load() < target && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		require.GreaterOrEqual(t, done.Load(), target, "evaluations stalled")
	}
	var last judgecache.Stats
	report := func(phase string) judgecache.Stats {
		st := c.Stats()
		t.Logf("%-34s %5d evaluations: %4d hits, %4d judge calls, %4d shared, %4d store errors; wrong decisions so far: %d, evaluation errors: %d",
			phase, st.Hits+st.Misses+st.Shared-(last.Hits+last.Misses+last.Shared), st.Hits-last.Hits, st.Misses-last.Misses,
			st.Shared-last.Shared, st.StoreErrors-last.StoreErrors, wrong.Load(), errs.Load())
		d := judgecache.Stats{Hits: st.Hits - last.Hits, Misses: st.Misses - last.Misses, StoreErrors: st.StoreErrors - last.StoreErrors}
		last = st
		return d
	}

	waitFor(600)
	up := report("redis up:")
	pid := srv.cmd.Process.Pid
	srv.kill()
	t.Logf("killed redis-server (pid %d, SIGKILL) on %s mid-run", pid, srv.addr())
	waitFor(40) // calls that read the store before the kill may still be served
	report("redis killed, calls in flight:")
	waitFor(600)
	down := report("redis down:")
	require.NoError(t, srv.start())
	t.Logf("restarted redis-server (pid %d) on %s, empty (no persistence)", srv.cmd.Process.Pid, srv.addr())
	// go-redis redials a server it failed to reach about once a second:
	// evaluations go on as misses meanwhile.
	deadline := time.Now().Add(30 * time.Second)
	for rdb.Ping(context.Background()).Err() != nil && time.Now().Before(deadline) {
		waitFor(50)
	}
	report("redis back, client redialing:")
	waitFor(600)
	back := report("redis back, refilling:")
	waitFor(600)
	refilled := report("redis back, refilled:")
	close(stop)
	wg.Wait()
	report("until the workers stopped:")
	st := s.Stats()
	t.Logf("store: %d Redis errors, %d corrupt, %d format misses, %d lock waits (%d served); judge calls in all: %d; go-redis log lines (dial failures, not printed): %d",
		st.Errors, st.Corrupt, st.FormatMisses, st.LockWaits, st.LockServed, j.calls.Load(), clientLog.lines.Load())

	assert.Zero(t, wrong.Load(), "no wrong decision served")
	assert.Zero(t, errs.Load(), "no evaluation failed: a Redis error is a miss")
	assert.Positive(t, up.Hits)
	assert.Zero(t, down.Hits, "nothing is served while Redis is down")
	assert.Positive(t, down.StoreErrors)
	assert.Positive(t, back.Misses, "the restarted server is empty: judged anew")
	assert.Positive(t, refilled.Hits, "hits come back")
}

// restartCounts are the evaluations of TestServerKilledAndRestarted.
type restartCounts struct{ done, wrong, errs atomic.Int64 }

// evaluateUntil is one worker of TestServerKilledAndRestarted: it evaluates
// calls of a pool of 60 until stop is closed, checking each decision
// against a fresh one.
func evaluateUntil(stop <-chan struct{}, c *judgecache.Cache[string], w int, n *restartCounts) {
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		default:
		}
		k := (i*31 + w*17) % 60
		task := evaluator.Task{ID: fmt.Sprint("refund-", k%6), Input: "Reply to the refund request.",
			Evidence: []evaluator.Evidence{{ID: "E1", Content: fmt.Sprint("Invoice ", k%6)}}}
		cand := fmt.Sprint("We refund invoice ", k%10, " [E1].")
		d, err := c.Evaluate(context.Background(), task, cand)
		switch {
		case err != nil:
			n.errs.Add(1)
		case digestOf(d) != digestOf(digestDecision(task, cand)):
			n.wrong.Add(1)
		}
		n.done.Add(1)
	}
}
