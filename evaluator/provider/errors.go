package provider

import (
	"errors"
	"strconv"
	"strings"
)

// ProviderError is a failed call to a model provider's API, as an adapter
// reports it: which provider, the HTTP status, the provider's own error
// code, its message and the request ID to quote to its support. Classify
// reads StatusCode: 408, 409, 429 and 5xx are transient, every other 4xx is
// permanent.
type ProviderError struct {
	// Provider names the API ("openai", "anthropic").
	Provider string
	// StatusCode is the HTTP status, or 0 when no response arrived.
	StatusCode int
	// Code is the provider's error code or type ("rate_limit_exceeded",
	// "overloaded_error"), empty if it gave none.
	Code string
	// Message is the provider's error message.
	Message string
	// RequestID is the provider's request ID, empty if unknown.
	RequestID string
	// Err is the underlying error (the SDK's), if any; errors.Is and
	// errors.As see through it.
	Err error
}

// Error returns "provider: status code message (request id)", leaving out
// the parts that are empty ("openai: 429 rate_limit_exceeded Rate limit
// reached (request req_1)").
func (e *ProviderError) Error() string {
	var b strings.Builder
	b.WriteString(orDefault(e.Provider, "provider"))
	b.WriteString(": ")
	if e.StatusCode != 0 {
		b.WriteString(strconv.Itoa(e.StatusCode))
		b.WriteByte(' ')
	}
	if e.Code != "" {
		b.WriteString(e.Code)
		b.WriteByte(' ')
	}
	switch {
	case e.Message != "":
		b.WriteString(e.Message)
	case e.Err != nil:
		b.WriteString(e.Err.Error())
	case e.StatusCode == 0 && e.Code == "":
		b.WriteString("request failed")
	}
	if e.RequestID != "" {
		b.WriteString(" (request ")
		b.WriteString(e.RequestID)
		b.WriteByte(')')
	}
	return strings.TrimSpace(b.String())
}

// Unwrap returns the underlying error.
func (e *ProviderError) Unwrap() error { return e.Err }

// ErrRefused is matched (errors.Is) by every *RefusalError.
var ErrRefused = errors.New("provider: the model refused")

// RefusalError reports that the model declined to answer (OpenAI's
// message.refusal, Anthropic's stop_reason "refusal"). It keeps the
// provider's text. It is permanent: asking again gets the same refusal.
type RefusalError struct {
	// Provider names the API ("openai", "anthropic").
	Provider string
	// Model is the model that refused, if known.
	Model string
	// Text is the refusal as the provider gave it.
	Text string
	// RequestID is the provider's request ID, empty if unknown.
	RequestID string
}

// Error returns "provider: model refused: text (request id)".
func (e *RefusalError) Error() string {
	msg := orDefault(e.Provider, "provider") + ": model refused"
	if e.Text != "" {
		msg += ": " + e.Text
	}
	return withRequestID(msg, e.RequestID)
}

// Is makes errors.Is(err, ErrRefused) true.
func (e *RefusalError) Is(target error) bool { return target == ErrRefused }

// ErrTruncated is matched (errors.Is) by every *TruncatedError.
var ErrTruncated = errors.New("provider: the reply was truncated")

// TruncatedError reports a reply cut off by the token limit (OpenAI's
// finish_reason "length", Anthropic's stop_reason "max_tokens"). It keeps
// the partial text. It is permanent: the same request hits the same limit;
// raise the limit or shorten the prompt.
type TruncatedError struct {
	// Provider names the API ("openai", "anthropic").
	Provider string
	// Reason is the provider's finish or stop reason ("length",
	// "max_tokens").
	Reason string
	// Text is the partial reply.
	Text string
	// RequestID is the provider's request ID, empty if unknown.
	RequestID string
}

// Error returns "provider: reply truncated (reason) after N bytes
// (request id)".
func (e *TruncatedError) Error() string {
	msg := orDefault(e.Provider, "provider") + ": reply truncated"
	if e.Reason != "" {
		msg += " (" + e.Reason + ")"
	}
	msg += " after " + strconv.Itoa(len(e.Text)) + " bytes"
	return withRequestID(msg, e.RequestID)
}

// Is makes errors.Is(err, ErrTruncated) true.
func (e *TruncatedError) Is(target error) bool { return target == ErrTruncated }

func orDefault(s, def string) string {
	if s = strings.TrimSpace(s); s != "" {
		return s
	}
	return def
}

func withRequestID(msg, id string) string {
	if id == "" {
		return msg
	}
	return msg + " (request " + id + ")"
}
