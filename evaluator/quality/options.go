package quality

import (
	"fmt"
	"runtime"
	"time"
)

// RunOption configures Measure and MeasureOf. The zero value of every
// setting means its documented default.
type RunOption func(*runConfig)

type runConfig struct {
	concurrency int
	repeats     int
	now         func() time.Time
	err         error
}

// WithConcurrency bounds how many evaluator calls run at once. Zero means
// the default, runtime.GOMAXPROCS(0); a negative n makes Measure return an
// error. The bound never exceeds the number of calls.
func WithConcurrency(n int) RunOption {
	return func(c *runConfig) {
		if n < 0 {
			c.setErr(fmt.Errorf("quality: WithConcurrency: must be >= 0, got %d", n))
			return
		}
		c.concurrency = n
	}
}

// WithRepeats runs every case n times, to measure consistency (flip rate).
// Zero means the default, 1; a negative n makes Measure return an error.
func WithRepeats(n int) RunOption {
	return func(c *runConfig) {
		if n < 0 {
			c.setErr(fmt.Errorf("quality: WithRepeats: must be >= 0, got %d", n))
			return
		}
		c.repeats = n
	}
}

// WithClock replaces time.Now for measuring call latency; tests use it to
// make latency figures deterministic. It must be safe for concurrent use.
// Nil means the default, time.Now.
func WithClock(now func() time.Time) RunOption {
	return func(c *runConfig) { c.now = now }
}

func (c *runConfig) setErr(err error) {
	if c.err == nil {
		c.err = err
	}
}

// newRunConfig applies opts over the defaults.
func newRunConfig(opts []RunOption) (runConfig, error) {
	var c runConfig
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	if c.err != nil {
		return runConfig{}, c.err
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
