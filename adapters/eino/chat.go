package einoloop

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// ErrEmptyReply is matched by the error a chat role returns when the model
// replied with no text.
var ErrEmptyReply = errors.New("einoloop: the chat model replied with no text")

// Chat asks m for one reply to msgs under ctx (the context the loop handed
// the role) and returns its text. When the reply reports token usage, its
// total tokens are charged to the loop with provider.AddCost, so
// loop.WithMaxCost budgets tokens.
func Chat(ctx context.Context, m model.BaseChatModel, msgs []*schema.Message) (string, error) {
	if m == nil {
		return "", errors.New("einoloop: nil chat model")
	}
	reply, err := m.Generate(ctx, msgs)
	if err != nil {
		return "", err
	}
	if reply == nil {
		return "", ErrEmptyReply
	}
	if meta := reply.ResponseMeta; meta != nil && meta.Usage != nil && meta.Usage.TotalTokens > 0 {
		provider.AddCost(ctx, float64(meta.Usage.TotalTokens))
	}
	if strings.TrimSpace(reply.Content) == "" {
		return "", ErrEmptyReply
	}
	return reply.Content, nil
}

// Generator returns a loop.Generator asking m for a draft with the messages
// prompt(task) builds. A nil prompt sends DefaultPrompt's.
func Generator(m model.BaseChatModel, prompt func(evaluator.Task) []*schema.Message) loop.Generator[string] {
	if prompt == nil {
		prompt = DefaultPrompt
	}
	return loop.GeneratorFunc[string](func(ctx context.Context, task evaluator.Task) (string, error) {
		return Chat(ctx, m, prompt(task))
	})
}

// Reviser returns a loop.Reviser asking m for a revision with the messages
// prompt(task, draft, decision) builds. A nil prompt sends
// DefaultRevisePrompt's.
func Reviser(m model.BaseChatModel, prompt func(evaluator.Task, string, evaluator.EvaluationDecision) []*schema.Message) loop.Reviser[string] {
	if prompt == nil {
		prompt = DefaultRevisePrompt
	}
	return loop.ReviserFunc[string](func(ctx context.Context, task evaluator.Task, draft string, d evaluator.EvaluationDecision) (string, error) {
		return Chat(ctx, m, prompt(task, draft, d))
	})
}

// DefaultPrompt is one user message: the task's input followed by its
// criteria, one a line.
func DefaultPrompt(task evaluator.Task) []*schema.Message {
	text := task.Input
	if len(task.Criteria) > 0 {
		text += "\n\nRequirements:\n- " + strings.Join(task.Criteria, "\n- ")
	}
	return []*schema.Message{schema.UserMessage(text)}
}

// DefaultRevisePrompt is a system message asking to apply the decision's
// revision instructions and nothing else, and a user message with the
// request and the draft.
func DefaultRevisePrompt(task evaluator.Task, draft string, d evaluator.EvaluationDecision) []*schema.Message {
	var b strings.Builder
	b.WriteString("Revise the draft. Apply these instructions and change nothing else:\n")
	for _, in := range d.RevisionInstructions {
		fmt.Fprintf(&b, "- %s\n", in)
	}
	return []*schema.Message{
		schema.SystemMessage(b.String()),
		schema.UserMessage("Request:\n" + task.Input + "\n\nDraft:\n" + draft),
	}
}
