package quality

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// qualityPassCases returns n valid cases c0..c(n-1) that expect a pass.
func qualityPassCases(n int) []Case {
	cases := make([]Case, n)
	for i := range cases {
		cases[i] = evalCase("c"+strconv.Itoa(i), ExpectedDecision{Status: evaluator.StatusPass}, "")
	}
	return cases
}

func TestRunCasesConcurrencyBound(t *testing.T) {
	for _, bound := range []int{1, 3} {
		t.Run(strconv.Itoa(bound), func(t *testing.T) {
			var inflight, peak atomic.Int64
			ev := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
				n := inflight.Add(1)
				for {
					p := peak.Load()
					if n <= p || peak.CompareAndSwap(p, n) {
						break
					}
				}
				time.Sleep(200 * time.Microsecond)
				inflight.Add(-1)
				return qPass, nil
			})
			r, err := Measure(context.Background(), ev, qualityPassCases(30), WithParallelCalls(bound))
			require.NoError(t, err)
			assert.Equal(t, 30, r.Decisions)
			assert.LessOrEqual(t, peak.Load(), int64(bound))
			assert.GreaterOrEqual(t, peak.Load(), int64(1))
		})
	}
}

// TestRunCasesOrderIsDeterministic runs calls concurrently and checks that
// the report lists cases in input order and calls in repeat order.
func TestRunCasesOrderIsDeterministic(t *testing.T) {
	ev := evaluator.Func[string](func(_ context.Context, task evaluator.Task, cand string) (evaluator.EvaluationDecision, error) {
		n, err := strconv.Atoi(task.ID[1:])
		if err != nil {
			return evaluator.EvaluationDecision{}, err
		}
		time.Sleep(time.Duration(n%3) * 100 * time.Microsecond) // finish out of order
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: float64(n) / 100}, nil
	})
	r, err := Measure(context.Background(), ev, qualityPassCases(40), WithParallelCalls(4), WithRepeats(3))
	require.NoError(t, err)
	require.Len(t, r.Results, 40)
	assert.Equal(t, 120, r.Calls)
	for i, cr := range r.Results {
		assert.Equal(t, "c"+strconv.Itoa(i), cr.CaseID)
		require.Len(t, cr.Calls, 3)
		for k, call := range cr.Calls {
			assert.Equal(t, k, call.Repeat)
			assert.Equal(t, float64(i)/100, call.Decision.Score)
		}
	}
}

func TestRunCasesRepeatsAndFlipRate(t *testing.T) {
	// Each case answers its k-th call with script[k]; the multiset of
	// statuses per case is fixed whatever order the calls run in.
	scripts := map[string][]evaluator.EvaluationDecision{
		"steady": {qPass, qPass, qPass, qPass},
		"flaky":  {qPass, qRevise("x"), qPass, qPass},
		"tie":    {qPass, qRevise("x"), qRevise("x"), qPass},
		"broken": {qPass, qPass, qPass, qPass},
	}
	var mu sync.Mutex
	seen := map[string]int{}
	ev := evaluator.Func[string](func(_ context.Context, task evaluator.Task, _ string) (evaluator.EvaluationDecision, error) {
		mu.Lock()
		k := seen[task.ID]
		seen[task.ID]++
		mu.Unlock()
		if task.ID == "broken" && k == 0 {
			return evaluator.EvaluationDecision{}, errors.New("timeout")
		}
		return scripts[task.ID][k], nil
	})
	cases := []Case{}
	for _, id := range []string{"steady", "flaky", "tie", "broken"} {
		cases = append(cases, evalCase(id, ExpectedDecision{Status: evaluator.StatusPass}, ""))
	}
	r, err := Measure(context.Background(), ev, cases, WithRepeats(4), WithParallelCalls(3))
	require.NoError(t, err)
	type row struct {
		modal evaluator.Status
		flips int
		rate  float64
	}
	var got []row
	for _, cr := range r.Results {
		got = append(got, row{cr.ModalStatus, cr.Flips, cr.FlipRate})
	}
	assert.Equal(t, []row{
		{evaluator.StatusPass, 0, 0},
		{evaluator.StatusPass, 1, 0.25},
		{evaluator.StatusRevise, 2, 0.5}, // tie goes to the stricter status
		{evaluator.StatusPass, 0, 0},     // 3 decisions, 1 error
	}, got)
	assert.Equal(t, Ratio{Num: 3, Den: 15, Value: 0.2}, r.FlipRate)
	assert.Equal(t, 1, r.Errors)
	assert.Equal(t, 16, r.Calls)
}

