package anthropicadapter

import (
	"context"

	"github.com/evalopt/evalopt/evaluator"
)

// Generator is a loop.Generator[string] that drafts on the Client's model:
// its prompt is evaluator.GenerationPrompt (the instructions as the system
// prompt, the task's input, details, criteria and evidence as the user
// message), sent as free text (no schema), and the reply's text is the
// candidate. Build it with Client.Generator. It is safe for concurrent use.
type Generator struct {
	c            *Client
	instructions string
}

// Generator returns a generator on the Client's model whose system prompt
// is instructions.
func (c *Client) Generator(instructions string) *Generator {
	return &Generator{c: c, instructions: instructions}
}

// Generate drafts a candidate for task with one request; its errors are
// Complete's.
func (g *Generator) Generate(ctx context.Context, task evaluator.Task) (string, error) {
	p := evaluator.GenerationPrompt(g.instructions, task)
	return g.c.Complete(ctx, p.System, p.User, nil)
}

// Models returns the Client's model (evaluator.Modeler), which the loop's
// self-approval guard compares with the judge's.
func (g *Generator) Models() []string { return g.c.Models() }

// Reviser is a loop.Reviser[string] that revises on the Client's model: its
// prompt is evaluator.RevisionPrompt (the instructions as the system
// prompt; the task, the current draft and what the evaluator asked to
// change as the user message), sent as free text, and the reply's text is
// the revised candidate. Build it with Client.Reviser. It is safe for
// concurrent use.
type Reviser struct {
	c            *Client
	instructions string
}

// Reviser returns a reviser on the Client's model whose system prompt is
// instructions.
func (c *Client) Reviser(instructions string) *Reviser {
	return &Reviser{c: c, instructions: instructions}
}

// Revise returns candidate revised as decision asks, with one request; its
// errors are Complete's.
func (r *Reviser) Revise(ctx context.Context, task evaluator.Task, candidate string, decision evaluator.EvaluationDecision) (string, error) {
	p := evaluator.RevisionPrompt(r.instructions, task, candidate, decision)
	return r.c.Complete(ctx, p.System, p.User, nil)
}

// Models returns the Client's model (evaluator.Modeler).
func (r *Reviser) Models() []string { return r.c.Models() }
