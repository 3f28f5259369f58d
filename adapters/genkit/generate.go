package genkitloop

import (
	"context"
	"errors"
	"strings"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// ErrEmptyReply is matched by the error a model-backed role returns when
// the model replied with no text.
var ErrEmptyReply = errors.New("genkitloop: the model replied with no text")

// Generate calls genkit.Generate under ctx (the context the loop handed the
// role) with opts and prompt as the last user message, and returns the
// reply's text. The prompt is sent as a message, not through ai.WithPrompt,
// which formats its text with fmt.Sprintf and would garble a task holding
// a '%'. When the reply reports usage, its input plus output tokens are
// charged to the loop with provider.AddCost, so loop.WithMaxCost budgets tokens.
func Generate(ctx context.Context, g *genkit.Genkit, prompt string, opts ...ai.GenerateOption) (string, error) {
	if g == nil {
		return "", errors.New("genkitloop: nil *genkit.Genkit")
	}
	all := append(append([]ai.GenerateOption(nil), opts...), ai.WithMessages(ai.NewUserTextMessage(prompt)))
	resp, err := genkit.Generate(ctx, g, all...)
	if err != nil {
		return "", err
	}
	if u := resp.Usage; u != nil && u.InputTokens+u.OutputTokens > 0 {
		provider.AddCost(ctx, float64(u.InputTokens+u.OutputTokens))
	}
	text := resp.Text()
	if strings.TrimSpace(text) == "" {
		return "", ErrEmptyReply
	}
	return text, nil
}

// Generator returns a loop.Generator calling Generate with prompt(task)
// and opts (ai.WithModelName, ai.WithSystem, ...). A nil prompt sends
// DefaultPrompt's.
func Generator(g *genkit.Genkit, prompt func(evaluator.Task) string, opts ...ai.GenerateOption) loop.Generator[string] {
	if prompt == nil {
		prompt = DefaultPrompt
	}
	return loop.GeneratorFunc[string](func(ctx context.Context, task evaluator.Task) (string, error) {
		return Generate(ctx, g, prompt(task), opts...)
	})
}

// Reviser returns a loop.Reviser calling Generate with prompt(task, draft,
// decision) and opts. A nil prompt sends DefaultRevisePrompt's.
func Reviser(g *genkit.Genkit, prompt func(evaluator.Task, string, evaluator.EvaluationDecision) string, opts ...ai.GenerateOption) loop.Reviser[string] {
	if prompt == nil {
		prompt = DefaultRevisePrompt
	}
	return loop.ReviserFunc[string](func(ctx context.Context, task evaluator.Task, draft string, d evaluator.EvaluationDecision) (string, error) {
		return Generate(ctx, g, prompt(task, draft, d), opts...)
	})
}

// DefaultPrompt is the task's input followed by its criteria, one a line.
func DefaultPrompt(task evaluator.Task) string {
	if len(task.Criteria) == 0 {
		return task.Input
	}
	return task.Input + "\n\nRequirements:\n- " + strings.Join(task.Criteria, "\n- ")
}

// DefaultRevisePrompt asks for a revision of draft that follows the
// decision's revision instructions, and only those.
func DefaultRevisePrompt(task evaluator.Task, draft string, d evaluator.EvaluationDecision) string {
	var b strings.Builder
	b.WriteString("Revise the draft below. Apply these instructions and change nothing else:\n")
	for _, in := range d.RevisionInstructions {
		b.WriteString("- " + in + "\n")
	}
	b.WriteString("\nRequest:\n" + task.Input + "\n\nDraft:\n" + draft)
	return b.String()
}
