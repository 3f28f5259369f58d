package check

import (
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
)

// compileRequirements validates the task's kind and requirements and
// compiles the requirements. Errors name the field and match
// evaluator.ErrInvalidTask, the one sentinel of an invalid task.
func compileRequirements(task evaluator.Task) ([]evaluator.CompiledRequirement, error) {
	if err := (evaluator.Task{Kind: task.Kind, Requirements: task.Requirements}).Validate(); err != nil {
		return nil, fmt.Errorf("checks: invalid task: %w", err)
	}
	out := make([]evaluator.CompiledRequirement, 0, len(task.Requirements))
	for i, r := range task.Requirements {
		c, err := r.Compile()
		if err != nil { // Validate passed, so this is unreachable in practice
			return nil, fmt.Errorf("checks: invalid task: requirements[%d]: %w", i, err)
		}
		out = append(out, c)
	}
	return out, nil
}
