package loop

import (
	"context"
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/ensemble"
)

// BestOfTwo returns a Reviser that asks rev for two revisions of the same
// candidate and keeps the better one by ensemble.Compare, which asks judge
// in both orders: the second revision is kept only when it wins in both
// orders; a tie (the orders disagree, or the judge prefers neither) keeps
// the first. record, when not nil, is called with every comparison, so a
// caller can log the disagreements. An error from either revision or from
// the comparison fails the revise call (and the loop may retry it, see
// WithRetry). It is the loop's opt-in pairwise selection: the loop's own
// evaluator still judges the revision kept. The returned Reviser reports
// rev's models (see evaluator.ModelsOf), so the self-approval guard still
// sees the reviser; pick a pair judge of another family than rev, since it
// judges rev's work.
func BestOfTwo[C any](rev Reviser[C], judge ensemble.PairJudge[C], record func(ensemble.Comparison)) Reviser[C] {
	return &bestOfTwo[C]{rev: rev, judge: judge, record: record}
}

type bestOfTwo[C any] struct {
	rev    Reviser[C]
	judge  ensemble.PairJudge[C]
	record func(ensemble.Comparison)
}

// Revise makes two revisions and keeps the better.
func (b *bestOfTwo[C]) Revise(ctx context.Context, task evaluator.Task, candidate C, d evaluator.EvaluationDecision) (C, error) {
	var zero C
	if b.rev == nil || b.judge == nil {
		return zero, fmt.Errorf("%w: BestOfTwo: nil reviser or pair judge", ErrNilRole)
	}
	first, err := b.rev.Revise(ctx, task, candidate, d)
	if err != nil {
		return zero, fmt.Errorf("best of two: first revision: %w", err)
	}
	second, err := b.rev.Revise(ctx, task, candidate, d)
	if err != nil {
		return zero, fmt.Errorf("best of two: second revision: %w", err)
	}
	c, err := ensemble.Compare(ctx, task, b.judge, first, second)
	if err != nil {
		return zero, fmt.Errorf("best of two: %w", err)
	}
	if b.record != nil {
		b.record(c)
	}
	if c.Winner == ensemble.WinnerB {
		return second, nil
	}
	return first, nil
}

// Models reports the reviser's models.
func (b *bestOfTwo[C]) Models() []string { return evaluator.ModelsOf(b.rev) }
