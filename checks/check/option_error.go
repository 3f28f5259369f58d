package check

import (
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
)

// optionError is the error for a Suite option out of range, named in the
// message ("WithConcurrency: must be >= 0, got -1"); it matches
// evaluator.ErrInvalidOption, as the options of every package do.
func optionError(format string, args ...any) error {
	return fmt.Errorf("checks: %w: "+format, append([]any{evaluator.ErrInvalidOption}, args...)...)
}
