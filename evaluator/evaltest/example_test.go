package evaltest_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/evaltest"
	"github.com/evalopt/evalopt/evaluator/golden"
)

// Script an evaluator that asks for one revision and then passes, drive it
// the way a loop would, and inspect what it was shown.
func ExampleNewEvaluator() {
	ctx := context.Background()
	task := evaluator.Task{ID: "t1", Input: "Summarise the invoice."}
	gen := evaltest.NewGenerator(evaltest.Return("draft"))
	judge := evaltest.NewEvaluator[string](
		evaltest.Return(evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4,
			RevisionInstructions: []string{"state the total"}}),
		evaltest.Return(evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}),
	)
	rev := evaltest.NewReviser(evaltest.Return("draft, total 20.00"))

	cand, _ := gen.Generate(ctx, task)
	for {
		d, err := judge.Evaluate(ctx, task, cand)
		if err != nil || d.Status != evaluator.StatusRevise {
			fmt.Println("final:", d.Status, err)
			break
		}
		cand, _ = rev.Revise(ctx, task, cand, d)
	}
	for _, c := range judge.Calls() {
		fmt.Printf("evaluated %q\n", c.Candidate)
	}
	_, err := judge.Evaluate(ctx, task, cand)
	fmt.Println(errors.Is(err, evaltest.ErrExhausted))
	// Output:
	// final: pass <nil>
	// evaluated "draft"
	// evaluated "draft, total 20.00"
	// true
}

// CheckCase says what was expected and what came back; in a test, pass
// its error to t.Error, require.NoError or assert.NoError.
func ExampleCheckCase() {
	c := golden.Case{
		ID:        "uncited",
		Candidate: "Refunds are allowed for 90 days.",
		Expected:  golden.ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true, BlockingFailures: []string{"unsupported claim"}},
	}
	lenient := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.8}, nil
	})
	fmt.Println(evaltest.CheckCase(context.Background(), lenient, c))
	// Output:
	// evaltest: case "uncited": the decision does not meet the case
	// 	status: expected block, got pass
	// 	must_not_pass: the evaluator passed a candidate that must not pass (a false approval)
	// 	blocking_failures: expected one containing "unsupported claim", got []
	// 	got: {"status":"pass","score":0.8,"criteria":[],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}
}
