package redisstore_test

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	redisstore "github.com/evalopt/evalopt/adapters/redis"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

func TestStoreRoundTripTTLAndPrefix(t *testing.T) {
	ctx := context.Background()
	s := newStore(t, redisstore.Options{Prefix: "app1:", TTL: time.Hour})
	_, ok, err := s.Get(ctx, hexKey(1))
	require.NoError(t, err)
	assert.False(t, ok)
	d := digestDecision(evaluator.Task{Input: "q"}, "a")
	stored := time.Now().Add(-time.Minute)
	require.NoError(t, s.Put(ctx, hexKey(1), judgecache.Entry{Decision: d, Stored: stored}))
	e, ok, err := s.Get(ctx, hexKey(1))
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, digestOf(d), digestOf(e.Decision))
	assert.True(t, stored.Equal(e.Stored))

	rdb := shared.client(t)
	ttl, err := rdb.TTL(ctx, "app1:v1:"+hexKey(1)).Result()
	require.NoError(t, err)
	assert.InDelta(t, time.Hour.Seconds(), ttl.Seconds(), 5, "the entry expires after Options.TTL")
	other := newStore(t, redisstore.Options{Prefix: "app2:"})
	_, ok, err = other.Get(ctx, hexKey(1))
	require.NoError(t, err)
	assert.False(t, ok, "another prefix is another cache")
	require.NoError(t, other.Put(ctx, hexKey(9), judgecache.Entry{Decision: d}))
	ttl, err = rdb.TTL(ctx, "app2:v1:"+hexKey(9)).Result()
	require.NoError(t, err)
	assert.InDelta(t, redisstore.DefaultTTL.Seconds(), ttl.Seconds(), 5, "the default TTL")
}

// TestStoreFormatAndDamage: another format's value is a miss, not an
// error; a damaged one a miss with an error; neither is served.
func TestStoreFormatAndDamage(t *testing.T) {
	ctx := context.Background()
	s := newStore(t, redisstore.Options{Prefix: "fmt:"})
	rdb := shared.client(t)
	good, err := judgecache.EncodeEntry(hexKey(1), judgecache.Entry{Decision: digestDecision(evaluator.Task{}, "a")})
	require.NoError(t, err)
	next := []byte(string(good))
	next[3]++
	torn := good[:len(good)-10]
	foreign, err := judgecache.EncodeEntry(hexKey(2), judgecache.Entry{Decision: digestDecision(evaluator.Task{}, "b")})
	require.NoError(t, err)

	for name, v := range map[string][]byte{"next format": next, "not an entry": []byte(`{"status":"pass"}`)} {
		require.NoError(t, rdb.Set(ctx, "fmt:v1:"+hexKey(1), v, 0).Err())
		_, ok, err := s.Get(ctx, hexKey(1))
		assert.NoError(t, err, name)
		assert.False(t, ok, name)
	}
	for name, v := range map[string][]byte{"torn": torn, "another key's": foreign} {
		require.NoError(t, rdb.Set(ctx, "fmt:v1:"+hexKey(1), v, 0).Err())
		_, ok, err := s.Get(ctx, hexKey(1))
		assert.ErrorIs(t, err, judgecache.ErrEntryCorrupt, name)
		assert.False(t, ok, name)
	}
	st := s.Stats()
	assert.Equal(t, [2]int64{2, 2}, [2]int64{st.FormatMisses, st.Corrupt})
}

func TestNewRefusesBadOptions(t *testing.T) {
	_, err := redisstore.New(nil, redisstore.Options{TTL: -time.Second, LockPoll: -1})
	require.Error(t, err)
	for _, want := range []string{"nil client", "Options.TTL: must be >= 0", "Options.LockPoll: must be >= 0"} {
		assert.ErrorContains(t, err, want)
	}
}

