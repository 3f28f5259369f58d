package loop

import (
	"errors"
	"math"
	"runtime/debug"
	"time"

	"github.com/evalopt/evalopt/evaluator"
)

// retryable reports whether a role error may be retried: not a panic, and
// not permanent by evaluator.Classify (transient and unclassified errors
// are retried). A context.DeadlineExceeded is retried only as a per-call
// timeout: the caller runs ctxEnded first, so the loop's own timeout and
// the caller's deadline end the loop instead.
func retryable(err error) bool {
	var p *PanicError
	return !errors.As(err, &p) && evaluator.Classify(err) != evaluator.ClassPermanent
}

// sleep waits d before a retry, returning early with the ending when the
// loop's context ends first. It uses a timer, not a goroutine.
func (r *runner[C]) sleep(d time.Duration) ending {
	if d > 0 {
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-r.ctx.Done():
			t.Stop()
		}
	}
	return r.ctxEnded()
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
