package loop

import (
	"context"
	"errors"
	"math"
	"runtime/debug"
	"time"
)

// retryable reports whether a role error may be retried: not one marked
// Permanent, not a context error, not a panic.
func retryable(err error) bool {
	var p *PanicError
	return !IsPermanent(err) &&
		!errors.Is(err, context.Canceled) &&
		!errors.Is(err, context.DeadlineExceeded) &&
		!errors.As(err, &p)
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
