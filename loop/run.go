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
// caller's ctx ended (the error wraps ctx.Err()), and when it refuses to
// start: invalid options (ErrInvalidOption), a nil role (ErrNilRole), an
// invalid task (ErrInvalidTask), or the self-approval guard (ErrSameModel);
// it calls no role then. A spent budget (revisions, time, cost, stall) and
// a block or escalation are outcomes, reported with a nil error.
//
// The Result is filled whatever happens, errors included: its Trace holds
// every role call made.
//
// Roles run one at a time on the caller's goroutine with a context derived
// from ctx (carrying the loop's timeout and its evaluator.CostMeter; see
// AddCost).
// RunLoop starts no goroutine. It is safe to call concurrently with the same
// roles if the roles are.
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
	if err == nil {
		err = checkStart(ctx, task, gen, eval, rev, cfg)
	}
	if err != nil {
		return Result[C]{
			Outcome:       OutcomeFailed,
			StopReason:    evaluator.StopError,
			CandidateStep: -1,
			Decision:      evaluator.EvaluationDecision{StopReason: evaluator.StopError},
			Trace:         []Step[C]{},
		}, err
	}

	lctx, meter := evaluator.WithCostMeter(ctx)
	defer meter.Close()
	if cfg.timeout > 0 {
		var cancel context.CancelFunc
		lctx, cancel = context.WithTimeoutCause(lctx, cfg.timeout, errLoopTimeout)
		defer cancel()
	}
	steps := 2*cfg.maxRevisions + 2 // generate, then evaluate+revise pairs, then the last evaluate
	if cfg.attempts > 1 || steps > 64 || steps < 0 {
		steps = 8
	}
	r := runner[C]{
		parent: ctx, ctx: lctx, task: task,
		gen: gen, eval: eval, rev: rev,
		cfg: cfg, observers: observers, yield: yield, meter: meter,
		res:   Result[C]{CandidateStep: -1, Trace: make([]Step[C], 0, steps)},
		state: State{MaxRevisions: cfg.maxRevisions, StallLimit: cfg.stallLimit},
	}
	return r.run()
}

