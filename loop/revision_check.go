package loop

import (
	"context"
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
)

// RevisionCheck compares a revision (next) with the candidate it revised
// (previous) and returns a decision on the revision: a block for a change
// the evidence does not support, a revise for a dropped element, a pass when
// nothing is wrong. Its criteria should say what changed, since the trace
// keeps them. It returns an error only for infrastructure failures.
// checks.RevisionGuard provides one built on the deterministic checks.
type RevisionCheck[C any] func(ctx context.Context, task evaluator.Task, previous, next C) (evaluator.EvaluationDecision, error)

// RoleRevisionCheck marks the trace step of a RevisionCheck call (see
// WithRevisionCheck). Its Candidate is the revision, its Decision the
// check's own decision.
const RoleRevisionCheck Role = "revision_check"

// WithRevisionCheck runs check after every evaluation of a revision, on the
// revision and the candidate it revised: only the loop sees both. The call
// is a step of its own (RoleRevisionCheck) with the check's decision, and
// that decision joins the evaluator's decision on the revision before the
// controller acts on it:
//   - the stricter status wins (block > escalate > revise > pass);
//   - the lower score wins;
//   - criteria, blocking failures and revision instructions are appended
//     (exact duplicates dropped);
//   - the check's stop reason replaces the evaluator's when the check made
//     the status stricter.
//
// The first candidate is never checked: there is nothing to compare it with.
// Cost the check reports with AddCost counts as evaluation cost
// (RoleCosts.Evaluate). The check is a role call like the others: when the
// time or cost budget runs out before it, the loop stops for that reason and
// the unchecked revision is not accepted.
// A check that errors or panics, or returns a decision that fails Validate,
// ends the loop like a failed evaluator (StopError); the Result's Decision is
// then the evaluator's with its status raised to at least escalate, since an
// unchecked revision is never reported as a pass. C must be the loop's
// candidate type; a mismatch or a nil check makes RunLoop return an error
// matching ErrInvalidOption. Default: no revision check.
func WithRevisionCheck[C any](check RevisionCheck[C]) Option {
	return func(c *config) {
		if check == nil {
			c.invalid("WithRevisionCheck: nil check")
			return
		}
		c.revisionCheck = check
	}
}

// checkRevisionType reports a revision check of the wrong candidate type.
func checkRevisionType[C any](cfg *config) {
	if cfg.revisionCheck == nil {
		return
	}
	if _, ok := cfg.revisionCheck.(RevisionCheck[C]); !ok {
		var want RevisionCheck[C]
		cfg.invalid("WithRevisionCheck: check is a %T, the loop needs a %T", cfg.revisionCheck, want)
	}
}

// checkRevision runs the revision check on cand, which revised p, and
// returns d joined with the check's decision. Without a check, or for the
// first candidate (revised false), it returns d unchanged.
func (r *runner[C]) checkRevision(p C, revised bool, cand C, d evaluator.EvaluationDecision) (evaluator.EvaluationDecision, ending) {
	if r.cfg.revisionCheck == nil || !revised {
		return d, ending{}
	}
	check := r.cfg.revisionCheck.(RevisionCheck[C]) // resolve checked the type
	_, g, _, end := r.call(RoleRevisionCheck, cand, nil, func(ctx context.Context) (C, evaluator.EvaluationDecision, error) {
		g, err := check(ctx, r.task, p, cand)
		if err == nil {
			if verr := g.Validate(); verr != nil {
				err = fmt.Errorf("revision check returned an invalid decision: %w", verr)
			}
		}
		return cand, g, err
	})
	if end.done {
		// An unchecked revision is never reported as a pass.
		r.last.Status = evaluator.Stricter(d.Status, evaluator.StatusEscalate)
		return d, end
	}
	return joinRevision(d, g), ending{}
}

// joinRevision folds the revision check's decision g into the evaluator's d
// by WithRevisionCheck's rules.
func joinRevision(d, g evaluator.EvaluationDecision) evaluator.EvaluationDecision {
	out := d
	out.Status = evaluator.Stricter(d.Status, g.Status)
	out.Score = min(d.Score, g.Score)
	out.Criteria = append(append([]evaluator.Criterion(nil), d.Criteria...), g.Criteria...)
	out.BlockingFailures = appendNew(append([]string(nil), d.BlockingFailures...), g.BlockingFailures)
	out.RevisionInstructions = appendNew(append([]string(nil), d.RevisionInstructions...), g.RevisionInstructions)
	if out.Status != d.Status {
		out.StopReason = g.StopReason
	}
	if out.Status == evaluator.StatusPass {
		out.BlockingFailures = d.BlockingFailures
	}
	return out
}

// appendNew appends the entries of add that dst does not hold yet.
func appendNew(dst, add []string) []string {
outer:
	for _, s := range add {
		for _, have := range dst {
			if have == s {
				continue outer
			}
		}
		dst = append(dst, s)
	}
	return dst
}