func TestRunCasesInfrastructureFailures(t *testing.T) {
	ev := evaluator.Func[string](func(_ context.Context, task evaluator.Task, _ string) (evaluator.EvaluationDecision, error) {
		switch task.ID {
		case "error":
			return qPass, errors.New("model unavailable") // a pass with an error is still an error
		case "panic":
			panic("boom")
		case "invalid":
			return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5}, nil // no instruction
		}
		return qPass, nil
	})
	must := ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true}
	cases := []Case{evalCase("error", must, ""), evalCase("panic", must, ""), evalCase("invalid", must, ""), evalCase("fine", ExpectedDecision{Status: evaluator.StatusPass}, "")}
	r, err := Measure(context.Background(), ev, cases)
	require.NoError(t, err)
	assert.Equal(t, 3, r.Errors)
	assert.Equal(t, 1, r.Decisions)
	assert.Equal(t, Ratio{}, r.FalseApprovalRate, "failures are never passes")
	assert.Equal(t, "model unavailable", r.Results[0].Calls[0].Error)
	assert.ErrorIs(t, r.Results[1].Calls[0].Err, errEvaluatorPanicked)
	assert.Equal(t, "quality: evaluator panicked: boom", r.Results[1].Calls[0].Error)
	assert.ErrorIs(t, r.Results[2].Calls[0].Err, evaluator.ErrInvalidDecision)
	assert.Equal(t, "quality: invalid decision: revisionInstructions: a revise needs at least one revision instruction", r.Results[2].Calls[0].Error)
	assert.Equal(t, 1, r.Confusion.Count(evaluator.StatusPass, evaluator.StatusPass))
	assert.Equal(t, 4, r.Latency.N, "failed calls were made and are timed")
}

func TestRunCasesCanceledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	called := atomic.Int64{}
	ev := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		called.Add(1)
		return qPass, nil
	})
	r, err := Measure(ctx, ev, qualityPassCases(5), WithRepeats(2))
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, int64(0), called.Load())
	assert.Equal(t, 10, r.Errors)
	assert.Equal(t, 0, r.Latency.N)
	for _, cr := range r.Results {
		for _, c := range cr.Calls {
			assert.True(t, c.Skipped)
			assert.ErrorIs(t, c.Err, context.Canceled)
		}
	}
}

func TestRunCasesCancelMidRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int64
	ev := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		if calls.Add(1) == 3 {
			cancel()
		}
		return qPass, nil
	})
	r, err := Measure(ctx, ev, qualityPassCases(10), WithParallelCalls(1))
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 3, r.Decisions)
	assert.Equal(t, 7, r.Errors)
	assert.Equal(t, 3, r.Latency.N)
}

func TestRunCasesCost(t *testing.T) {
	ev := evaluator.Func[string](func(ctx context.Context, task evaluator.Task, _ string) (evaluator.EvaluationDecision, error) {
		if ctx.Value(qualityParentKey{}) != "parent value" {
			return evaluator.EvaluationDecision{}, errors.New("the call's context lost the parent's values")
		}
		// A context derived from the call's still reaches its meter.
		sub, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		if !provider.AddCost(ctx, 0.25) || !provider.AddCost(sub, 0.5) {
			return evaluator.EvaluationDecision{}, errors.New("AddCost refused a valid amount")
		}
		if provider.AddCost(ctx, -1) {
			return evaluator.EvaluationDecision{}, errors.New("AddCost accepted a negative amount")
		}
		return qPass, nil
	})
	parent := context.WithValue(context.Background(), qualityParentKey{}, "parent value")
	r, err := Measure(parent, ev, qualityPassCases(4), WithRepeats(2))
	require.NoError(t, err)
	assert.Equal(t, 0, r.Errors, "%v", r.Results[0].Calls[0].Error)
	assert.InDelta(t, 6.0, r.Cost, 1e-12)
	assert.InDelta(t, 1.5, r.Results[0].Cost, 1e-12)
	assert.InDelta(t, 0.75, r.Results[0].Calls[1].Cost, 1e-12)
}

