package openaiadapter

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/openai/openai-go/v3"

	"github.com/evalopt/evalopt/loop"
)

// ProviderError is an HTTP error from the API, with what the provider said.
type ProviderError struct {
	// Provider is "openai".
	Provider string
	// Status is the HTTP status code.
	Status int
	// Code is the error's code ("rate_limit_exceeded",
	// "invalid_api_key"), or its type when it has no code.
	Code string
	// Message is the provider's message.
	Message string
	// RequestID is the x-request-id header, for the provider's support.
	RequestID string
	// Err is the SDK's error.
	Err error
}

// Error reports the provider, status, code, message and request id.
func (e *ProviderError) Error() string {
	return fmt.Sprintf("%s: %d %s: %s (request id %s)", e.Provider, e.Status, e.Code, e.Message, e.RequestID)
}

// Unwrap returns the SDK's error.
func (e *ProviderError) Unwrap() error { return e.Err }

// Transient reports whether another attempt may succeed: 408, 409, 429
// and 5xx.
func (e *ProviderError) Transient() bool { return transientStatus(e.Status) }

// RefusalError is a reply in which the model refused; Text is its words.
type RefusalError struct {
	Provider, Text, RequestID string
}

// Error reports the refusal with the model's text.
func (e *RefusalError) Error() string {
	return fmt.Sprintf("%s: model refused: %q (request id %s)", e.Provider, e.Text, e.RequestID)
}

// TruncationError is a reply cut off at the token limit; Text is the
// partial reply.
type TruncationError struct {
	Provider, Reason, Text, RequestID string
}

// Error reports the truncation and how much text arrived.
func (e *TruncationError) Error() string {
	return fmt.Sprintf("%s: reply truncated (%s) after %d bytes (request id %s)", e.Provider, e.Reason, len(e.Text), e.RequestID)
}

// transientStatus reports whether an HTTP status is worth another attempt.
func transientStatus(s int) bool {
	return s == http.StatusRequestTimeout || s == http.StatusConflict ||
		s == http.StatusTooManyRequests || s >= 500
}

// classify turns an error from the SDK into the adapter's errors: an API
// error becomes a *ProviderError, marked permanent unless its status is
// transient; anything else (a connection reset, a timeout, the context
// ending) is returned as is, and the loop decides.
func classify(err error) error {
	var api *openai.Error
	if !errors.As(err, &api) {
		return err
	}
	pe := &ProviderError{Provider: provider, Status: api.StatusCode, Code: api.Code, Message: api.Message, Err: err}
	if pe.Code == "" {
		pe.Code = api.Type
	}
	if api.Response != nil {
		pe.RequestID = api.Response.Header.Get("x-request-id")
	}
	if pe.Transient() {
		return pe
	}
	return loop.Permanent(pe)
}
