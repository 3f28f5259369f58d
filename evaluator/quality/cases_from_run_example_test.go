package quality_test

import (
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/quality"
)

// A production miss becomes a regression case: the saved loop (its task
// and result) and the reviewer's verdict give a case tagged as a known
// failure, which a JSON Lines set then keeps (quality.AppendCase).
func ExampleCaseFromRun() {
	saved := []byte(`{
	  "task": {"id": "req-77", "input": "Reply to the refund request.", "kind": "customer_reply",
	           "evidence": [{"id": "policy", "content": "Refunds within 30 days of delivery only."}]},
	  "result": {"candidate": "Your refund will be issued today.", "candidateStep": 1,
	             "trace": [{"role": "generate", "candidate": "Your refund will be issued today."},
	                       {"role": "evaluate", "candidate": "Your refund will be issued today.",
	                        "decision": {"status": "pass", "score": 0.92}}]}
	}`)
	run, err := quality.ParseSavedRun(saved)
	if err != nil {
		panic(err)
	}
	c, err := quality.CaseFromRun("prod-req-77", run,
		quality.ExpectedDecision{Status: evaluator.StatusBlock}, "refund promised 45 days after delivery")
	if err != nil {
		panic(err)
	}
	fmt.Println(c.ID, c.Kind, c.Expected.Status, c.Expected.MustNotPass, c.Tags)
	fmt.Println(c.Note)
	// Output:
	// prod-req-77 customer_reply block true [known_failure]
	// refund promised 45 days after delivery (the evaluator decided pass)
}
