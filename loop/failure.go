package loop

import "errors"

// resultError is the error Fail returns: it carries the Result of the loop
// that failed. Error returns Err's text unchanged and Unwrap returns Err.
type resultError[C any] struct {
	// Result is the Result RunLoop returned with Err; its Trace holds every
	// role call made.
	Result Result[C]
	// Err is the error RunLoop returned.
	Err error
}

// Error returns the text of the loop's error.
func (f *resultError[C]) Error() string {
	if f.Err == nil {
		return "loop: failed"
	}
	return f.Err.Error()
}

// Unwrap returns the loop's error.
func (f *resultError[C]) Unwrap() error { return f.Err }

// Fail returns err wrapped with res, or nil when err is nil. Hosts whose
// error path drops a node's or a flow's output (agent frameworks hand back
// a zero value with the error) call it on RunLoop's pair and return what it
// gets, so the caller still gets the trace: ResultOf finds it. The error's
// text is err's unchanged, and errors.Is and errors.As see through it to
// every sentinel RunLoop's error matches (context.Canceled,
// evaluator.ErrInvalidTask, ...).
func Fail[C any](res Result[C], err error) error {
	if err == nil {
		return nil
	}
	return &resultError[C]{Result: res, Err: err}
}

// ResultOf returns the Result carried by the first error from Fail in
// err's chain, and whether there was one. C must be the loop's candidate
// type: a Result of another candidate type is not found.
func ResultOf[C any](err error) (Result[C], bool) {
	var f *resultError[C]
	if errors.As(err, &f) {
		return f.Result, true
	}
	return Result[C]{}, false
}
