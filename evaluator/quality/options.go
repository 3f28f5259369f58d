package quality

import (
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/option"
)

// RunOption configures Measure and MeasureOf. The zero value of every
// setting means its documented default; a value out of range, or a nil
// option, makes Measure return an error matching
// evaluator.ErrInvalidOption that names the option.
type RunOption func(*runConfig)

type runConfig struct {
	concurrency int
	repeats     int
	now         func() time.Time
	progress    func(done, total int)
	errs        []error
}

// WithParallelCalls bounds how many evaluator calls run at once. Zero means
// the default, runtime.GOMAXPROCS(0); a negative n is an error. The bound
// never exceeds the number of calls.
func WithParallelCalls(n int) RunOption {
	return nonNegative("WithParallelCalls", n, func(c *runConfig) *int { return &c.concurrency })
}

// WithRepeats runs every case n times, to measure consistency (flip rate).
// Zero means the default, 1; a negative n is an error.
func WithRepeats(n int) RunOption {
	return nonNegative("WithRepeats", n, func(c *runConfig) *int { return &c.repeats })
}

// nonNegative is option.NonNegative for run options.
func nonNegative(name string, n int, field func(*runConfig) *int) RunOption {
	return option.NonNegative(name, n, field, (*runConfig).invalid)
}

// withClock replaces time.Now for measuring call latency; tests use it to
// make latency figures deterministic. It must be safe for concurrent use.
// Nil means the default, time.Now.
func withClock(now func() time.Time) RunOption {
	return func(c *runConfig) { c.now = now }
}

// WithProgress makes Measure and MeasureOf call progress after every
// evaluator call ends (or is skipped because the context ended), with the
// number of calls ended so far and the total (cases × repeats), so that a
// long run can show how far it got. The calls are made one at a time, in
// increasing order of done, from the goroutine that ran the evaluator
// call: progress need not be safe for concurrent use, but a slow progress
// slows the run. Nil means no progress reports (the default).
func WithProgress(progress func(done, total int)) RunOption {
	return func(c *runConfig) { c.progress = progress }
}

// invalid records an option out of range.
func (c *runConfig) invalid(format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf("quality: %w: "+format, append([]any{evaluator.ErrInvalidOption}, args...)...))
}

// newRunConfig applies opts over the defaults; its error joins every
// problem.
func newRunConfig(opts []RunOption) (runConfig, error) {
	var c runConfig
	for i, o := range opts {
		if o == nil {
			c.invalid("opts[%d]: nil option", i)
			continue
		}
		o(&c)
	}
	if len(c.errs) > 0 {
		return runConfig{}, errors.Join(c.errs...)
	}
	if c.concurrency == 0 {
		c.concurrency = runtime.GOMAXPROCS(0)
	}
	if c.repeats == 0 {
		c.repeats = 1
	}
	if c.now == nil {
		c.now = time.Now
	}
	return c, nil
}
