package loop

import (
	"context"
	"fmt"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// Roles are the roles of one loop, for a driver that makes the calls a
// Machine asks for. RevisionCheck is needed only when Config.RevisionCheck
// is set.
type Roles[C any] struct {
	// Generator makes the first candidate (RoleGenerate).
	Generator Generator[C]
	// Evaluator judges each candidate (RoleEvaluate).
	Evaluator evaluator.Evaluator[C]
	// Reviser revises a candidate (RoleRevise).
	Reviser Reviser[C]
	// RevisionCheck compares a revision with what it revised
	// (RoleRevisionCheck); nil when Config.RevisionCheck is off.
	RevisionCheck RevisionCheck[C]
	// Hooks run around every call Invoke makes (see Hooks); the zero
	// value runs none. A driver passes here what a RunLoop caller passes
	// to WithHooks.
	Hooks Hooks[C]
}

// Invoke makes the role call c describes (a Call of kind CallRole) the way
// RunLoop does, and returns its outcome for Machine.Record: the role runs
// under a context derived from ctx that carries a fresh cost meter (so
// provider.AddCost and provider.AddUsage count toward the call) and, when
// c has one, the loop's deadline; a panic is recovered into a *PanicError;
// the error is classified (ErrorPanic, ErrorTimeout when the loop's
// deadline ended the call, ErrorCanceled when ctx did, then ErrorPermanent
// or ErrorRetryable by provider.Classify); an invalid cost report is kept
// in CostErr. A nil role, or a call of another kind, gives an
// ErrorPermanent error matching ErrNilRole. Invoke does not validate a
// decision: Record does.
//
// r.Hooks run around the call: BeforeCall with c (its TaskID set from
// task when empty), AfterCall with the Step Record will append for this
// outcome, timed by the clock of the process that makes the call, and
// with the candidate itself even when the loop keeps references
// (Config.CandidateRefs).
func (r Roles[C]) Invoke(ctx context.Context, task evaluator.Task, c Call[C]) CallResult[C] {
	ctx, meter, cancel := callContext(ctx, c.Deadline)
	defer meter.Close()
	defer cancel()
	var res CallResult[C]
	if c.Kind != CallRole {
		err := provider.Permanent(fmt.Errorf("%w: a %q call is not a role call", ErrNilRole, c.Kind))
		res.Err = newError(classify(ctx, err), err)
		return res
	}
	if r.Hooks.BeforeCall == nil && r.Hooks.AfterCall == nil {
		r.invoke(ctx, meter, &task, c.Role, &c.Candidate, &c.Previous, &c.Decision, &res)
		return res
	}
	if c.TaskID == "" {
		c.TaskID = task.ID
	}
	start := time.Now()
	hctx, err := r.Hooks.before(ctx, meter, &c, 0)
	if err != nil {
		res.Err = newError(ErrorPermanent, err)
	} else {
		r.invoke(hctx, meter, &task, c.Role, &c.Candidate, &c.Previous, &c.Decision, &res)
	}
	if r.Hooks.AfterCall != nil {
		var step Step[C]
		serr := fillStep(&step, c.Step, c.Role, c.Attempt, &c.Candidate, c.Decision.RevisionInstructions, start, time.Now(), &res)
		if res.CostErr != nil {
			serr = joinCost(serr, res.CostErr)
		}
		if serr != nil {
			step.Err, step.ErrKind = serr.Message, serr.Kind
		}
		r.Hooks.AfterCall(hctx, step)
	}
	return res
}

// callContext derives the context role calls run under: a fresh cost meter
// (so that provider.AddCost counts toward them) and, unless deadline is zero, the
// loop's deadline, whose cause errLoopTimeout tells it from the caller's.
// The caller closes the meter and calls cancel when the calls are done.
func callContext(ctx context.Context, deadline time.Time) (context.Context, *provider.CostMeter, context.CancelFunc) {
	ctx, meter := provider.WithCostMeter(ctx)
	if deadline.IsZero() {
		return ctx, meter, func() {}
	}
	ctx, cancel := context.WithDeadlineCause(ctx, deadline, errLoopTimeout)
	return ctx, meter, cancel
}

// invoke calls role with the meter and the deadline already on ctx
// (RunLoop keeps one meter for the whole loop and takes it after each
// call), writing the outcome into res, which must be the zero CallResult.
// A role call takes the candidate (or the revision, for a revision
// check), the candidate it revised (revision check) and the decision
// asking for the revision (revise). Everything comes by pointer, so that
// RunLoop hands over its machine's own fields instead of building a Call,
// and the frames under a role call stay small (see runner).
func (r *Roles[C]) invoke(ctx context.Context, meter *provider.CostMeter, task *evaluator.Task, role Role, cand, prev *C, d *evaluator.EvaluationDecision, res *CallResult[C]) {
	err, panicked := r.dispatch(ctx, task, role, cand, prev, d, res)
	cost, usage, costErr := meter.Take()
	res.Cost, res.Usage = cost, usage
	if err != nil {
		kind := ErrorPanic
		if !panicked {
			kind = classify(ctx, err)
		}
		res.Err = newError(kind, err)
	}
	if costErr != nil {
		res.CostErr = newError(ErrorInvalidCost, costErr)
	}
}

// dispatch calls the role, writing what it returns into res and turning a
// panic into a *PanicError.
func (r *Roles[C]) dispatch(ctx context.Context, task *evaluator.Task, role Role, cand, prev *C, d *evaluator.EvaluationDecision, res *CallResult[C]) (err error, panicked bool) {
	defer func() {
		if v := recover(); v != nil {
			err, panicked = &PanicError{Role: role, Value: v, Stack: stack()}, true
		}
	}()
	// One function per role: each call's arguments and results take their
	// own stack space, which would otherwise add up in this frame.
	switch {
	case role == RoleGenerate && r.Generator != nil:
		err = r.generate(ctx, task, res)
	case role == RoleEvaluate && r.Evaluator != nil:
		err = r.evaluate(ctx, task, cand, res)
	case role == RoleRevise && r.Reviser != nil:
		err = r.revise(ctx, task, cand, d, res)
	case role == RoleRevisionCheck && r.RevisionCheck != nil:
		err = r.check(ctx, task, prev, cand, res)
	default:
		err = provider.Permanent(fmt.Errorf("%w: %s", ErrNilRole, role))
	}
	return err, false
}

// generate, evaluate, revise and check make one role's call.
//
//go:noinline
func (r *Roles[C]) generate(ctx context.Context, task *evaluator.Task, res *CallResult[C]) (err error) {
	res.Candidate, err = r.Generator.Generate(ctx, *task)
	return err
}

//go:noinline
func (r *Roles[C]) evaluate(ctx context.Context, task *evaluator.Task, cand *C, res *CallResult[C]) (err error) {
	res.Decision, err = r.Evaluator.Evaluate(ctx, *task, *cand)
	return err
}

//go:noinline
func (r *Roles[C]) revise(ctx context.Context, task *evaluator.Task, cand *C, d *evaluator.EvaluationDecision, res *CallResult[C]) (err error) {
	res.Candidate, err = r.Reviser.Revise(ctx, *task, *cand, *d)
	return err
}

//go:noinline
func (r *Roles[C]) check(ctx context.Context, task *evaluator.Task, prev, cand *C, res *CallResult[C]) (err error) {
	res.Decision, err = r.RevisionCheck(ctx, *task, *prev, *cand)
	return err
}
