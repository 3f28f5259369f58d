package loop

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/evalopt/evalopt/evaluator"
)

// RunLoop runs the Evaluator-Optimizer loop on task: gen proposes a
// candidate, eval judges it, and while the decision asks for a revision and
// the budgets allow, rev revises it and eval judges the revision. Decide
// holds the rules; the package documentation lists every way the loop ends.
//
// RunLoop returns a non-nil error when a role failed (after retries), panicked
// (a *PanicError), returned an invalid decision (matching
// evaluator.ErrInvalidDecision) or reported an invalid cost, when the
// caller's ctx ended before the loop did (the error wraps ctx.Err();
// RunLoop looks before every role call and as each returns, and a call
// that returns after ctx ended does not decide the loop, even with a
// pass), and when it refuses to
// start: invalid options (evaluator.ErrInvalidOption), a nil role (ErrNilRole), an
// invalid task (ErrInvalidTask), or the self-approval guard (ErrSameModel);
// it calls no role then. The error is an *Error, whose Kind classifies it
// (ErrorPermanent for a refusal to start).
// A spent budget (revisions, time, cost, stall) and a block or escalation
// are outcomes, reported with a nil error.
//
// The Result is filled whatever happens, errors included: its Trace holds
// every role call made.
//
// Roles run one at a time on the caller's goroutine with a context derived
// from ctx (carrying the loop's timeout and its evaluator.CostMeter; see
// evaluator.AddCost).
// RunLoop starts no goroutine. It is safe to call concurrently with the same
// roles if the roles are.
//
// RunLoop is a thin driver of a Machine, which holds the loop as data; a
// durable engine drives the same Machine (see Start).
func RunLoop[C any](ctx context.Context, task evaluator.Task, gen Generator[C], eval evaluator.Evaluator[C], rev Reviser[C], opts ...Option) (Result[C], error) {
	return run(ctx, task, gen, eval, rev, opts, nil)
}

// errLoopTimeout is the cause of the loop context's cancellation when the
// loop's own time budget ran out; it tells a timeout apart from the
// caller's deadline.
var errLoopTimeout = errors.New("loop: time budget spent")

// errConsumerStopped ends a loop whose Steps consumer stopped iterating.
var errConsumerStopped = errors.New("loop: the consumer stopped iterating")

// run is RunLoop with an optional yield, called after the observers for
// every step; a false return stops the loop at once (Steps uses it).
func run[C any](ctx context.Context, task evaluator.Task, gen Generator[C], eval evaluator.Evaluator[C], rev Reviser[C], opts []Option, yield func(Step[C]) bool) (Result[C], error) {
	cfg, observers, err := resolve[C](opts)
	if err != nil {
		return Result[C]{
			Outcome:       OutcomeFailed,
			StopReason:    evaluator.StopError,
			CandidateStep: -1,
			Decision:      evaluator.EvaluationDecision{StopReason: evaluator.StopError},
			Trace:         []Step[C]{},
		}, newError(ErrorPermanent, err)
	}
	errs := checkRoles(ctx, gen, eval, rev)
	if len(errs) == 0 {
		// The guard sees what the roles report, then what the options declare.
		cfg.GeneratorModels = append(evaluator.ModelsOf(gen), cfg.GeneratorModels...)
		cfg.ReviserModels = append(evaluator.ModelsOf(rev), cfg.ReviserModels...)
		cfg.EvaluatorModels = append(evaluator.ModelsOf(eval), cfg.EvaluatorModels...)
	}
	// One reading of the clock per role call: the time a call returned is
	// also when the next one starts, unless observers ran in between.
	now := time.Now()
	m, err := start[C](now, cfg.Config, task, errs)
	if err != nil {
		return m.Result, err
	}
	if ref, ok := cfg.candidateRef.(func(C) string); ok {
		m.ref = ref
	}
	roles := Roles[C]{Generator: gen, Evaluator: eval, Reviser: rev}
	if check, ok := cfg.revisionCheck.(RevisionCheck[C]); ok {
		roles.RevisionCheck = check
	}

	lctx, meter, cancel := callContext(ctx, m.Deadline)
	defer meter.Close()
	defer cancel()
	for {
		if err := ctx.Err(); err != nil {
			m.Cancel(now, canceledCause(ctx, err))
		}
		call := m.Next(now)
		switch call.Kind {
		case CallDone:
			return m.Finish(now)
		case CallWait:
			wait(lctx, call.Until)
			now = time.Now()
			continue
		}
		res := roles.invoke(lctx, meter, task, call)
		now = time.Now()
		if err := ctx.Err(); err != nil {
			// The caller's cancellation comes before the loop's timeout,
			// the retry rules and the call's own outcome (see
			// Machine.Cancel).
			m.Cancel(now, canceledCause(ctx, err))
		}
		step := m.Record(now, res)
		if len(observers) == 0 && yield == nil {
			continue
		}
		for _, o := range observers {
			o(step)
		}
		if yield != nil && !yield(step) {
			return m.Result, errConsumerStopped
		}
		now = time.Now()
	}
}

// wait sleeps until until, or until ctx ends. It uses a timer, not a
// goroutine.
func wait(ctx context.Context, until time.Time) {
	if d := time.Until(until); d > 0 {
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
		}
	}
}

// checkRoles returns the errors of a nil context and of nil roles.
func checkRoles[C any](ctx context.Context, gen Generator[C], eval evaluator.Evaluator[C], rev Reviser[C]) []error {
	var errs []error
	if ctx == nil {
		errs = append(errs, errors.New("loop: nil context"))
	}
	if f, ok := gen.(GeneratorFunc[C]); gen == nil || ok && f == nil {
		errs = append(errs, fmt.Errorf("%w: generator", ErrNilRole))
	}
	if f, ok := eval.(evaluator.Func[C]); eval == nil || ok && f == nil {
		errs = append(errs, fmt.Errorf("%w: evaluator", ErrNilRole))
	}
	if f, ok := rev.(ReviserFunc[C]); rev == nil || ok && f == nil {
		errs = append(errs, fmt.Errorf("%w: reviser", ErrNilRole))
	}
	return errs
}

// evidenceIDsOK reports whether every evidence ID is non-blank and unique:
// the check Task.Validate makes, without its allocations, so that the
// common valid task costs nothing. When it says no, Validate names the fault.
func evidenceIDsOK(ev []evaluator.Evidence) bool {
	if len(ev) > 32 {
		return false // let Validate check large sets with its map
	}
	for i, e := range ev {
		if strings.TrimSpace(e.ID) == "" {
			return false
		}
		for _, prev := range ev[:i] {
			if prev.ID == e.ID {
				return false
			}
		}
	}
	return true
}

// checkModels is the self-approval guard for one role: it fails when a
// model of the evaluator is of the same family (evaluator.SameFamily) as a
// model of the role.
func checkModels(evalModels, roleModels []string, name string) error {
	for _, e := range evalModels {
		for _, r := range roleModels {
			if evaluator.SameFamily(e, r) {
				return fmt.Errorf("%w: the %s reports model %q and the evaluator model %q, the same family %q (pass AllowSameModel to allow it)",
					ErrSameModel, name, strings.TrimSpace(r), strings.TrimSpace(e), evaluator.ModelFamily(e))
			}
		}
	}
	return nil
}

// canceledCause is what Machine.Cancel wraps for the caller's ctx.Err():
// the error, and its cause when it has one of its own.
func canceledCause(ctx context.Context, err error) error {
	if cause := context.Cause(ctx); cause != nil && cause != err {
		return fmt.Errorf("%w (cause: %w)", err, cause)
	}
	return err
}
