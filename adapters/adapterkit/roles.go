package adapterkit

import (
	"context"

	"github.com/evalopt/evalopt/evaluator"
)

// CompleteFunc sends one system prompt and one user message to a model and
// returns the reply's text. An adapter binds it to its client (and, for a
// judge, to the schema the reply is held to).
type CompleteFunc func(ctx context.Context, system, user string) (string, error)

// Bind returns the CompleteFunc that calls complete (an adapter client's
// Complete method) with schema, which holds the reply to a schema the
// provider's way, or with nil for free text.
func Bind[S any](complete func(ctx context.Context, system, user string, schema *S) (string, error), schema *S) CompleteFunc {
	return func(ctx context.Context, system, user string) (string, error) {
		return complete(ctx, system, user, schema)
	}
}

// role is what a Generator and a Reviser hold: the call, the model it
// runs on and the system prompt.
type role struct {
	complete     CompleteFunc
	model        string
	instructions string
}

// Models returns the model the role runs on (evaluator.Modeler).
func (r role) Models() []string { return []string{r.model} }

// Generator is a loop.Generator[string] that drafts on one model: the
// prompt is evaluator.GenerationPrompt(instructions, task), instructions as
// the system prompt and the task (its input, details, criteria and
// evidence) as the user message; the reply is the candidate. Its Models
// method reports the model (evaluator.Modeler), so the loop's
// self-approval guard sees it.
type Generator struct{ role }

// NewGenerator returns a Generator that calls complete on model with
// instructions as the system prompt.
func NewGenerator(complete CompleteFunc, model, instructions string) *Generator {
	return &Generator{role{complete, model, instructions}}
}

// Generate drafts a candidate for task.
func (g *Generator) Generate(ctx context.Context, task evaluator.Task) (string, error) {
	p := evaluator.GenerationPrompt(g.instructions, task)
	return g.complete(ctx, p.System, p.User)
}

// Reviser is a loop.Reviser[string] that revises on one model: the prompt
// is evaluator.RevisionPrompt, instructions as the system prompt, and the
// task, the current draft and what the evaluator asked to change as the
// user message; the reply is the revised candidate. Its Models method
// reports the model (evaluator.Modeler).
type Reviser struct{ role }

// NewReviser returns a Reviser that calls complete on model with
// instructions as the system prompt.
func NewReviser(complete CompleteFunc, model, instructions string) *Reviser {
	return &Reviser{role{complete, model, instructions}}
}

// Revise returns the candidate revised as decision asks.
func (r *Reviser) Revise(ctx context.Context, task evaluator.Task, candidate string, decision evaluator.EvaluationDecision) (string, error) {
	p := evaluator.RevisionPrompt(r.instructions, task, candidate, decision)
	return r.complete(ctx, p.System, p.User)
}
