package adapterkit_test

import (
	"context"
	"fmt"

	"github.com/evalopt/evalopt/adapters/adapterkit"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// An adapter binds its client's call to a CompleteFunc and gets the roles:
// here the "client" answers from a script.
func Example() {
	writer := func(_ context.Context, system, user string) (string, error) {
		return "We refund 59.99 EUR [inv-7].", nil
	}
	judge := func(_ context.Context, system, user string) (string, error) {
		return `{"status":"pass","score":0.9,"criteria":[{"name":"amount","passed":true,"evidenceRefs":["inv-7"],"reason":"matches"}],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`, nil
	}
	task := evaluator.Task{
		Input:    "Answer the refund request.",
		Evidence: []evaluator.Evidence{{ID: "inv-7", Content: "Invoice 7: 59.99 EUR"}},
	}
	res, err := loop.RunLoop(context.Background(), task,
		adapterkit.NewGenerator(writer, "gpt-4.1-mini", "You write support replies."),
		adapterkit.DecisionJudge(judge, "claude-sonnet-4-5"),
		adapterkit.NewReviser(writer, "gpt-4.1-mini", "You revise support replies."))
	fmt.Println(res.Outcome, res.Candidate, err)
	// Output: succeeded We refund 59.99 EUR [inv-7]. <nil>
}
