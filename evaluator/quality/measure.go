package quality

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// errEvaluatorPanicked is matched (with errors.Is) by the error recorded
// for an evaluator call that panicked. The runner recovers the panic and
// counts the call as an infrastructure failure.
var errEvaluatorPanicked = errors.New("quality: evaluator panicked")

// Measure runs ev over every case and reports how far its decisions can be
// trusted (see Report for every metric and its edge cases).
//
// Each case runs WithRepeats times (default 1), at most WithParallelCalls
// calls at once (default GOMAXPROCS). Each call gets the case's
// EvaluatorTask and its Candidate, and a context carrying its own
// provider.CostMeter: cost the evaluator reports with provider.AddCost
// before it returns is the call's Cost; a negative, NaN or infinite report
// is not counted. The report lists cases in input order and calls in repeat
// order, whatever order they ran in, so it is deterministic for a deterministic
// evaluator and clock.
//
// A call that returns an error, panics, or returns a decision that fails
// Validate is an infrastructure failure: it is counted in Errors, kept in
// the case's results with its error, and left out of every quality metric
// (it is never a pass, and never a rejection either).
//
// Measure returns an error, and no report, when ev is nil, cases is empty,
// ValidateCases rejects the cases, or an option is invalid. When ctx ends
// during the run, the calls not yet started are recorded as failures that
// did not run, and Measure returns the report together with ctx.Err().
func Measure(ctx context.Context, ev evaluator.Evaluator[string], cases []Case, opts ...RunOption) (Report, error) {
	return MeasureOf(ctx, ev, cases, caseCandidateText, opts...)
}

// caseCandidateText is Measure' decoder: the candidate as it is.
func caseCandidateText(c Case) (string, error) { return c.Candidate, nil }

// MeasureOf is Measure for an evaluator of any candidate type: decode
// turns each case (usually its Candidate text, as JSON) into the candidate
// ev judges. All cases are decoded before any call is made; a decode error
// is returned as a *CaseError naming the case and field "candidate", with no
// report.
func MeasureOf[C any](ctx context.Context, ev evaluator.Evaluator[C], cases []Case, decode func(Case) (C, error), opts ...RunOption) (Report, error) {
	cfg, err := newRunConfig(opts)
	if err != nil {
		return Report{}, err
	}
	if ev == nil {
		return Report{}, errors.New("quality: Measure: nil evaluator")
	}
	if decode == nil {
		return Report{}, errors.New("quality: MeasureOf: nil decode function")
	}
	if len(cases) == 0 {
		return Report{}, caseError(-1, "", "no cases", nil)
	}
	if err := ValidateCases(cases); err != nil {
		return Report{}, err
	}
	tasks := make([]evaluator.Task, len(cases))
	candidates := make([]C, len(cases))
	for i, c := range cases {
		cand, err := decode(c)
		if err != nil {
			return Report{}, caseError(i, "candidate", "decode: "+err.Error(), err)
		}
		tasks[i], candidates[i] = c.EvaluatorTask(), cand
	}

	calls := len(cases) * cfg.repeats
	results := make([]CaseCall, calls)
	workers := min(cfg.concurrency, calls)
	var next atomic.Int64
	var wg sync.WaitGroup
	report := progressReporter(cfg.progress, calls)
	wg.Add(workers)
	for range workers {
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1) - 1)
				if k >= calls {
					return
				}
				i := k / cfg.repeats
				results[k] = callOnce(ctx, ev, tasks[i], candidates[i], cfg.now)
				results[k].Repeat = k % cfg.repeats
				report()
			}
		}()
	}
	wg.Wait()
	return buildReport(cases, tasks, results, cfg.repeats), ctx.Err()
}

// progressReporter returns the function each worker calls after a call
// ends: it counts the call and hands the count to progress, one report at a
// time. With a nil progress it does nothing.
func progressReporter(progress func(done, total int), total int) func() {
	if progress == nil {
		return func() {}
	}
	var mu sync.Mutex
	done := 0
	return func() {
		mu.Lock()
		defer mu.Unlock()
		done++
		progress(done, total)
	}
}

// callOnce makes one evaluator call and records its decision or failure,
// latency and cost. It never panics.
func callOnce[C any](ctx context.Context, ev evaluator.Evaluator[C], task evaluator.Task, cand C, now func() time.Time) CaseCall {
	if err := ctx.Err(); err != nil {
		return CaseCall{Skipped: true, Err: fmt.Errorf("quality: call not run: %w", err)}
	}
	cctx, meter := provider.WithCostMeter(ctx)
	start := now()
	d, err := safeEvaluate(cctx, ev, task, cand)
	meter.Close() // cost reported after the call returned is not counted
	r := CaseCall{Decision: d, Latency: now().Sub(start), Cost: meter.Total()}
	if err == nil {
		if verr := d.Validate(); verr != nil {
			err = fmt.Errorf("quality: invalid decision: %w", verr)
		}
	}
	if err != nil {
		r.Err = err
	}
	return r
}

// safeEvaluate calls ev, turning a panic into an error.
func safeEvaluate[C any](ctx context.Context, ev evaluator.Evaluator[C], task evaluator.Task, cand C) (d evaluator.EvaluationDecision, err error) {
	defer func() {
		if r := recover(); r != nil {
			d, err = evaluator.EvaluationDecision{}, fmt.Errorf("%w: %v", errEvaluatorPanicked, r)
		}
	}()
	return ev.Evaluate(ctx, task, cand)
}
