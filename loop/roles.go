package loop

import (
	"context"

	"github.com/evalopt/evalopt/evaluator"
)

// Generator proposes the first candidate for a task.
//
// It returns an error only for infrastructure failures (the model client
// failed, the context ended). Implementations shared by concurrent loops
// must be safe for concurrent use. A Generator that reports its models (an
// evaluator.Modeler) takes part in the self-approval guard (see
// AllowSameModel); for a GeneratorFunc, declare them with
// WithModels(RoleGenerate, ...).
type Generator[C any] interface {
	Generate(ctx context.Context, task evaluator.Task) (C, error)
}

// Reviser produces a new candidate from a candidate and the decision that
// asked for its revision; decision.RevisionInstructions say what to change.
//
// Like Generator, it returns an error only for infrastructure failures and
// must be safe for concurrent use if shared. A Reviser that reports its
// models is checked by the self-approval guard too (WithModels(RoleRevise, ...)
// for a ReviserFunc).
type Reviser[C any] interface {
	Revise(ctx context.Context, task evaluator.Task, candidate C, decision evaluator.EvaluationDecision) (C, error)
}

// GeneratorFunc adapts an ordinary function to the Generator interface, the
// way http.HandlerFunc adapts a function to http.Handler.
type GeneratorFunc[C any] func(ctx context.Context, task evaluator.Task) (C, error)

// Generate calls f(ctx, task).
func (f GeneratorFunc[C]) Generate(ctx context.Context, task evaluator.Task) (C, error) {
	return f(ctx, task)
}

// ReviserFunc adapts an ordinary function to the Reviser interface.
type ReviserFunc[C any] func(ctx context.Context, task evaluator.Task, candidate C, decision evaluator.EvaluationDecision) (C, error)

// Revise calls f(ctx, task, candidate, decision).
func (f ReviserFunc[C]) Revise(ctx context.Context, task evaluator.Task, candidate C, decision evaluator.EvaluationDecision) (C, error) {
	return f(ctx, task, candidate, decision)
}
