package evalopt_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
)

// A deterministic stage runs before the model judge; a draft that promises
// money before approval is blocked, and the judge is never asked.
func Example() {
	task := evaluator.Task{
		ID:    "refund-42",
		Input: "Customer asks for a refund of a damaged blender.",
		Evidence: []evaluator.Evidence{
			{ID: "photo-1", Source: "upload", Content: "Photo: cracked jug."},
		},
	}
	noPromise := evaluator.Func[string](func(_ context.Context, _ evaluator.Task, draft string) (evaluator.EvaluationDecision, error) {
		if strings.Contains(strings.ToLower(draft), "money is on its way") {
			return evaluator.EvaluationDecision{
				Status:           evaluator.StatusBlock,
				Criteria:         []evaluator.Criterion{{Name: "no_unapproved_promise", Reason: "promises a refund before approval"}},
				BlockingFailures: []string{"promise_before_approval"},
			}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
	})
	judgeCalls := 0
	judge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		judgeCalls++ // stands in for the caller's model client
		return evaluator.ParseDecision([]byte(`{"status":"pass","score":0.95,"criteria":[{"name":"tone","passed":true,"evidenceRefs":["photo-1"],"reason":"polite"}]}`))
	})
	gate := evaluator.Chain[string](noPromise, judge)

	for _, draft := range []string{
		"Sorry about the blender. Your money is on its way!",
		"Sorry about the blender. We have opened a refund request for review.",
	} {
		d, err := gate.Evaluate(context.Background(), task, draft)
		fmt.Println(d.Status, d.BlockingFailures, err, "judge calls:", judgeCalls)
	}
	// Output:
	// block [promise_before_approval] <nil> judge calls: 0
	// pass [] <nil> judge calls: 1
}
