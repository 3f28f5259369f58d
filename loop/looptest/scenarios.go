package looptest

import (
	"context"
	"errors"
	"math"
	"strings"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// refundTask is the task of every scenario: one piece of evidence, photo-1.
var refundTask = evaluator.Task{
	ID:       "refund-1",
	Input:    "Customer asks for a refund of a damaged blender.",
	Evidence: []evaluator.Evidence{{ID: "photo-1", Source: "upload", Content: "Photo: cracked jug."}},
}

// errModel is the error of a model that is down: unclassified, so retried.
var errModel = errors.New("model unavailable")

// waitDone waits for the call's context to end and returns its error.
func waitDone(ctx context.Context) error {
	<-ctx.Done()
	return ctx.Err()
}

// Scenarios returns the table, fresh on each call. Every scenario's roles
// finish in well under a second of wall-clock time.
func Scenarios() []Scenario {
	return []Scenario{
		row("pass after revisions", loop.OutcomeSucceeded, evaluator.StopPassed, "",
			func(func()) *script {
				return &script{decisions: []evaluator.EvaluationDecision{revise(0.4, "cite the photo"), revise(0.6, "drop the promise"), pass(0.9)},
					genCost: 0.25, evalCost: 0.125, revCost: 0.5}
			}),
		row("block", loop.OutcomeBlocked, evaluator.StopPolicyBlock, "",
			func(func()) *script {
				return &script{decisions: []evaluator.EvaluationDecision{revise(0.4, "soften"), {
					Status: evaluator.StatusBlock, Score: 0.2, BlockingFailures: []string{"promise_before_approval"}}}}
			}),
		row("escalate", loop.OutcomeEscalated, evaluator.StopEscalated, "",
			func(func()) *script {
				return &script{decisions: []evaluator.EvaluationDecision{revise(0.3, "ask a human?"), {Status: evaluator.StatusEscalate, Score: 0.5}}}
			}),
		row("max revisions", loop.OutcomeFailed, evaluator.StopMaxRevisions, "",
			func(func()) *script { return &script{decisions: []evaluator.EvaluationDecision{revise(0.5, "again")}} },
			loop.WithMaxRevisions(2)),
		row("timeout", loop.OutcomeFailed, evaluator.StopTimeout, "",
			func(func()) *script {
				return &script{decisions: []evaluator.EvaluationDecision{revise(0.5, "again")},
					rev: func(ctx context.Context, _ int, _ string) (string, error) { return "", waitDone(ctx) }}
			},
			loop.WithTimeout(300*time.Millisecond)),
		row("timeout during backoff", loop.OutcomeFailed, evaluator.StopTimeout, "",
			func(func()) *script {
				return &script{gen: func(context.Context, int) (string, error) { return "", errModel }}
			},
			loop.WithRetry(3, time.Hour), loop.WithTimeout(300*time.Millisecond)),
		row("cost budget", loop.OutcomeFailed, evaluator.StopCostBudget, "",
			func(func()) *script {
				return &script{decisions: []evaluator.EvaluationDecision{revise(0.5, "again")}, genCost: 0.5, evalCost: 0.5}
			},
			loop.WithMaxCost(1)),
		row("stall", loop.OutcomeFailed, evaluator.StopStalled, "",
			func(func()) *script {
				return &script{decisions: []evaluator.EvaluationDecision{revise(0.5, "a"), revise(0.5, "b"), revise(0.4, "c"), pass(1)}}
			},
			loop.WithStallLimit(2), loop.WithMaxRevisions(10)),
		row("retry then pass", loop.OutcomeSucceeded, evaluator.StopPassed, "",
			func(func()) *script {
				return &script{eval: func(_ context.Context, n int, _ string) (evaluator.EvaluationDecision, error) {
					if n < 2 {
						return evaluator.EvaluationDecision{}, &provider.ProviderError{Provider: "openai", StatusCode: 503}
					}
					return pass(0.9), nil
				}, evalCost: 0.125}
			},
			loop.WithRetry(3, 10*time.Millisecond)),
		row("retries exhausted", loop.OutcomeFailed, evaluator.StopError, loop.ErrorRetryable,
			func(func()) *script {
				return &script{decisions: []evaluator.EvaluationDecision{revise(0.5, "again")},
					rev: func(context.Context, int, string) (string, error) { return "", errModel }}
			},
			loop.WithRetry(2, time.Millisecond)),
		row("permanent error", loop.OutcomeFailed, evaluator.StopError, loop.ErrorPermanent,
			func(func()) *script {
				return &script{gen: func(context.Context, int) (string, error) {
					return "", provider.Permanent(errors.New("bad credentials"))
				}}
			},
			loop.WithRetry(3, 0)),
		row("panic", loop.OutcomeFailed, evaluator.StopError, loop.ErrorPanic,
			func(func()) *script {
				return &script{eval: func(context.Context, int, string) (evaluator.EvaluationDecision, error) {
					panic("judge exploded")
				}}
			},
			loop.WithRetry(3, 0)),
		row("missing evidence", loop.OutcomeBlocked, evaluator.StopMissingEvidence, "",
			func(func()) *script {
				d := pass(1)
				d.Criteria = []evaluator.Criterion{{Name: "damage", Passed: true, EvidenceRefs: []string{"photo-1", "photo-9"}}}
				return &script{decisions: []evaluator.EvaluationDecision{d}}
			}),
		row("invalid decision", loop.OutcomeFailed, evaluator.StopError, loop.ErrorInvalidDecision,
			func(func()) *script {
				return &script{decisions: []evaluator.EvaluationDecision{{Status: evaluator.StatusPass, Score: math.NaN()}}}
			},
			loop.WithRetry(3, 0)),
		row("invalid cost", loop.OutcomeFailed, evaluator.StopError, loop.ErrorInvalidCost,
			func(func()) *script {
				return &script{eval: func(ctx context.Context, _ int, _ string) (evaluator.EvaluationDecision, error) {
					provider.AddCost(ctx, 0.25)
					provider.AddCost(ctx, -1)
					return pass(1), nil
				}}
			},
			loop.WithRetry(3, 0)),
		row("caller cancel", loop.OutcomeFailed, evaluator.StopCanceled, loop.ErrorCanceled,
			func(cancel func()) *script {
				return &script{decisions: []evaluator.EvaluationDecision{revise(0.5, "again")},
					rev: func(ctx context.Context, _ int, _ string) (string, error) {
						cancel()
						return "", waitDone(ctx)
					}}
			},
			loop.WithRetry(5, time.Millisecond)),
		row("pass after cancel", loop.OutcomeFailed, evaluator.StopCanceled, loop.ErrorCanceled,
			func(cancel func()) *script {
				return &script{eval: func(ctx context.Context, n int, _ string) (evaluator.EvaluationDecision, error) {
					if n == 0 {
						return revise(0.5, "cite the photo"), nil
					}
					// The caller cancels while the judge works; the judge
					// still answers, with a pass: the loop ends canceled.
					cancel()
					<-ctx.Done()
					return pass(0.9), nil
				}}
			}),
		row("revision check blocks", loop.OutcomeBlocked, evaluator.StopPolicyBlock, "",
			func(func()) *script {
				return &script{decisions: []evaluator.EvaluationDecision{revise(0.5, "give the amount"), pass(0.9)},
					rev:   func(context.Context, int, string) (string, error) { return "refund of 250 EUR approved", nil },
					check: checkAmounts}
			},
			loop.WithRevisionCheck(checkAmounts)),
		row("candidate refs", loop.OutcomeSucceeded, evaluator.StopPassed, "",
			func(func()) *script {
				return &script{decisions: []evaluator.EvaluationDecision{revise(0.4, "shorter"), pass(0.9)}}
			},
			loop.WithCandidateRef(loop.Digest[string])),
	}
}

// checkAmounts is the revision check of "revision check blocks": it
// blocks a revision that adds the amount 250.
func checkAmounts(_ context.Context, _ evaluator.Task, prev, next string) (evaluator.EvaluationDecision, error) {
	if strings.Contains(next, "250") && !strings.Contains(prev, "250") {
		return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, Score: 0,
			BlockingFailures: []string{"amount 250 EUR is not in the evidence"}}, nil
	}
	return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
}

// row makes a scenario whose roles come from a fresh script per run.
func row(name string, o loop.Outcome, r evaluator.StopReason, k loop.ErrorKind, s func(cancel func()) *script, opts ...loop.Option) Scenario {
	return Scenario{Name: name, Task: refundTask, Options: opts, Outcome: o, StopReason: r, Kind: k,
		Roles: func(cancel func()) loop.Roles[string] { return s(cancel).roles() }}
}
