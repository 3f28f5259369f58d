//go:build !plan9

package provider

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"syscall"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

var _ net.Error = timeoutErr{}

func TestClassify(t *testing.T) {
	provider := func(status int) error {
		return fmt.Errorf("judge: %w", &ProviderError{Provider: "openai", StatusCode: status, Code: "c", Message: "m"})
	}
	tests := []struct {
		name string
		err  error
		want ErrorClass
	}{
		{"nil", nil, ClassUnknown},
		{"plain", errors.New("boom"), ClassUnknown},
		{"408", provider(408), ClassTransient},
		{"409", provider(409), ClassTransient},
		{"429", provider(429), ClassTransient},
		{"500", provider(500), ClassTransient},
		{"503", provider(503), ClassTransient},
		{"529 overloaded", provider(529), ClassTransient},
		{"400", provider(400), ClassPermanent},
		{"401", provider(401), ClassPermanent},
		{"403", provider(403), ClassPermanent},
		{"404", provider(404), ClassPermanent},
		{"422", provider(422), ClassPermanent},
		{"no status, reset underneath", &ProviderError{Provider: "openai", Err: &net.OpError{Op: "read", Err: syscall.ECONNRESET}}, ClassTransient},
		{"no status, nothing known", &ProviderError{Provider: "openai"}, ClassUnknown},
		{"refusal", &RefusalError{Provider: "openai", Text: "no"}, ClassPermanent},
		{"truncated", fmt.Errorf("x: %w", &TruncatedError{Provider: "anthropic", Reason: "max_tokens"}), ClassPermanent},
		{"invalid decision", &evaluator.ParseError{Offset: 0, Problem: "empty reply", Err: evaluator.ErrInvalidDecision}, ClassPermanent},
		{"field error", &evaluator.FieldError{Field: "status", Problem: "missing", Err: evaluator.ErrInvalidDecision}, ClassPermanent},
		{"per-call deadline", fmt.Errorf("call: %w", context.DeadlineExceeded), ClassTransient},
		{"canceled", fmt.Errorf("call: %w", context.Canceled), ClassPermanent},
		{"net timeout", &url.Error{Op: "Post", URL: "https://api", Err: timeoutErr{}}, ClassTransient},
		{"connection reset", &url.Error{Op: "Post", URL: "https://api", Err: &net.OpError{Op: "read", Err: syscall.ECONNRESET}}, ClassTransient},
		{"connection refused", &net.OpError{Op: "dial", Err: syscall.ECONNREFUSED}, ClassTransient},
		{"broken pipe", fmt.Errorf("write: %w", syscall.EPIPE), ClassTransient},
		{"unexpected EOF", fmt.Errorf("read body: %w", io.ErrUnexpectedEOF), ClassTransient},
		{"server hung up on a request", &url.Error{Op: "Post", URL: "http://x/v1", Err: io.EOF}, ClassTransient},
		{"bare EOF outside a request", fmt.Errorf("read: %w", io.EOF), ClassUnknown},
		{"marked permanent over a 429", Permanent(provider(429)), ClassPermanent},
		{"marked transient over a 400", Transient(provider(400)), ClassTransient},
		{"outermost mark wins", Permanent(Transient(errors.New("x"))), ClassPermanent},
		{"marked plain error", fmt.Errorf("wrap: %w", Permanent(errors.New("bad key"))), ClassPermanent},
		{"joined: a permanent part wins over a transient one", errors.Join(context.DeadlineExceeded, &RefusalError{}), ClassPermanent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Classify(tt.err))
		})
	}
	assert.Nil(t, Permanent(nil))
	assert.Nil(t, Transient(nil))
	assert.Equal(t, "transient", ClassTransient.String())
	assert.Equal(t, "permanent", ClassPermanent.String())
	assert.Equal(t, "unknown", ClassUnknown.String())
}

func TestMarksKeepTextAndChain(t *testing.T) {
	inner := &ProviderError{Provider: "openai", StatusCode: 401, Message: "bad key"}
	err := Permanent(inner)
	assert.Equal(t, inner.Error(), err.Error())
	var pe *ProviderError
	assert.True(t, errors.As(err, &pe))
	assert.Same(t, inner, pe)
}

func TestProviderErrorText(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{&ProviderError{Provider: "openai", StatusCode: 429, Code: "rate_limit_exceeded", Message: "Rate limit reached", RequestID: "req_1"},
			"openai: 429 rate_limit_exceeded Rate limit reached (request req_1)"},
		{&ProviderError{Provider: "anthropic", StatusCode: 529, Code: "overloaded_error", Message: "Overloaded"},
			"anthropic: 529 overloaded_error Overloaded"},
		{&ProviderError{Err: errors.New("dial tcp: refused")}, "provider: dial tcp: refused"},
		{&ProviderError{Provider: "openai"}, "openai: request failed"},
		{&RefusalError{Provider: "openai", Text: "I can't help with that.", RequestID: "req_2"},
			"openai: model refused: I can't help with that. (request req_2)"},
		{&RefusalError{}, "provider: model refused"},
		{&TruncatedError{Provider: "openai", Reason: "length", Text: `{"status":"pa`},
			"openai: reply truncated (length) after 13 bytes"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.err.Error())
	}
	assert.ErrorIs(t, fmt.Errorf("x: %w", &RefusalError{}), ErrRefused)
	assert.ErrorIs(t, fmt.Errorf("x: %w", &TruncatedError{}), ErrTruncated)
	assert.NotErrorIs(t, &RefusalError{}, ErrTruncated)
	inner := errors.New("sdk error")
	assert.ErrorIs(t, &ProviderError{Err: inner}, inner)
}
