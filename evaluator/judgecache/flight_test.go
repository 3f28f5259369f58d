package judgecache_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// gateJudge blocks every call until release is closed (or its context
// ends), then answers as digestJudge does.
type gateJudge struct {
	digestJudge[string]
	release  chan struct{}
	started  chan struct{} // one value per call started
	canceled atomic.Int64
}

func newGateJudge() *gateJudge {
	return &gateJudge{release: make(chan struct{}), started: make(chan struct{}, 1024)}
}

func (j *gateJudge) Evaluate(ctx context.Context, task evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
	j.started <- struct{}{}
	select {
	case <-j.release:
		return j.digestJudge.Evaluate(ctx, task, c)
	case <-ctx.Done():
		j.canceled.Add(1)
		return evaluator.EvaluationDecision{}, ctx.Err()
	}
}

// waitShared waits until n callers wait for a flight.
func waitShared(t *testing.T, c interface{ Waiting(string) int }, key string, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for c.Waiting(key) < n {
		if time.Now().After(deadline) {
			t.Fatalf("only %d of %d callers joined the flight", c.Waiting(key), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestSingleFlight64: 64 concurrent identical misses make one judge call;
// 63 callers are given its decision, marked as not judged for them.
func TestSingleFlight64(t *testing.T) {
	j := newGateJudge()
	c, err := judgecache.NewCache[string](j, nil, nil)
	require.NoError(t, err)
	task := sampleTask()
	key, err := c.Key(task, "a")
	require.NoError(t, err)
	var wg sync.WaitGroup
	results := make([]evaluator.EvaluationDecision, 64)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, err := c.Evaluate(context.Background(), task, "a")
			assert.NoError(t, err)
			results[i] = d
		}()
	}
	waitShared(t, judgecache.Inspect(c), key, 64)
	close(j.release)
	wg.Wait()
	assert.Equal(t, int64(1), j.calls.Load(), "one judge call for 64 identical misses")
	marked := 0
	want := digestOf(digestDecision("", task, "a"))
	for _, d := range results {
		assert.Equal(t, want, digestOf(d))
		if judgecache.IsCached(d) {
			marked++
		}
	}
	assert.Equal(t, 63, marked)
	st := c.Stats()
	assert.Equal(t, [3]int64{0, 1, 63}, [3]int64{st.Hits, st.Misses, st.Shared})
}

// TestSingleFlightCancel: a canceled waiter returns ctx.Err() at once and
// the flight goes on for the others, even when the caller that started it
// is the one canceled; when every caller has gone the judge call is
// canceled.
func TestSingleFlightCancel(t *testing.T) {
	j := newGateJudge()
	c, err := judgecache.NewCache[string](j, nil, nil)
	require.NoError(t, err)
	task := evaluator.Task{Input: "q"}
	key, _ := c.Key(task, "a")

	leaderCtx, cancelLeader := context.WithCancel(context.Background())
	leaderErr := make(chan error, 1)
	go func() {
		_, err := c.Evaluate(leaderCtx, task, "a")
		leaderErr <- err
	}()
	<-j.started
	waiterCtx, cancelWaiter := context.WithCancel(context.Background())
	waiterErr := make(chan error, 1)
	go func() {
		_, err := c.Evaluate(waiterCtx, task, "a")
		waiterErr <- err
	}()
	stayer := make(chan evaluator.EvaluationDecision, 1)
	go func() {
		d, err := c.Evaluate(context.Background(), task, "a")
		assert.NoError(t, err)
		stayer <- d
	}()
	waitShared(t, judgecache.Inspect(c), key, 3)

	cancelWaiter()
	assert.ErrorIs(t, <-waiterErr, context.Canceled)
	cancelLeader()
	assert.ErrorIs(t, <-leaderErr, context.Canceled)
	close(j.release)
	d := <-stayer
	assert.Equal(t, digestOf(digestDecision("", task, "a")), digestOf(d))
	assert.Equal(t, int64(0), j.canceled.Load(), "the flight went on for the caller still waiting")
	assert.Equal(t, int64(1), j.calls.Load())

	// Everyone gone: the judge call is canceled and nothing is stored.
	j2 := newGateJudge()
	c2, err := judgecache.NewCache[string](j2, nil, nil)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := c2.Evaluate(ctx, task, "a")
		done <- err
	}()
	<-j2.started
	cancel()
	assert.ErrorIs(t, <-done, context.Canceled)
	deadline := time.Now().Add(10 * time.Second)
	for j2.canceled.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	assert.Equal(t, int64(1), j2.canceled.Load(), "the judge call is canceled when no caller waits")
	close(j2.release)
	d2, err := c2.Evaluate(context.Background(), task, "a")
	require.NoError(t, err)
	assert.False(t, judgecache.IsCached(d2), "a new flight, a fresh judge call")
}

// TestJudgePanicIsAnError: a panicking judge fails the call (and its
// waiters) with ErrJudgePanic, a permanent error; nothing is stored.
func TestJudgePanicIsAnError(t *testing.T) {
	n := 0
	judge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		n++
		panic("judge bug")
	})
	c, err := judgecache.NewCache[string](judge, nil, nil)
	require.NoError(t, err)
	for range 2 {
		_, err = c.Evaluate(context.Background(), evaluator.Task{}, "a")
		require.ErrorIs(t, err, judgecache.ErrJudgePanic)
		assert.ErrorContains(t, err, "judge bug")
		assert.Equal(t, provider.ClassPermanent, provider.Classify(err))
	}
	assert.Equal(t, 2, n)
}

// TestFlightSharesErrors: waiters of a failed flight get its error, and
// the next call tries again.
func TestFlightSharesErrors(t *testing.T) {
	release := make(chan struct{})
	var calls atomic.Int64
	judge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		if calls.Add(1) == 1 {
			<-release
			return evaluator.EvaluationDecision{}, errors.New("rate limited")
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass}, nil
	})
	c, err := judgecache.NewCache[string](judge, nil, nil)
	require.NoError(t, err)
	key, _ := c.Key(evaluator.Task{}, "a")
	errs := make(chan error, 2)
	for range 2 {
		go func() {
			_, err := c.Evaluate(context.Background(), evaluator.Task{}, "a")
			errs <- err
		}()
	}
	waitShared(t, judgecache.Inspect(c), key, 2)
	close(release)
	assert.ErrorContains(t, <-errs, "rate limited")
	assert.ErrorContains(t, <-errs, "rate limited")
	d, err := c.Evaluate(context.Background(), evaluator.Task{}, "a")
	require.NoError(t, err)
	assert.Equal(t, evaluator.StatusPass, d.Status)
	assert.Equal(t, int64(2), calls.Load())
}
