package loop

import (
	"context"
	"iter"

	"github.com/evalopt/evalopt/evaluator"
)

// Steps is RunLoop as an iterator, for frameworks that consume streams. It
// takes RunLoop's arguments and runs the same loop when iterated (once per
// range statement; each range runs a fresh loop).
//
// It yields one Step per role call, paired with a nil error, as soon as the
// call returns (after any AfterCall hooks have seen it). Then it yields one final
// Step with Role RoleStop whose Result field holds the Result RunLoop would
// have returned, paired with the error RunLoop would have returned; that
// step's Candidate and Decision are the Result's, its Err the error's text
// and its Index len(Result.Trace). When RunLoop would refuse to start, the
// RoleStop step is the only one.
//
// Breaking out of the range stops the loop at once: no further role is
// called, nothing more is yielded, and no goroutine is left behind.
func Steps[C any](ctx context.Context, task evaluator.Task, gen Generator[C], eval evaluator.Evaluator[C], rev Reviser[C], opts ...Option) iter.Seq2[Step[C], error] {
	return func(yield func(Step[C], error) bool) {
		stopped := false
		var r runner[C]
		r.roles.Generator, r.roles.Evaluator, r.roles.Reviser = gen, eval, rev
		err := r.run(ctx, &task, opts, func(s Step[C]) bool {
			if !yield(s, nil) {
				stopped = true
				return false
			}
			return true
		})
		if stopped {
			return
		}
		res := r.m.Result
		final := Step[C]{
			Index:     len(res.Trace),
			Role:      RoleStop,
			Candidate: res.Candidate,
			Decision:  res.Decision,
			Result:    &res,
		}
		if err != nil {
			final.Err = err.Error()
		}
		yield(final, err)
	}
}