// TestRedisDownIsMiss: with no Redis at all, every evaluation is judged,
// none fails, and the errors are counted.
func TestRedisDownIsMiss(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	rdb := redis.NewClient(&redis.Options{Addr: addr, DialTimeout: 200 * time.Millisecond, MaxRetries: -1})
	defer rdb.Close()
	s, err := redisstore.New(rdb, redisstore.Options{Lock: time.Second})
	require.NoError(t, err)
	j := &digestJudge{}
	c := newCache(t, j, s)
	task := evaluator.Task{Input: "q"}
	for range 3 {
		d, err := c.Evaluate(context.Background(), task, "a")
		require.NoError(t, err)
		assert.Equal(t, digestOf(digestDecision(task, "a")), digestOf(d))
	}
	assert.Equal(t, int64(3), j.calls.Load())
	assert.Positive(t, c.Stats().StoreErrors)
	assert.Positive(t, s.Stats().Errors)
}

// TestCrossProcessLock: two processes (two clients, two stores, two
// caches) make 64 identical concurrent calls between them: one judge call
// in all; the other process is served the entry the first stored.
func TestCrossProcessLock(t *testing.T) {
	opts := redisstore.Options{Prefix: "lock64:", Lock: 10 * time.Second, LockPoll: 5 * time.Millisecond}
	j := &digestJudge{gate: make(chan struct{})}
	caches := []*judgecache.Cache[string]{newCache(t, j, newStore(t, opts)), newCache(t, j, newStore(t, opts))}
	task := evaluator.Task{ID: "t", Input: "q"}
	want := digestOf(digestDecision(task, "a"))
	var wg sync.WaitGroup
	for i := range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, err := caches[i%2].Evaluate(context.Background(), task, "a")
			assert.NoError(t, err)
			assert.Equal(t, want, digestOf(d))
		}()
	}
	deadline := time.Now().Add(10 * time.Second)
	for j.calls.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond) // let every caller reach its wait
	close(j.gate)
	wg.Wait()
	assert.Equal(t, int64(1), j.calls.Load(), "one judge call across the two processes")
	var hits, misses int64
	for _, c := range caches {
		st := c.Stats()
		hits, misses = hits+st.Hits, misses+st.Misses
	}
	assert.Equal(t, int64(1), misses)
	assert.Positive(t, hits, "the other process was served the stored entry")
}

// TestLockHolderFails: when the process holding the lock fails to judge,
// the waiting process judges itself once its wait is over.
func TestLockHolderFails(t *testing.T) {
	opts := redisstore.Options{Prefix: "lockfail:", Lock: 300 * time.Millisecond, LockPoll: 10 * time.Millisecond}
	failing := &digestJudge{}
	failing.fail.Store(true)
	task := evaluator.Task{Input: "q"}
	_, err := newCache(t, failing, newStore(t, opts)).Evaluate(context.Background(), task, "a")
	require.ErrorContains(t, err, "upstream 503")
	ok := &digestJudge{}
	s2 := newStore(t, opts)
	start := time.Now()
	d, err := newCache(t, ok, s2).Evaluate(context.Background(), task, "a")
	require.NoError(t, err)
	assert.Equal(t, digestOf(digestDecision(task, "a")), digestOf(d))
	assert.Equal(t, int64(1), ok.calls.Load())
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.GreaterOrEqual(t, s2.Stats().LockWaits, int64(1), "it waited for the failed holder first")
}

// TestRandomCallsNoWrongDecision: random calls from two processes sharing
// one Redis, with the lock on: no decision served differs from a fresh one.
func TestRandomCallsNoWrongDecision(t *testing.T) {
	opts := redisstore.Options{Prefix: "random:", Lock: 5 * time.Second, LockPoll: 2 * time.Millisecond}
	j := &digestJudge{}
	caches := []*judgecache.Cache[string]{newCache(t, j, newStore(t, opts)), newCache(t, j, newStore(t, opts))}
	var wg sync.WaitGroup
	var mu sync.Mutex
	wrong := 0
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				n := (i*7 + w*13) % 97
				task := evaluator.Task{ID: fmt.Sprint("t", n%5), Input: strings.Repeat("a", n%3), Kind: evaluator.Kind([]string{"", "memo"}[n%2])}
				cand := fmt.Sprint("candidate ", n%11)
				d, err := caches[w%2].Evaluate(context.Background(), task, cand)
				if err != nil || digestOf(d) != digestOf(digestDecision(task, cand)) {
					mu.Lock()
					wrong++
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	assert.Zero(t, wrong)
	t.Logf("2000 calls from two processes: %d judge calls", j.calls.Load())
}
