package loop

import (
	"context"
	"errors"
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// ErrorKind classifies a failed role call, and the error a loop ended
// with, in a form that survives serialisation: a durable driver stores it
// with the loop and the machine decides on it after a restart exactly as
// it would have before.
type ErrorKind string

// The kinds of Error.
const (
	// ErrorRetryable: another attempt may succeed (provider.Classify
	// says transient, or cannot say); WithRetry retries it.
	ErrorRetryable ErrorKind = "retryable"
	// ErrorPermanent: another attempt fails again (marked with provider.Permanent,
	// a 4xx provider error, a refusal, a truncated reply, a canceled
	// context the role made itself); also a loop that refused to start.
	ErrorPermanent ErrorKind = "permanent"
	// ErrorPanic: the role panicked (the error is a *PanicError in
	// process). Never retried.
	ErrorPanic ErrorKind = "panic"
	// ErrorInvalidDecision: the evaluator or the revision check returned a
	// decision that fails Validate. Never retried.
	ErrorInvalidDecision ErrorKind = "invalid_decision"
	// ErrorInvalidCost: the role reported a negative, NaN or infinite cost
	// (provider.AddCost). Never retried.
	ErrorInvalidCost ErrorKind = "invalid_cost"
	// ErrorCanceled: the call's context was canceled (the caller's
	// cancellation, or a durable engine's); the loop ends canceled.
	ErrorCanceled ErrorKind = "canceled"
	// ErrorTimeout: the loop's own time budget ran out during the call;
	// the loop ends with StopTimeout.
	ErrorTimeout ErrorKind = "timeout"
)

// fatal reports whether a kind ends the loop before any other check: a
// panic, an invalid decision and an invalid cost are never retried, and
// are reported as errors even when the context has ended meanwhile.
func (k ErrorKind) fatal() bool {
	return k == ErrorPanic || k == ErrorInvalidDecision || k == ErrorInvalidCost
}

// Error is a role call's error, or the error a loop ended with, as data:
// its kind and its text. In the process that made it, it also wraps the
// original error, so errors.Is and errors.As see the role's own errors
// (and a *PanicError); after a round trip through JSON only Kind and
// Message remain, and Is still matches evaluator.ErrInvalidDecision and
// provider.ErrInvalidCost by kind.
//
// RunLoop's error, when not nil, is an *Error.
type Error struct {
	// Kind classifies the error.
	Kind ErrorKind `json:"kind"`
	// Message is the error's text.
	Message string `json:"message"`
	// err is the original error, in the process that made it.
	err error
}

// Error returns Message.
func (e *Error) Error() string { return e.Message }

// Unwrap returns the original error, or nil after a round trip through JSON.
func (e *Error) Unwrap() error { return e.err }

// Is matches evaluator.ErrInvalidDecision for ErrorInvalidDecision and
// provider.ErrInvalidCost for ErrorInvalidCost, whether or not the original error
// is still there.
func (e *Error) Is(target error) bool {
	switch e.Kind {
	case ErrorInvalidDecision:
		return target == evaluator.ErrInvalidDecision
	case ErrorInvalidCost:
		return target == provider.ErrInvalidCost
	}
	return false
}

// newError wraps err with its kind. Its Message is err's text bounded
// (strictjson.ErrorText: 4 KiB, 64 KiB for a join): a 50 MB provider
// message or panic value must not become a 50 MB loop error and trace step.
func newError(kind ErrorKind, err error) *Error {
	return &Error{Kind: kind, Message: strictjson.ErrorText(err), err: err}
}

// cause returns the original error, or e itself when it has none.
func (e *Error) cause() error {
	if e.err != nil {
		return e.err
	}
	return e
}

// classify returns the kind of a role's error: fatal kinds aside, the
// end of the call's context comes first (the loop's timeout, told by its
// cause, or a cancellation), then provider.Classify.
func classify(ctx context.Context, err error) ErrorKind {
	if ctx.Err() != nil {
		if context.Cause(ctx) == errLoopTimeout {
			return ErrorTimeout
		}
		return ErrorCanceled
	}
	if retryable(err) {
		return ErrorRetryable
	}
	return ErrorPermanent
}

// joinCost adds an invalid cost report to a call's error (nil when the
// call itself succeeded). The join is fatal: its kind stays the call's
// when that is fatal already, and is ErrorInvalidCost otherwise.
func joinCost(err, costErr *Error) *Error {
	if err == nil {
		return costErr
	}
	kind := ErrorInvalidCost
	if err.Kind.fatal() {
		kind = err.Kind
	}
	joined := errors.Join(err.cause(), costErr.cause())
	// The text joins the two bounded messages, not the causes' full texts.
	msg := strictjson.ClipTo(err.Message+"\n"+costErr.Message, strictjson.MaxJoinedError)
	return &Error{Kind: kind, Message: msg, err: joined}
}

// stepError is the error a loop ends with when the call of step idx failed.
// Its text is built from err's bounded Message and bounded again, as the
// step's own: within 4 KiB, or 64 KiB for a joined error.
func stepError(idx int, role Role, err *Error) *Error {
	n := strictjson.MaxError
	if len(err.Message) > n || isJoin(err.cause()) {
		n = strictjson.MaxJoinedError
	}
	return &Error{
		Kind:    err.Kind,
		Message: strictjson.ClipTo(fmt.Sprintf("loop: step %d (%s): %s", idx, role, err.Message), n),
		// The cause itself, not fmt.Errorf around it, which would build its
		// whole text (50 MB for a 50 MB provider message) only to drop it.
		err: err.cause(),
	}
}

// isJoin reports whether err joins several errors.
func isJoin(err error) bool {
	_, ok := err.(interface{ Unwrap() []error })
	return ok
}
