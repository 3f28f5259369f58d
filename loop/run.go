package loop

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// RunLoop runs the Evaluator-Optimizer loop on task: gen proposes a
// candidate, eval judges it, and while the decision asks for a revision and
// the budgets allow, rev revises it and eval judges the revision. The
// package documentation gives the decision rule and every way the loop ends.
//
// RunLoop returns a non-nil error when a role failed (after retries), panicked
// (a *PanicError), returned an invalid decision (matching
// evaluator.ErrInvalidDecision) or reported an invalid cost, when the
// caller's ctx ended before the loop did (the error wraps ctx.Err();
// RunLoop looks before every role call and as each returns, and a call
// that returns after ctx ended does not decide the loop, even with a
// pass), and when it refuses to
// start: invalid options (evaluator.ErrInvalidOption), a nil role (ErrNilRole), an
// invalid task (evaluator.ErrInvalidTask), or the self-approval guard (ErrSameModel);
// it calls no role then. The error is an *Error, whose Kind classifies it
// (ErrorPermanent for a refusal to start).
// A spent budget (revisions, time, cost, stall) and a block or escalation
// are outcomes, reported with a nil error.
//
// The Result is filled whatever happens, errors included: its Trace holds
// every role call made.
//
// Roles run one at a time on the caller's goroutine with a context derived
// from ctx (carrying the loop's timeout and its provider.CostMeter; see
// provider.AddCost).
// RunLoop starts no goroutine. It is safe to call concurrently with the same
// roles if the roles are.
//
// RunLoop is a thin driver of a Machine, which holds the loop as data; a
// durable engine drives the same Machine (see Start).
func RunLoop[C any](ctx context.Context, task evaluator.Task, gen Generator[C], eval evaluator.Evaluator[C], rev Reviser[C], opts ...Option) (Result[C], error) {
	var r runner[C]
	r.roles.Generator, r.roles.Evaluator, r.roles.Reviser = gen, eval, rev
	err := r.run(ctx, &task, opts, nil)
	return r.m.Result, err
}

// errLoopTimeout is the cause of the loop context's cancellation when the
// loop's own time budget ran out; it tells a timeout apart from the
// caller's deadline.
var errLoopTimeout = errors.New("loop: time budget spent")

// errConsumerStopped ends a loop whose Steps consumer stopped iterating.
var errConsumerStopped = errors.New("loop: the consumer stopped iterating")

// runner is the state of one RunLoop: the machine and the outcome of the
// call in flight, on RunLoop's frame, which the loop's functions reach by
// pointer. No frame between the caller and a role holds a copy of the
// machine, a call, its outcome or a step: at 10,000 concurrent loops each
// goroutine wakes after every role call with its memory out of the cache,
// so every line and every stack page the loop touches costs (see
// BenchmarkConcurrentLoops10k and the README's loop performance notes).
type runner[C any] struct {
	m     Machine[C]
	roles Roles[C]
	res   CallResult[C]
	obs   observers[C] // off without hooks and logger
}

// run runs the loop, leaving its Result in r.m.Result, with an optional
// yield, called after the hooks for every step; a false return stops the
// loop at once (Steps uses it).
func (r *runner[C]) run(ctx context.Context, task *evaluator.Task, opts []Option, yield func(Step[C]) bool) error {
	// One reading of the clock per role call: the time a call returned is
	// also when the next one starts, unless hooks ran in between.
	now := time.Now()
	if err := r.start(ctx, now, task, opts); err != nil {
		r.ended(ctx, task, err)
		return err
	}
	m := &r.m
	lctx, meter, cancel := callContext(ctx, m.Deadline)
	defer meter.Close()
	defer cancel()
	for {
		if ctx.Err() != nil {
			r.cancel(ctx, now)
		}
		switch kind, until := m.begin(now); kind {
		case CallDone:
			err := m.finish(now)
			r.ended(ctx, task, err)
			return err
		case CallWait:
			wait(lctx, until)
			now = time.Now()
			continue
		}
		r.res = CallResult[C]{}
		if !r.obs.on {
			r.roles.invoke(lctx, meter, task, m.Phase, &m.Input, &m.Previous, &m.Result.Decision, &r.res)
		} else {
			r.hooked(lctx, meter, task)
		}
		now = time.Now()
		if ctx.Err() != nil {
			// The caller's cancellation comes before the loop's timeout,
			// the retry rules and the call's own outcome (see
			// Machine.Cancel).
			r.cancel(ctx, now)
		}
		i := m.record(now, &r.res)
		if !r.obs.on && yield == nil {
			continue
		}
		if !r.notify(ctx, i, yield) {
			return errConsumerStopped
		}
		now = time.Now()
	}
}