type qualityParentKey struct{}

// qualityClock is a clock that moves only when told to.
type qualityClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *qualityClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *qualityClock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func TestRunCasesLatencyWithInjectedClock(t *testing.T) {
	clock := &qualityClock{now: time.Unix(0, 0)}
	// Case ci takes i+1 milliseconds on the fake clock; calls run one at a
	// time so each call sees only its own advance.
	ev := evaluator.Func[string](func(_ context.Context, task evaluator.Task, _ string) (evaluator.EvaluationDecision, error) {
		i, _ := strconv.Atoi(task.ID[1:])
		clock.advance(time.Duration(i+1) * time.Millisecond)
		return qPass, nil
	})
	r, err := Measure(context.Background(), ev, qualityPassCases(10), WithParallelCalls(1), withClock(clock.Now))
	require.NoError(t, err)
	assert.Equal(t, Latency{N: 10, P50: 5 * time.Millisecond, P90: 9 * time.Millisecond, P99: 10 * time.Millisecond, Max: 10 * time.Millisecond}, r.Latency)
	assert.Equal(t, 4*time.Millisecond, r.Results[3].Calls[0].Latency)
}

func TestNearestRank(t *testing.T) {
	ms := func(ns ...int) []time.Duration {
		out := make([]time.Duration, len(ns))
		for i, n := range ns {
			out[i] = time.Duration(n) * time.Millisecond
		}
		return out
	}
	tests := []struct {
		name string
		in   []time.Duration
		want Latency
	}{
		{"empty", nil, Latency{}},
		{"one", ms(7), Latency{N: 1, P50: 7 * time.Millisecond, P90: 7 * time.Millisecond, P99: 7 * time.Millisecond, Max: 7 * time.Millisecond}},
		{"two: p50 is the lower", ms(9, 1), Latency{N: 2, P50: 1 * time.Millisecond, P90: 9 * time.Millisecond, P99: 9 * time.Millisecond, Max: 9 * time.Millisecond}},
		{"unsorted ten", ms(10, 3, 7, 1, 9, 2, 8, 4, 6, 5), Latency{N: 10, P50: 5 * time.Millisecond, P90: 9 * time.Millisecond, P99: 10 * time.Millisecond, Max: 10 * time.Millisecond}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, latencyOf(tt.in))
		})
	}
	hundred := make([]time.Duration, 100)
	for i := range hundred {
		hundred[i] = time.Duration(i + 1)
	}
	assert.Equal(t, time.Duration(99), nearestRank(hundred, 99))
	assert.Equal(t, time.Duration(1), nearestRank(hundred, 0), "p <= 0 gives the minimum")
	assert.Equal(t, time.Duration(100), nearestRank(hundred, 150), "p > 100 gives the maximum")
}

func TestRunCasesRejectsBadInput(t *testing.T) {
	ev := qualityDecisionsByID(nil)
	tests := []struct {
		name  string
		ev    evaluator.Evaluator[string]
		cases []Case
		opts  []RunOption
		want  string
	}{
		{"nil evaluator", nil, qualityPassCases(1), nil, "quality: Measure: nil evaluator"},
		{"no cases", ev, nil, nil, "quality: no cases"},
		{"invalid case", ev, []Case{{ID: "x", Expected: ExpectedDecision{Status: evaluator.StatusPass}}}, nil, "quality: cases[0].candidate: empty"},
		{"negative concurrency", ev, qualityPassCases(1), []RunOption{WithParallelCalls(-1)}, "quality: evaluator: invalid option: WithParallelCalls(-1): must be >= 0"},
		{"negative repeats", ev, qualityPassCases(1), []RunOption{WithRepeats(-2)}, "quality: evaluator: invalid option: WithRepeats(-2): must be >= 0"},
		{"nil option", ev, qualityPassCases(1), []RunOption{WithRepeats(2), nil}, "quality: evaluator: invalid option: opts[1]: nil option"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Measure(context.Background(), tt.ev, tt.cases, tt.opts...)
			require.Error(t, err)
			assert.Equal(t, tt.want, err.Error())
			assert.Equal(t, tt.opts != nil, errors.Is(err, evaluator.ErrInvalidOption), "options' errors, and only they, match ErrInvalidOption")
		})
	}
}

