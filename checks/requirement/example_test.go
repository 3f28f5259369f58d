package requirement_test

import (
	"context"
	"fmt"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/requirement"
	"github.com/evalopt/evalopt/evaluator"
)

// A task requires a reply that mentions a return to state the return
// window; the reply does not.
func ExampleNewRequirementCheck() {
	s, err := check.NewSuite([]check.Check{requirement.NewRequirementCheck()})
	if err != nil {
		panic(err)
	}
	task := evaluator.Task{Input: "Reply to the customer.", Requirements: []evaluator.Requirement{
		{Name: "state_return_window", When: `(?i)\breturn`, Must: `\b30 days\b`},
	}}
	fs, err := s.Findings(context.Background(), task, "You may return the jacket for a full refund.")
	if err != nil {
		panic(err)
	}
	for _, f := range fs {
		fmt.Println(f.Rule, f.Severity, f.Location, f.Location.Text)
	}
	// Output:
	// requirement.state_return_window block 1:9 return
}
