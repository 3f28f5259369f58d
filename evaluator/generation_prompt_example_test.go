package evaluator_test

import (
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
)

// The generator's and the reviser's prompts for a model client: the
// reviser sees the draft and what the judge asked to change.
func ExampleRevisionPrompt() {
	task := evaluator.Task{
		Input:    "Answer the refund request.",
		Evidence: []evaluator.Evidence{{ID: "inv-7", Source: "billing", Content: "Invoice 7: 59.99 EUR"}},
	}
	gen := evaluator.GenerationPrompt("You write support replies.", task)
	fmt.Println(gen.System)
	d := evaluator.EvaluationDecision{
		Status:               evaluator.StatusRevise,
		RevisionInstructions: []string{"Cite the invoice [inv-7] for the amount."},
	}
	rev := evaluator.RevisionPrompt("You revise support replies.", task, "We refund 59.99 EUR.", d)
	fmt.Println(rev.User)
	// Output:
	// You write support replies.
	// ## Task
	//
	// Answer the refund request.
	//
	// ## Evidence
	//
	// <evidence id="inv-7" source="billing">
	// Invoice 7: 59.99 EUR
	// </evidence>
	//
	// ## Current draft
	//
	// <draft>
	// We refund 59.99 EUR.
	// </draft>
	//
	// ## What to change
	//
	// - Cite the invoice [inv-7] for the amount.
	//
	// Reply with the revised draft only.
}
