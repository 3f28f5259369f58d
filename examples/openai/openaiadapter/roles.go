package openaiadapter

import (
	"context"

	"github.com/evalopt/evalopt/evaluator"
)

// Generator is a loop.Generator[string] that drafts on the Client's model.
type Generator struct {
	c            *Client
	instructions string
}

// Generator returns a generator whose system prompt is instructions and
// whose user message is the task: its input, criteria and evidence.
func (c *Client) Generator(instructions string) *Generator {
	return &Generator{c: c, instructions: instructions}
}

// Generate drafts a candidate for task.
func (g *Generator) Generate(ctx context.Context, task evaluator.Task) (string, error) {
	return g.c.Complete(ctx, g.instructions, renderTask(task), nil)
}

// Models returns the model the generator runs on (evaluator.Modeler).
func (g *Generator) Models() []string { return g.c.Models() }

// Reviser is a loop.Reviser[string] that revises on the Client's model.
type Reviser struct {
	c            *Client
	instructions string
}

// Reviser returns a reviser whose system prompt is instructions and whose
// user message is the task, the current draft and what the evaluator asked
// to change.
func (c *Client) Reviser(instructions string) *Reviser {
	return &Reviser{c: c, instructions: instructions}
}

// Revise returns the candidate revised as decision asks.
func (r *Reviser) Revise(ctx context.Context, task evaluator.Task, candidate string, decision evaluator.EvaluationDecision) (string, error) {
	return r.c.Complete(ctx, r.instructions, renderRevision(task, candidate, decision), nil)
}

// Models returns the model the reviser runs on (evaluator.Modeler).
func (r *Reviser) Models() []string { return r.c.Models() }