// checkStart returns why the loop must not start, or nil.
func checkStart[C any](ctx context.Context, task evaluator.Task, gen Generator[C], eval evaluator.Evaluator[C], rev Reviser[C], cfg config) error {
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
	if !evidenceIDsOK(task.Evidence) {
		if err := task.Validate(); err != nil {
			errs = append(errs, fmt.Errorf("%w: %w", ErrInvalidTask, err))
		}
	}
	if len(errs) == 0 && !cfg.allowSameModel {
		evalModels := append(evaluator.ModelsOf(eval), cfg.evaluatorModels...)
		if err := checkModels(evalModels, append(evaluator.ModelsOf(gen), cfg.generatorModels...), "generator"); err != nil {
			errs = append(errs, err)
		}
		if err := checkModels(evalModels, append(evaluator.ModelsOf(rev), cfg.reviserModels...), "reviser"); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
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

// runner holds the state of one loop. It lives on RunLoop's stack frame and
// is never shared, which is why concurrent loops need no locking.
type runner[C any] struct {
	parent    context.Context // the caller's context
	ctx       context.Context // the loop's: parent + timeout + cost meter
	task      evaluator.Task
	gen       Generator[C]
	eval      evaluator.Evaluator[C]
	rev       Reviser[C]
	cfg       config
	observers []func(Step[C])
	yield     func(Step[C]) bool
	meter     *evaluator.CostMeter
	res       Result[C]
	state     State
	last      evaluator.EvaluationDecision // the last decision the controller acted on
}

// ending says how the loop ends; done is false while it goes on.
type ending struct {
	done    bool
	outcome Outcome
	reason  evaluator.StopReason
	err     error
}

func (r *runner[C]) run() (Result[C], error) {
	var zero C
	var prev C // the candidate cand revised, when revised
	revised := false
	cand, _, _, end := r.call(RoleGenerate, zero, nil, r.generate)
	for !end.done {
		var d evaluator.EvaluationDecision
		var idx int
		_, d, idx, end = r.call(RoleEvaluate, cand, nil, func(ctx context.Context) (C, evaluator.EvaluationDecision, error) {
			d, err := r.eval.Evaluate(ctx, r.task, cand)
			return cand, d, err
		})
		if end.done {
			break
		}
		if d, end = r.checkRevision(prev, revised, cand, d); end.done {
			break
		}
		next := Decide(r.state, r.task, d)
		r.state, r.last = next.State, next.Decision
		if next.Best || next.Action == ActionAccept {
			r.res.Candidate, r.res.CandidateStep = cand, idx
		}
		if next.Action != ActionRevise {
			end = ending{done: true, outcome: next.Outcome, reason: next.StopReason}
			break
		}
		in := cand
		prev, revised = in, true
		cand, _, _, end = r.call(RoleRevise, in, d.RevisionInstructions, func(ctx context.Context) (C, evaluator.EvaluationDecision, error) {
			c, err := r.rev.Revise(ctx, r.task, in, d)
			return c, evaluator.EvaluationDecision{}, err
		})
		if !end.done {
			r.state.Revisions++
			r.res.Revisions++
		}
	}
	r.res.Outcome, r.res.StopReason = end.outcome, end.reason
	r.res.Decision = r.last
	r.res.Decision.StopReason = end.reason
	return r.res, end.err
}

func (r *runner[C]) generate(ctx context.Context) (C, evaluator.EvaluationDecision, error) {
	c, err := r.gen.Generate(ctx, r.task)
	return c, evaluator.EvaluationDecision{}, err
}

// call makes one role call, with retries, and records a Step per attempt.
// in is the candidate an evaluate step judges; instr the instructions a
// revise step receives. It returns what the role returned and the index of
// the successful step, or an ending.
func (r *runner[C]) call(role Role, in C, instr []string, fn func(context.Context) (C, evaluator.EvaluationDecision, error)) (C, evaluator.EvaluationDecision, int, ending) {
	var zero C
	wait := r.cfg.backoff
	for attempt := 1; ; attempt++ {
		if end := r.spent(); end.done {
			return zero, evaluator.EvaluationDecision{}, -1, end
		}
		start := time.Now()
		out, d, err, fatal := invoke(r.ctx, role, fn)
		dur := time.Since(start)
		cost, costErr := r.meter.Take()
		if role == RoleEvaluate {
			if err == nil {
				// The controller acts on this decision even if it is
				// invalid: Result.Decision reports it with StopError.
				r.last = d
				if verr := d.Validate(); verr != nil {
					err, fatal = fmt.Errorf("evaluator returned an invalid decision: %w", verr), true
				}
			}
			out = in
		}
		if costErr != nil {
			err, fatal = errors.Join(err, costErr), true
		}
		step := Step[C]{
			Index: len(r.res.Trace), Role: role, Attempt: attempt,
			Candidate: out, Decision: d, Instructions: instr,
			Start: start, Duration: dur, Cost: cost,
		}
		if err != nil {
			step.Err = err.Error()
		}
		r.res.Cost += cost
		r.res.CostByRole.add(role, cost)
		r.res.Trace = append(r.res.Trace, step)
		if !r.emit(step) {
			return zero, evaluator.EvaluationDecision{}, -1, ending{done: true, outcome: OutcomeFailed, reason: evaluator.StopCanceled, err: errConsumerStopped}
		}
		if err == nil {
			return out, d, step.Index, ending{}
		}
		failed := ending{done: true, outcome: OutcomeFailed, reason: evaluator.StopError,
			err: fmt.Errorf("loop: step %d (%s): %w", step.Index, role, err)}
		if fatal {
			return zero, evaluator.EvaluationDecision{}, -1, failed
		}
		if end := r.ctxEnded(); end.done {
			return zero, evaluator.EvaluationDecision{}, -1, end
		}
		if attempt >= r.cfg.attempts || !retryable(err) {
			return zero, evaluator.EvaluationDecision{}, -1, failed
		}
		if end := r.sleep(wait); end.done {
			return zero, evaluator.EvaluationDecision{}, -1, end
		}
		wait = doubled(wait)
	}
}

// invoke calls fn, turning a panic into a *PanicError (fatal: never retried).
func invoke[C any](ctx context.Context, role Role, fn func(context.Context) (C, evaluator.EvaluationDecision, error)) (out C, d evaluator.EvaluationDecision, err error, fatal bool) {
	defer func() {
		if v := recover(); v != nil {
			err, fatal = &PanicError{Role: role, Value: v, Stack: stack()}, true
		}
	}()
	out, d, err = fn(ctx)
	return out, d, err, false
}

// emit hands a step to the observers, then to Steps' consumer.
func (r *runner[C]) emit(s Step[C]) bool {
	for _, o := range r.observers {
		o(s)
	}
	if r.yield != nil {
		return r.yield(s)
	}
	return true
}

// spent reports whether the loop must stop before the next role call: the
// caller's context ended, the time budget ran out, or the cost budget is
// reached or exceeded.
func (r *runner[C]) spent() ending {
	if end := r.ctxEnded(); end.done {
		return end
	}
	if r.cfg.maxCost > 0 && r.res.Cost >= r.cfg.maxCost {
		return ending{done: true, outcome: OutcomeFailed, reason: evaluator.StopCostBudget}
	}
	return ending{}
}

// ctxEnded tells the caller's cancellation (StopCanceled, an error wrapping
// ctx.Err()) apart from the loop's own timeout (StopTimeout, no error). The
// caller's context is checked first: its cancellation reaches the loop's
// context an instant later.
func (r *runner[C]) ctxEnded() ending {
	if err := r.parent.Err(); err != nil {
		return ending{done: true, outcome: OutcomeFailed, reason: evaluator.StopCanceled, err: canceledErr(r.parent, err)}
	}
	if r.ctx.Err() == nil {
		return ending{}
	}
	if context.Cause(r.ctx) == errLoopTimeout {
		return ending{done: true, outcome: OutcomeFailed, reason: evaluator.StopTimeout}
	}
	// The caller's context ended between the two checks.
	return ending{done: true, outcome: OutcomeFailed, reason: evaluator.StopCanceled, err: canceledErr(r.parent, r.parent.Err())}
}

// canceledErr wraps the caller's ctx.Err(), and its cause when it has one
// of its own.
func canceledErr(ctx context.Context, err error) error {
	if cause := context.Cause(ctx); cause != nil && cause != err {
		return fmt.Errorf("loop: canceled by the caller: %w (cause: %w)", err, cause)
	}
	return fmt.Errorf("loop: canceled by the caller: %w", err)
}
