package anthropicadapter

import "github.com/evalopt/evalopt/internal/adapterkit"

// Generator is a loop.Generator[string] that drafts on the Client's model:
// its prompt is evaluator.GenerationPrompt (the instructions as the system
// prompt, the task's input, details, criteria and evidence as the user
// message), and the reply's text is the candidate. Its Models method
// reports the Client's model (evaluator.Modeler). The type is shared with
// the other provider adapters.
type Generator = adapterkit.Generator

// Reviser is a loop.Reviser[string] that revises on the Client's model: its
// prompt is evaluator.RevisionPrompt (the instructions as the system
// prompt; the task, the current draft and what the evaluator asked to
// change as the user message), and the reply's text is the revised
// candidate. Its Models method reports the Client's model. The type is
// shared with the other provider adapters.
type Reviser = adapterkit.Reviser

// Generator returns a generator on the Client's model whose system prompt
// is instructions; its replies are free text (no schema).
func (c *Client) Generator(instructions string) *Generator {
	return adapterkit.NewGenerator(adapterkit.Bind(c.Complete, nil), c.model, instructions)
}

// Reviser returns a reviser on the Client's model whose system prompt is
// instructions.
func (c *Client) Reviser(instructions string) *Reviser {
	return adapterkit.NewReviser(adapterkit.Bind(c.Complete, nil), c.model, instructions)
}
