// Package genkittest defines a Genkit model that plays back scripted
// replies, so that the adapter's tests, the example program and a caller's
// own tests run Genkit's own runtime end to end without a network or a
// key.
package genkittest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"
)

// ErrExhausted is returned by a call past the end of the script.
var ErrExhausted = errors.New("scripted: no reply left")

// Reply is one scripted reply: Text using Tokens output tokens, or Err.
type Reply struct {
	// Text is the reply's text.
	Text string
	// Tokens is the output token count the reply's usage reports (the
	// input count is always 10).
	Tokens int
	// Err, when non-nil, is returned instead of a reply.
	Err error
}

// Model is a scripted model registered with a Genkit instance. Safe for
// concurrent use.
type Model struct {
	// Name is the name to pass to ai.WithModelName.
	Name string
	// Hook, when set, runs before each reply with the call's context.
	Hook func(ctx context.Context, call int)

	mu      sync.Mutex
	replies []Reply
	prompts []string
}

// Define registers a model named "scripted/"+name with g that returns
// replies in order.
func Define(g *genkit.Genkit, name string, replies ...Reply) *Model {
	m := &Model{Name: "scripted/" + name, replies: replies}
	genkit.DefineModel(g, m.Name, &ai.ModelOptions{Label: name, Supports: &ai.ModelSupports{Multiturn: true, SystemRole: true}}, m.generate)
	return m
}

// Prompts returns the last user message's text of each request so far.
func (m *Model) Prompts() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.prompts...)
}

func (m *Model) generate(ctx context.Context, req *ai.ModelRequest, _ ai.ModelStreamCallback) (*ai.ModelResponse, error) {
	m.mu.Lock()
	m.prompts = append(m.prompts, lastUserText(req))
	call := len(m.prompts)
	var r Reply
	if len(m.replies) == 0 {
		r.Err = fmt.Errorf("%w (model %s, call %d)", ErrExhausted, m.Name, call)
	} else {
		r, m.replies = m.replies[0], m.replies[1:]
	}
	hook := m.Hook
	m.mu.Unlock()
	if hook != nil {
		hook(ctx, call)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if r.Err != nil {
		return nil, r.Err
	}
	return &ai.ModelResponse{
		Request:      req,
		Message:      ai.NewModelTextMessage(r.Text),
		FinishReason: ai.FinishReasonStop,
		Usage:        &ai.GenerationUsage{InputTokens: 10, OutputTokens: r.Tokens},
	}, nil
}

func lastUserText(req *ai.ModelRequest) string {
	for i := len(req.Messages) - 1; i >= 0; i-- {
		msg := req.Messages[i]
		if msg == nil || msg.Role != ai.RoleUser {
			continue
		}
		var b strings.Builder
		for _, p := range msg.Content {
			if p != nil {
				b.WriteString(p.Text)
			}
		}
		return b.String()
	}
	return ""
}
