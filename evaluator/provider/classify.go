package provider

import (
	"context"
	"errors"
	"io"
	"net"
	"net/url"

	"github.com/evalopt/evalopt/evaluator"
)

// ErrorClass says whether another attempt at a failed call may succeed.
type ErrorClass int

// The error classes Classify returns.
const (
	// ClassUnknown: nothing in the error says; the loop retries it (as it
	// always did) unless it is marked with Permanent.
	ClassUnknown ErrorClass = iota
	// ClassTransient: the same call may succeed later (a timeout, a rate
	// limit, an overloaded or failing server, a dropped connection).
	ClassTransient
	// ClassPermanent: the same call fails again (a bad request, bad
	// credentials, a refusal, a truncated reply, an invalid decision).
	ClassPermanent
)

// String returns "unknown", "transient" or "permanent".
func (c ErrorClass) String() string {
	switch c {
	case ClassTransient:
		return "transient"
	case ClassPermanent:
		return "permanent"
	}
	return "unknown"
}

// Classify says whether err is worth retrying. The first rule that matches
// anything in err's chain (errors.As) wins:
//
//  1. a class set with Permanent or Transient (the outermost mark wins);
//  2. a *RefusalError or *TruncatedError, or an error matching
//     ErrInvalidDecision (an unparseable or invalid reply): permanent;
//  3. a *ProviderError with a status: 408, 409, 429 and 5xx are transient,
//     any other status >= 400 is permanent;
//  4. context.DeadlineExceeded (a per-call timeout; the loop checks its own
//     and the caller's deadline before retrying): transient;
//     context.Canceled: permanent;
//  5. a net.Error that timed out, a connection reset, refused or aborted, a
//     broken pipe, an unexpected EOF, or an HTTP request (*url.Error) that
//     ended in io.EOF because the server closed the connection without a
//     reply: transient.
//
// Anything else, nil included, is ClassUnknown.
func Classify(err error) ErrorClass {
	if err == nil {
		return ClassUnknown
	}
	var m *classedError
	if errors.As(err, &m) {
		return m.class
	}
	var refusal *RefusalError
	var trunc *TruncatedError
	if errors.As(err, &refusal) || errors.As(err, &trunc) || errors.Is(err, evaluator.ErrInvalidDecision) {
		return ClassPermanent
	}
	var pe *ProviderError
	if errors.As(err, &pe) && pe.StatusCode != 0 {
		return statusClass(pe.StatusCode)
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return ClassTransient
	case errors.Is(err, context.Canceled):
		return ClassPermanent
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return ClassTransient
	}
	if droppedConnection(err) || errors.Is(err, io.ErrUnexpectedEOF) {
		return ClassTransient
	}
	// A bare io.EOF means "the server hung up" only on a request; elsewhere
	// (a reader a role wrote) it may be a normal end, so it stays unknown.
	var ue *url.Error
	if errors.As(err, &ue) && errors.Is(ue.Err, io.EOF) {
		return ClassTransient
	}
	return ClassUnknown
}

// statusClass classifies an HTTP status.
func statusClass(code int) ErrorClass {
	switch {
	case code == 408 || code == 409 || code == 429 || code >= 500:
		return ClassTransient
	case code >= 400:
		return ClassPermanent
	}
	return ClassUnknown
}

// Permanent marks err as not worth retrying, whatever else it wraps: a
// role returns Permanent(err) for a failure another attempt cannot fix. The
// returned error has err's text and unwraps to err. Permanent(nil) is nil.
func Permanent(err error) error { return mark(err, ClassPermanent) }

// Transient marks err as worth retrying, whatever else it wraps. The
// returned error has err's text and unwraps to err. Transient(nil) is nil.
func Transient(err error) error { return mark(err, ClassTransient) }

func mark(err error, c ErrorClass) error {
	if err == nil {
		return nil
	}
	return &classedError{err: err, class: c}
}

// classedError is an error marked with a class.
type classedError struct {
	err   error
	class ErrorClass
}

// Error returns the wrapped error's text unchanged.
func (e *classedError) Error() string { return e.err.Error() }

// Unwrap returns the wrapped error.
func (e *classedError) Unwrap() error { return e.err }
