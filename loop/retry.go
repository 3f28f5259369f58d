package loop

import (
	"errors"
	"math"
	"runtime/debug"
	"time"

	"github.com/evalopt/evalopt/evaluator/provider"
)

// retryable reports whether a role error may be retried: not a panic, and
// not permanent by provider.Classify (transient and unclassified errors
// are retried). A context.DeadlineExceeded is retried only as a per-call
// timeout: classify looks at the call's context first, so the loop's own
// timeout and the caller's deadline end the loop instead.
func retryable(err error) bool {
	var p *PanicError
	return !errors.As(err, &p) && provider.Classify(err) != provider.ClassPermanent
}

// doubled returns 2d, saturating instead of overflowing.
func doubled(d time.Duration) time.Duration {
	if d > math.MaxInt64/2 {
		return math.MaxInt64
	}
	return 2 * d
}

// stack returns the current goroutine's stack, for PanicError.
func stack() []byte { return debug.Stack() }
