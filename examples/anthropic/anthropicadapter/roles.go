package anthropicadapter

import (
	"context"

	"github.com/evalopt/evalopt/evaluator"
)

// Generator is a loop.Generator[string] that drafts on the Client's model.
type Generator struct {
	c            *Client
	instructions string
}

// Generator returns a generator whose prompt is
// evaluator.GenerationPrompt(instructions, task): instructions as the system
// prompt, the task (its input, details, criteria and evidence) as the user
// message.
func (c *Client) Generator(instructions string) *Generator {
	return &Generator{c: c, instructions: instructions}
}

// Generate drafts a candidate for task.
func (g *Generator) Generate(ctx context.Context, task evaluator.Task) (string, error) {
	p := evaluator.GenerationPrompt(g.instructions, task)
	return g.c.Complete(ctx, p.System, p.User, nil)
}

// Models returns the model the generator runs on (evaluator.Modeler).
func (g *Generator) Models() []string { return g.c.Models() }

// Reviser is a loop.Reviser[string] that revises on the Client's model.
type Reviser struct {
	c            *Client
	instructions string
}

// Reviser returns a reviser whose prompt is evaluator.RevisionPrompt:
// instructions as the system prompt, and the task, the current draft and
// what the evaluator asked to change as the user message.
func (c *Client) Reviser(instructions string) *Reviser {
	return &Reviser{c: c, instructions: instructions}
}

// Revise returns the candidate revised as decision asks.
func (r *Reviser) Revise(ctx context.Context, task evaluator.Task, candidate string, decision evaluator.EvaluationDecision) (string, error) {
	p := evaluator.RevisionPrompt(r.instructions, task, candidate, decision)
	return r.c.Complete(ctx, p.System, p.User, nil)
}

// Models returns the model the reviser runs on (evaluator.Modeler).
func (r *Reviser) Models() []string { return r.c.Models() }
