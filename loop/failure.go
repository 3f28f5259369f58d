package loop

import "errors"

// Failure is an error that carries the Result of the loop that failed. Hosts
// whose error path drops a node's or a flow's output (agent frameworks hand
// back a zero value with the error) return Fail(res, err) instead of err, so
// the caller still gets the trace: errors.As, or ResultOf, finds it.
//
// Error returns Err's text unchanged and Unwrap returns Err, so errors.Is
// sees every sentinel RunLoop's error matches (context.Canceled,
// evaluator.ErrInvalidTask, ...).
type Failure[C any] struct {
	// Result is the Result RunLoop returned with Err; its Trace holds every
	// role call made.
	Result Result[C]
	// Err is the error RunLoop returned.
	Err error
}

// Error returns the text of the loop's error.
func (f *Failure[C]) Error() string {
	if f.Err == nil {
		return "loop: failed"
	}
	return f.Err.Error()
}

// Unwrap returns the loop's error.
func (f *Failure[C]) Unwrap() error { return f.Err }

// Fail returns err as a *Failure carrying res, or nil when err is nil: a
// host calls it on RunLoop's pair and returns what it gets.
func Fail[C any](res Result[C], err error) error {
	if err == nil {
		return nil
	}
	return &Failure[C]{Result: res, Err: err}
}

// ResultOf returns the Result carried by the first *Failure[C] in err's
// chain, and whether there was one. C must be the loop's candidate type: a
// Failure of another candidate type is not found.
func ResultOf[C any](err error) (Result[C], bool) {
	var f *Failure[C]
	if errors.As(err, &f) {
		return f.Result, true
	}
	return Result[C]{}, false
}
