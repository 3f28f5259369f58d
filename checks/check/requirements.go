package check

import (
	"errors"
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
)

// ErrInvalidTask is matched (errors.Is) by the error Suite.Findings and
// Suite.Evaluate return for a task the checks cannot apply: an unknown kind
// or an invalid requirement. The message names the field
// ("requirements[1].when: invalid regular expression ...").
var ErrInvalidTask = errors.New("checks: invalid task")

// compileRequirements validates the task's kind and requirements and
// compiles the requirements. Errors name the field and match
// ErrInvalidTask.
func compileRequirements(task evaluator.Task) ([]evaluator.CompiledRequirement, error) {
	if err := (evaluator.Task{Kind: task.Kind, Requirements: task.Requirements}).Validate(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidTask, err)
	}
	out := make([]evaluator.CompiledRequirement, 0, len(task.Requirements))
	for i, r := range task.Requirements {
		c, err := r.Compile()
		if err != nil { // Validate passed, so this is unreachable in practice
			return nil, fmt.Errorf("%w: requirements[%d]: %w", ErrInvalidTask, i, err)
		}
		out = append(out, c)
	}
	return out, nil
}