func TestRunCasesDefaults(t *testing.T) {
	cfg, err := newRunConfig([]RunOption{WithParallelCalls(0), WithRepeats(0), withClock(nil)})
	require.NoError(t, err)
	assert.Equal(t, 1, cfg.repeats)
	assert.Positive(t, cfg.concurrency)
	assert.NotNil(t, cfg.now)
}

// typed is a non-string candidate for MeasureOf.
type typedCandidate struct{ N int }

func TestRunCasesOf(t *testing.T) {
	decode := func(c Case) (typedCandidate, error) {
		n, err := strconv.Atoi(c.Candidate)
		return typedCandidate{N: n}, err
	}
	ev := evaluator.Func[typedCandidate](func(_ context.Context, _ evaluator.Task, c typedCandidate) (evaluator.EvaluationDecision, error) {
		if c.N > 10 {
			return qBlock("too big"), nil
		}
		return qPass, nil
	})
	cases := []Case{
		{ID: "small", Candidate: "3", Expected: ExpectedDecision{Status: evaluator.StatusPass}},
		{ID: "big", Candidate: "30", Expected: ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true, BlockingFailures: []string{"big"}}},
	}
	r, err := MeasureOf(context.Background(), ev, cases, decode)
	require.NoError(t, err)
	assert.Equal(t, Ratio{Num: 2, Den: 2, Value: 1}, r.StatusAccuracy)
	assert.Equal(t, Ratio{Num: 1, Den: 1, Value: 1}, r.BlockingFailureRecall)

	cases[1].Candidate = "thirty"
	_, err = MeasureOf(context.Background(), ev, cases, decode)
	require.ErrorIs(t, err, ErrInvalidCase)
	assert.Equal(t, `quality: cases[1].candidate: decode: strconv.Atoi: parsing "thirty": invalid syntax`, err.Error())

	_, err = MeasureOf[typedCandidate](context.Background(), ev, cases, nil)
	assert.EqualError(t, err, "quality: MeasureOf: nil decode function")
}

func TestRunCasesCitesMissingEvidence(t *testing.T) {
	ev := evaluator.Func[string](func(_ context.Context, task evaluator.Task, _ string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1, Criteria: []evaluator.Criterion{
			{Name: "grounded", Passed: true, EvidenceRefs: []string{"inv-1", fmt.Sprintf("ghost-%s", task.ID)}},
		}}, nil
	})
	c := evalCase("a", ExpectedDecision{Status: evaluator.StatusPass}, "")
	c.AvailableEvidence = []evaluator.Evidence{{ID: "inv-1", Content: "x"}}
	r, err := Measure(context.Background(), ev, []Case{c}, WithRepeats(2))
	require.NoError(t, err)
	assert.Equal(t, 2, r.CitesMissingEvidence)
}

// TestRunCasesLeavesNoGoroutines checks that every worker has exited when
// Measure returns, including after a cancellation.
func TestRunCasesLeavesNoGoroutines(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	var calls atomic.Int64
	ev := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		if calls.Add(1) == 5 {
			cancel()
		}
		return qPass, nil
	})
	_, err := Measure(ctx, ev, qualityPassCases(50), WithParallelCalls(8))
	require.ErrorIs(t, err, context.Canceled)
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	assert.LessOrEqual(t, runtime.NumGoroutine(), before)
}
