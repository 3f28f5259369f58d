// Package einotest is an Eino chat model (model.BaseChatModel) that plays
// back scripted replies, so that the adapter's tests, the example program
// and a caller's own tests run Eino's own runtime end to end without a
// network or a key.
package einotest

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"
)

// ErrExhausted is returned by a call past the end of the script.
var ErrExhausted = errors.New("scripted: no reply left")

// Reply is one scripted reply: Text using Tokens tokens, or Err.
type Reply struct {
	// Text is the reply's text.
	Text string
	// Tokens is the total the reply's usage reports.
	Tokens int
	// Err, when non-nil, is returned instead of a reply.
	Err error
}

// Model returns its replies in order and records every request's messages.
// A Hook, when set, runs before each reply with the call's context. Safe
// for concurrent use.
type Model struct {
	Hook func(ctx context.Context, call int)

	mu       sync.Mutex
	replies  []Reply
	requests [][]*schema.Message
}

var _ model.BaseChatModel = (*Model)(nil)

// New returns a Model that plays replies.
func New(replies ...Reply) *Model { return &Model{replies: replies} }

// Requests returns the messages of each request received so far.
func (m *Model) Requests() [][]*schema.Message {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([][]*schema.Message(nil), m.requests...)
}

// Calls returns how many requests the model received.
func (m *Model) Calls() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.requests)
}

// Generate returns the next scripted reply.
func (m *Model) Generate(ctx context.Context, input []*schema.Message, _ ...model.Option) (*schema.Message, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	m.mu.Lock()
	m.requests = append(m.requests, input)
	call := len(m.requests)
	var r Reply
	if len(m.replies) == 0 {
		r.Err = fmt.Errorf("%w (call %d)", ErrExhausted, call)
	} else {
		r, m.replies = m.replies[0], m.replies[1:]
	}
	hook := m.Hook
	m.mu.Unlock()
	if hook != nil {
		hook(ctx, call)
	}
	if r.Err != nil {
		return nil, r.Err
	}
	msg := schema.AssistantMessage(r.Text, nil)
	msg.ResponseMeta = &schema.ResponseMeta{FinishReason: "stop", Usage: &schema.TokenUsage{TotalTokens: r.Tokens}}
	return msg, nil
}

// Stream returns the next scripted reply as a one-chunk stream.
func (m *Model) Stream(ctx context.Context, input []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	msg, err := m.Generate(ctx, input, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{msg}), nil
}
