package loop

import (
	"errors"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// Errors RunLoop returns before calling any role; match them with errors.Is.
var (
	// ErrNilRole is matched by the error for a nil generator, evaluator or
	// reviser (including a nil GeneratorFunc, evaluator.Func or ReviserFunc).
	ErrNilRole = errors.New("loop: nil role")
	// ErrSameModel is matched by the error the self-approval guard returns
	// when the evaluator reports the same model as the generator or the
	// reviser and AllowSameModel was not given.
	ErrSameModel = errors.New("loop: evaluator uses the same model as the role it judges")
)

// PanicError is the error a role's panic becomes. RunLoop recovers the
// panic, stops the loop with StopError and never retries the call.
type PanicError struct {
	// Role is the role that panicked.
	Role Role
	// Value is the value passed to panic.
	Value any
	// Stack is the goroutine's stack trace at the time of the panic.
	Stack []byte
}

// Error reports the role and the panic value, within 4 KiB (a longer
// value is cut to a prefix and its size); the stack is in Stack.
func (e *PanicError) Error() string {
	head := string(e.Role) + " panicked: "
	return head + strictjson.ValueText(e.Value, strictjson.MaxError-len(head))
}

// Unwrap returns the panic value when it is an error, so that errors.Is and
// errors.As see through the panic.
func (e *PanicError) Unwrap() error {
	if err, ok := e.Value.(error); ok {
		return err
	}
	return nil
}
