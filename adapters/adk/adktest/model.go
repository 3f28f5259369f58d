// Package adktest is a model.LLM that plays back scripted replies, so that
// the adapter's tests, the example program and a caller's own tests run
// ADK's own runtime end to end without a network or a key.
package adktest

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"strings"
	"sync"

	"github.com/evalopt/evalopt/evaluator/provider"
	"google.golang.org/adk/v2/model"
	"google.golang.org/genai"
)

// ErrExhausted is returned by a call past the end of the script.
var ErrExhausted = errors.New("scripted: no reply left")

// Reply is one scripted model reply: Text, or Err when it is non-nil.
type Reply struct {
	// Text is the reply's text.
	Text string
	// Err, when non-nil, is returned instead of a reply.
	Err error
}

// Model is a model.LLM that returns its replies in order and reports Cost
// per call through provider.AddCost on the context ADK hands it: the cost shows
// in the loop's trace only when that context descends from the loop's.
// It records the last user text of every request. Safe for concurrent use.
type Model struct {
	// ModelName is what Name returns.
	ModelName string
	// Cost is reported through provider.AddCost on every call.
	Cost float64

	mu      sync.Mutex
	replies []Reply
	prompts []string
}

// New returns a Model named name that plays replies and charges cost per call.
func New(name string, cost float64, replies ...Reply) *Model {
	return &Model{ModelName: name, Cost: cost, replies: replies}
}

// Name returns the model's name.
func (m *Model) Name() string { return m.ModelName }

// Prompts returns the last user text of each request received so far.
func (m *Model) Prompts() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.prompts...)
}

// GenerateContent returns the next scripted reply as one response.
func (m *Model) GenerateContent(ctx context.Context, req *model.LLMRequest, _ bool) iter.Seq2[*model.LLMResponse, error] {
	return func(yield func(*model.LLMResponse, error) bool) {
		if err := ctx.Err(); err != nil {
			yield(nil, err)
			return
		}
		m.mu.Lock()
		m.prompts = append(m.prompts, lastUserText(req))
		var r Reply
		if len(m.replies) == 0 {
			r.Err = fmt.Errorf("%w (model %s, call %d)", ErrExhausted, m.ModelName, len(m.prompts))
		} else {
			r, m.replies = m.replies[0], m.replies[1:]
		}
		m.mu.Unlock()
		provider.AddCost(ctx, m.Cost)
		if r.Err != nil {
			yield(nil, r.Err)
			return
		}
		yield(&model.LLMResponse{Content: genai.NewContentFromText(r.Text, genai.RoleModel), TurnComplete: true}, nil)
	}
}

func lastUserText(req *model.LLMRequest) string {
	for i := len(req.Contents) - 1; i >= 0; i-- {
		c := req.Contents[i]
		if c == nil || c.Role != genai.RoleUser {
			continue
		}
		var b strings.Builder
		for _, p := range c.Parts {
			if p != nil {
				b.WriteString(p.Text)
			}
		}
		return b.String()
	}
	return ""
}