// cancel cancels the loop with the caller's ctx.Err() and its cause.
//
//go:noinline
func (r *runner[C]) cancel(ctx context.Context, now time.Time) {
	// Out of line, as notify, hooked and wait: rare, and each would widen
	// run's frame, which every role call sits on.
	r.m.Cancel(now, canceledCause(ctx))
}

// hooked makes the pending role call with the BeforeCall hooks run first.
//
//go:noinline
func (r *runner[C]) hooked(ctx context.Context, meter *provider.CostMeter, task *evaluator.Task) {
	m := &r.m
	call := m.call()
	hctx, err := r.obs.before(ctx, meter, &call)
	if err != nil {
		r.res.Err = newError(ErrorPermanent, err)
		return
	}
	r.roles.invoke(hctx, meter, task, m.Phase, &m.Input, &m.Previous, &m.Result.Decision, &r.res)
}

// notify hands step i to the AfterCall hooks, the logger and yield, and
// reports whether to go on.
//
//go:noinline
func (r *runner[C]) notify(ctx context.Context, i int, yield func(Step[C]) bool) bool {
	step := &r.m.Result.Trace[i]
	if r.obs.on {
		r.obs.after(step)
		if r.obs.log != nil {
			logStep(ctx, r.obs.log, &r.m, step)
		}
	}
	return yield == nil || yield(*step)
}

// ended logs the outcome, when the loop has a logger.
func (r *runner[C]) ended(ctx context.Context, task *evaluator.Task, err error) {
	if r.obs.log != nil {
		logOutcome(ctx, r.obs.log, task.ID, &r.m.Result, err)
	}
}

// start applies the options, checks the roles and starts the machine;
// on an error the machine holds the failed Result. It is apart from run
// so that its frame is gone before the first role call; it works on a
// pooled config by pointer, so that no frame holds a copy of one.
func (r *runner[C]) start(ctx context.Context, now time.Time, task *evaluator.Task, opts []Option) error {
	cfg := pooledConfig(opts)
	defer cfg.release()
	obs, check, ref := functions[C](cfg)
	r.obs = obs
	if len(cfg.errs) > 0 {
		r.m.Result.Outcome, r.m.Result.StopReason, r.m.Result.CandidateStep = OutcomeFailed, evaluator.StopError, -1
		r.m.Result.Decision.StopReason, r.m.Result.Trace = evaluator.StopError, []Step[C]{}
		return newError(ErrorPermanent, errors.Join(cfg.errs...))
	}
	gen, eval, rev := r.roles.Generator, r.roles.Evaluator, r.roles.Reviser
	errs := checkRoles(ctx, gen, eval, rev)
	if len(errs) == 0 {
		// The guard sees what the roles report, then what the options declare.
		cfg.GeneratorModels = append(evaluator.ModelsOf(gen), cfg.GeneratorModels...)
		cfg.ReviserModels = append(evaluator.ModelsOf(rev), cfg.ReviserModels...)
		cfg.EvaluatorModels = append(evaluator.ModelsOf(eval), cfg.EvaluatorModels...)
	}
	if err := r.m.init(now, &cfg.Config, task, errs); err != nil {
		return err
	}
	r.m.ref, r.roles.RevisionCheck = ref, check
	return nil
}

// wait sleeps until until, or until ctx ends. It uses a timer, not a
// goroutine.
//
//go:noinline
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

// sameFamily reports whether a model of the evaluator is of the same
// family (evaluator.SameFamily) as a model of a role.
func sameFamily(evalModels, roleModels []string) bool {
	for _, e := range evalModels {
		for _, r := range roleModels {
			if evaluator.SameFamily(e, r) {
				return true
			}
		}
	}
	return false
}

// checkModels is the self-approval guard for one role: it fails when a
// model of the evaluator is of the same family (evaluator.SameFamily) as a
// model of the role.
func checkModels(evalModels, roleModels []string, name string) error {
	for _, e := range evalModels {
		for _, r := range roleModels {
			if evaluator.SameFamily(e, r) {
				return fmt.Errorf("%w: the %s reports model %s and the evaluator model %s, the same family %s (pass AllowSameModel to allow it)",
					ErrSameModel, name, strictjson.Quote(strings.TrimSpace(r)), strictjson.Quote(strings.TrimSpace(e)), strictjson.Quote(evaluator.ModelFamily(e)))
			}
		}
	}
	return nil
}

// canceledCause is what Machine.Cancel wraps for the caller's ctx.Err():
// nil while ctx is live, else the error, and its cause when it has one of
// its own.
func canceledCause(ctx context.Context) error {
	err := ctx.Err()
	if err == nil {
		return nil
	}
	if cause := context.Cause(ctx); cause != nil && cause != err {
		return fmt.Errorf("%w (cause: %w)", err, strictjson.Bound(cause))
	}
	return err
}
