package revision_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/revision"
	"github.com/evalopt/evalopt/evaluator"
)

// A revision changes an amount the evidence states: the guard blocks it.
func ExampleRevisionGuard_Findings() {
	guard := revision.NewRevisionGuard(revision.RevisionGuardConfig{})
	task := evaluator.Task{Evidence: []evaluator.Evidence{{ID: "E1", Content: "Refund approved: EUR 450."}}}
	previous := "Your refund of EUR 450 is on its way [E1]."
	next := "Good news: your refund of EUR 540 is on its way [E1]."
	for _, f := range guard.Findings(task, previous, next) {
		fmt.Println(f.Rule, f.Severity, f.Location, f.Location.Text)
	}
	// Output:
	// revision.unsupported_change block 1:27 EUR 540
}
