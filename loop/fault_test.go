package loop

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

var errInjected = errors.New("injected fault")

// fault is what one role call does.
type fault int

const (
	faultNone fault = iota
	faultError
	faultPermanent
	faultPanic
	faultSlow         // sleeps, honoring ctx
	faultSlowIgnoring // sleeps, ignoring ctx
	faultCancel       // cancels the caller's context, then returns its error
	faultBadCost
	faultCount
)

// plan scripts one loop: a fault and a decision per role call, by call
// number across all roles. Loops share the role values; each finds its plan
// in its context, which is how shared roles behave differently per loop.
type plan struct {
	faults    []fault
	decisions []evaluator.EvaluationDecision
	costs     []float64
	sleeps    []time.Duration
	cancel    context.CancelFunc
	next      atomic.Int64
}

type planKey struct{}

func (p *plan) step(ctx context.Context) (int, error) {
	i := int(p.next.Add(1)-1) % len(p.faults)
	provider.AddCost(ctx, p.costs[i])
	switch p.faults[i] {
	case faultError:
		return i, fmt.Errorf("call %d: %w", i, errInjected)
	case faultPermanent:
		return i, provider.Permanent(errInjected)
	case faultPanic:
		panic(fmt.Sprintf("injected panic at call %d", i))
	case faultSlow:
		t := time.NewTimer(p.sleeps[i])
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return i, ctx.Err()
		}
	case faultSlowIgnoring:
		time.Sleep(p.sleeps[i])
	case faultCancel:
		p.cancel()
		return i, ctx.Err()
	case faultBadCost:
		provider.AddCost(ctx, -1)
	}
	return i, nil
}

func newPlan(rng *rand.Rand) *plan {
	const n = 16
	p := &plan{}
	scores := []float64{0.2, 0.5, 0.5, 0.8}
	for i := 0; i < n; i++ {
		f := faultNone
		if rng.IntN(4) == 0 {
			f = fault(rng.IntN(int(faultCount)))
		}
		p.faults = append(p.faults, f)
		p.sleeps = append(p.sleeps, time.Duration(rng.IntN(2000))*time.Microsecond)
		p.costs = append(p.costs, float64(rng.IntN(4))/4)
		score := scores[rng.IntN(len(scores))]
		var d evaluator.EvaluationDecision
		switch rng.IntN(12) {
		case 0, 1:
			d = pass(score)
		case 2:
			d = pass(score)
			d.Criteria = []evaluator.Criterion{{Name: "c", Passed: true, EvidenceRefs: []string{"ghost"}}}
		case 3:
			d = block(score, "policy")
		case 4:
			d = block(score, "no_evidence")
			d.StopReason = evaluator.StopMissingEvidence
		case 5:
			d = escalate(score)
		case 6:
			d = evaluator.EvaluationDecision{Status: "maybe", Score: score} // invalid
		default:
			d = revise(score, fmt.Sprintf("fix %d", i))
		}
		p.decisions = append(p.decisions, d)
	}
	return p
}

// faultRoles are shared by every loop of the test.
func faultRoles() (Generator[string], evaluator.Evaluator[string], Reviser[string]) {
	gen := GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
		i, err := ctx.Value(planKey{}).(*plan).step(ctx)
		return fmt.Sprintf("g%d", i), err
	})
	eval := evaluator.Func[string](func(ctx context.Context, _ evaluator.Task, _ string) (evaluator.EvaluationDecision, error) {
		p := ctx.Value(planKey{}).(*plan)
		i, err := p.step(ctx)
		if err != nil {
			return evaluator.EvaluationDecision{}, err
		}
		return p.decisions[i], nil
	})
	rev := ReviserFunc[string](func(ctx context.Context, _ evaluator.Task, cand string, _ evaluator.EvaluationDecision) (string, error) {
		i, err := ctx.Value(planKey{}).(*plan).step(ctx)
		return fmt.Sprintf("%s/r%d", cand, i), err
	})
	return gen, eval, rev
}

func randomOptions(rng *rand.Rand) []Option {
	opts := []Option{WithMaxRevisions(rng.IntN(4))}
	if rng.IntN(4) == 0 {
		opts = append(opts, WithTimeout(time.Duration(1+rng.IntN(4))*time.Millisecond))
	}
	if rng.IntN(4) == 0 {
		opts = append(opts, WithMaxCost(0.5+float64(rng.IntN(6))/2))
	}
	if rng.IntN(3) == 0 {
		opts = append(opts, WithStallLimit(1+rng.IntN(2)))
	}
	if rng.IntN(3) == 0 {
		opts = append(opts, WithRetry(1+rng.IntN(3), time.Duration(rng.IntN(500))*time.Microsecond))
	}
	return opts
}

