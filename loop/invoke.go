package loop

import (
	"context"
	"fmt"
	"time"

	"github.com/evalopt/evalopt/evaluator"
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
}

// Invoke makes the role call c describes (a Call of kind CallRole) the way
// RunLoop does, and returns its outcome for Machine.Record: the role runs
// under a context derived from ctx that carries a fresh cost meter (so
// evaluator.AddCost counts toward the call) and, when c has one, the loop's deadline;
// a panic is recovered into a *PanicError; the error is classified
// (ErrorPanic, ErrorTimeout when the loop's deadline ended the call,
// ErrorCanceled when ctx did, then ErrorPermanent or ErrorRetryable by
// evaluator.Classify); an invalid cost report is kept in CostErr. A nil
// role, or a call of another kind, gives an ErrorPermanent error matching
// ErrNilRole. Invoke does not validate a decision: Record does.
func (r Roles[C]) Invoke(ctx context.Context, task evaluator.Task, c Call[C]) CallResult[C] {
	ctx, meter, cancel := callContext(ctx, c.Deadline)
	defer meter.Close()
	defer cancel()
	return r.invoke(ctx, meter, task, c)
}

// callContext derives the context role calls run under: a fresh cost meter
// (so that evaluator.AddCost counts toward them) and, unless deadline is zero, the
// loop's deadline, whose cause errLoopTimeout tells it from the caller's.
// The caller closes the meter and calls cancel when the calls are done.
func callContext(ctx context.Context, deadline time.Time) (context.Context, *evaluator.CostMeter, context.CancelFunc) {
	ctx, meter := evaluator.WithCostMeter(ctx)
	if deadline.IsZero() {
		return ctx, meter, func() {}
	}
	ctx, cancel := context.WithDeadlineCause(ctx, deadline, errLoopTimeout)
	return ctx, meter, cancel
}

// invoke is Invoke with the meter and the deadline already on ctx (RunLoop
// keeps one meter for the whole loop and takes it after each call).
func (r Roles[C]) invoke(ctx context.Context, meter *evaluator.CostMeter, task evaluator.Task, c Call[C]) CallResult[C] {
	var res CallResult[C]
	var err error
	var panicked bool
	res.Candidate, res.Decision, err, panicked = r.dispatch(ctx, task, &c)
	cost, costErr := meter.Take()
	res.Cost = cost
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
	return res
}

// dispatch calls the role, turning a panic into a *PanicError.
func (r Roles[C]) dispatch(ctx context.Context, task evaluator.Task, c *Call[C]) (out C, d evaluator.EvaluationDecision, err error, panicked bool) {
	defer func() {
		if v := recover(); v != nil {
			err, panicked = &PanicError{Role: c.Role, Value: v, Stack: stack()}, true
		}
	}()
	switch {
	case c.Kind != CallRole:
		err = evaluator.Permanent(fmt.Errorf("%w: a %q call is not a role call", ErrNilRole, c.Kind))
	case c.Role == RoleGenerate && r.Generator != nil:
		out, err = r.Generator.Generate(ctx, task)
	case c.Role == RoleEvaluate && r.Evaluator != nil:
		d, err = r.Evaluator.Evaluate(ctx, task, c.Candidate)
	case c.Role == RoleRevise && r.Reviser != nil:
		out, err = r.Reviser.Revise(ctx, task, c.Candidate, c.Decision)
	case c.Role == RoleRevisionCheck && r.RevisionCheck != nil:
		d, err = r.RevisionCheck(ctx, task, c.Previous, c.Candidate)
	default:
		err = evaluator.Permanent(fmt.Errorf("%w: %s", ErrNilRole, c.Role))
	}
	return out, d, err, false
}
