package report

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// The fixture: a review memo with two placeholders, a dangling reference
// and a hedged recommendation, judged by the default check suite, then
// revised twice into a memo that passes.
const (
	fixtureSource = "1. Fees\n\nThe fee is 100 EUR per month.\n\n2. Term\n\nEither party may terminate on 30 days notice.\n"
	fixtureDraft  = "# Review memo\n\n## Summary\n\nThe fee is [AMOUNT] per month, payable by [DATE].\n\n## Findings\n\n" +
		"1. The supplier may terminate on 30 days notice (see Section 14.2).\n\n## Recommendations\n\n" +
		"1. Consider possibly reviewing the termination clause.\n"
	fixtureRevision1 = "# Review memo\n\n## Summary\n\nThe fee is 100 EUR per month, payable by [DATE].\n\n## Findings\n\n" +
		"1. The supplier may terminate on 30 days notice (see Section 2).\n\n## Recommendations\n\n" +
		"1. Consider possibly reviewing the termination clause.\n"
	fixtureRevision2 = "# Review memo\n\n## Summary\n\nThe fee is 100 EUR per month (Section 1).\n\n## Findings\n\n" +
		"1. Either party may terminate on 30 days notice (Section 2).\n\n## Recommendations\n\n" +
		"1. Ask for 90 days notice: replace Section 2 with \"Either party may terminate on 90 days notice.\"\n"
)

// fixtureTask is the memo's task.
func fixtureTask() evaluator.Task {
	return evaluator.Task{ID: "memo-1", Kind: evaluator.KindReviewMemo, Input: "Review the agreement.",
		Evidence: []evaluator.Evidence{{ID: "source", Content: fixtureSource}}}
}

// fixtureResult runs the loop on the fixture: a draft, two revisions, the
// default suite judging, with costs and token usage reported by the
// generator (two models) and the reviser, whose second revision fails once
// with a provider error and is retried.
func fixtureResult(t testing.TB) loop.Result[string] {
	t.Helper()
	revisions := []string{fixtureRevision1, fixtureRevision2}
	gen := loop.GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
		provider.AddCost(ctx, 0.002)
		provider.AddUsage(ctx, provider.Usage{Model: "gpt-4.1-2025-04-14", InputTokens: 1200, CachedInputTokens: 400, OutputTokens: 350})
		provider.AddUsage(ctx, provider.Usage{Model: "gpt-4.1-mini", InputTokens: 300, OutputTokens: 80})
		return fixtureDraft, nil
	})
	calls := 0
	rev := loop.ReviserFunc[string](func(ctx context.Context, _ evaluator.Task, _ string, _ evaluator.EvaluationDecision) (string, error) {
		calls++
		if calls == 2 {
			return "", provider.Transient(errors.New("provider: 503 service unavailable"))
		}
		provider.AddCost(ctx, 0.001)
		provider.AddUsage(ctx, provider.Usage{Model: "gpt-4.1-mini", InputTokens: 900, OutputTokens: 240})
		next := revisions[0]
		revisions = revisions[1:]
		return next, nil
	})
	res, err := loop.RunLoop(context.Background(), fixtureTask(), gen, lenientSuite(), rev,
		loop.WithMaxRevisions(3), loop.WithRetry(2, 0))
	require.NoError(t, err)
	require.Equal(t, loop.OutcomeSucceeded, res.Outcome, "the second revision passes")
	pinTimes(res.Trace)
	return res
}

// lenientSuite is the default suite asking for a revision where it would
// block, so that the fixture's loop revises its draft: the blocking
// failures become revision instructions, in the suite's own words.
func lenientSuite() evaluator.Evaluator[string] {
	suite := checks.DefaultSuite()
	return evaluator.Func[string](func(ctx context.Context, task evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		d, err := suite.Evaluate(ctx, task, c)
		if err != nil || d.Status != evaluator.StatusBlock {
			return d, err
		}
		d.Status, d.StopReason = evaluator.StatusRevise, ""
		d.RevisionInstructions = append(d.BlockingFailures, d.RevisionInstructions...)
		d.BlockingFailures = []string{}
		return d, nil
	})
}

// blockedResult is a loop the default suite blocks on its draft.
func blockedResult(t testing.TB) loop.Result[string] {
	t.Helper()
	gen := loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) { return fixtureDraft, nil })
	rev := loop.ReviserFunc[string](func(context.Context, evaluator.Task, string, evaluator.EvaluationDecision) (string, error) {
		return fixtureRevision2, nil
	})
	res, err := loop.RunLoop(context.Background(), fixtureTask(), gen, checks.DefaultSuite(), rev)
	require.NoError(t, err)
	require.Equal(t, loop.OutcomeBlocked, res.Outcome)
	pinTimes(res.Trace)
	return res
}

// pinTimes pins the wall-clock fields of a trace, which vary from run to
// run (and with them the width of the steps table's time column), for
// golden output.
func pinTimes[C any](trace []loop.Step[C]) {
	start := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	for i := range trace {
		trace[i].Start = start.Add(time.Duration(i) * time.Second)
		trace[i].Duration = 250 * time.Millisecond
	}
}