type faultRun struct {
	res       Result[string]
	err       error
	observed  int
	callCount int64
}

// TestFaultInjection runs thousands of loops, concurrently and sharing their
// roles, with random role errors, panics, slow calls, invalid decisions and
// costs, timeouts and cancellations, and checks that every Result is
// consistent with its trace and its error, and that no goroutine leaks.
func TestFaultInjection(t *testing.T) {
	loops := 3000
	if testing.Short() {
		loops = 300
	}
	const workers = 32
	baseline := runtime.NumGoroutine()
	rng := rand.New(rand.NewPCG(20261121, 3))
	gen, eval, rev := faultRoles()

	type job struct {
		plan     *plan
		opts     []Option
		cancelAt time.Duration // 0: the caller never cancels on a timer
	}
	jobs := make([]job, loops)
	for i := range jobs {
		jobs[i] = job{plan: newPlan(rng), opts: randomOptions(rng)}
		if rng.IntN(10) == 0 {
			jobs[i].cancelAt = time.Duration(1+rng.IntN(3000)) * time.Microsecond
		}
	}

	runs := make([]faultRun, loops)
	var wg sync.WaitGroup
	var nextJob atomic.Int64
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(nextJob.Add(1) - 1)
				if i >= loops {
					return
				}
				j := jobs[i]
				ctx, cancel := context.WithCancel(context.Background())
				j.plan.cancel = cancel
				var timer *time.Timer
				if j.cancelAt > 0 {
					timer = time.AfterFunc(j.cancelAt, cancel)
				}
				ctx = context.WithValue(ctx, planKey{}, j.plan)
				observed := 0
				opts := append(j.opts[:len(j.opts):len(j.opts)], WithHooks(Hooks[string]{AfterCall: func(_ context.Context, _ Step[string]) { observed++ }}))
				res, err := RunLoop(ctx, refundTask, gen, eval, rev, opts...)
				if timer != nil {
					timer.Stop()
				}
				cancel()
				runs[i] = faultRun{res: res, err: err, observed: observed, callCount: j.plan.next.Load()}
			}
		}()
	}
	wg.Wait()

	seen := map[evaluator.StopReason]int{}
	for i, r := range runs {
		seen[r.res.StopReason]++
		ok := t.Run(fmt.Sprintf("loop%d", i), func(t *testing.T) {
			checkConsistent(t, r.res, r.err)
			assert.Equal(t, len(r.res.Trace), r.observed, "the hook saw every step")
			assert.Equal(t, int64(len(r.res.Trace)), r.callCount, "one step per role call")
			switch r.res.StopReason {
			case evaluator.StopError:
				var pe *PanicError
				assert.True(t, errors.Is(r.err, errInjected) || errors.As(r.err, &pe) ||
					errors.Is(r.err, evaluator.ErrInvalidDecision) || errors.Is(r.err, provider.ErrInvalidCost),
					"error %v", r.err)
			case evaluator.StopCanceled:
				assert.ErrorIs(t, r.err, context.Canceled)
			case evaluator.StopPassed:
				assert.Equal(t, r.res.Trace[r.res.CandidateStep].Candidate, r.res.Candidate)
			}
		})
		if !ok {
			t.Fatalf("loop %d inconsistent: %+v, err %v", i, r.res, r.err)
		}
	}
	for _, reason := range evaluator.StopReasons() {
		assert.Positive(t, seen[reason], "stop reason %q never happened: the injection misses a path", reason)
	}
	t.Logf("stop reasons over %d loops: %v", loops, seen)

	assertNoLeak(t, baseline)
}

// assertNoLeak polls runtime.NumGoroutine until it is back to baseline, and
// dumps the goroutines if it does not get there.
func assertNoLeak(t *testing.T, baseline int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > baseline {
		if time.Now().After(deadline) {
			var b strings.Builder
			_ = pprof.Lookup("goroutine").WriteTo(&b, 1)
			t.Fatalf("goroutines leaked: %d > baseline %d\n%s", runtime.NumGoroutine(), baseline, b.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
