package loop

import (
	"context"

	"github.com/evalopt/evalopt/evaluator"
)

// RevisionCheck compares a revision (next) with the candidate it revised
// (previous) and returns a decision on the revision: a block for a change
// the evidence does not support, a revise for a dropped element, a pass when
// nothing is wrong. Its criteria should say what changed, since the trace
// keeps them. It returns an error only for infrastructure failures.
// revision.RevisionGuard (checks/revision) provides one built on the deterministic checks.
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
// Cost the check reports with provider.AddCost counts as evaluation cost
// (RoleCosts.Evaluate). The check is a role call like the others: when the
// time or cost budget runs out before it, the loop stops for that reason and
// the unchecked revision is not accepted.
// A check that errors or panics, or returns a decision that fails Validate,
// ends the loop like a failed evaluator (StopError); the Result's Decision is
// then the evaluator's with its status raised to at least escalate, since an
// unchecked revision is never reported as a pass. C must be the loop's
// candidate type; a mismatch or a nil check makes RunLoop return an error
// matching evaluator.ErrInvalidOption. Default: no revision check.
func WithRevisionCheck[C any](check RevisionCheck[C]) Option {
	return func(c *config) {
		if check == nil {
			c.invalid("WithRevisionCheck: nil check")
			return
		}
		c.RevisionCheck = true
		c.revisionCheck = check
	}
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
