package evalopt_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// RunLoop drives the roles: the first draft promises money before approval,
// a deterministic stage (run before the model judge) asks for a revision,
// the reviser fixes the draft, and the loop succeeds. The trace records
// every role call.
func Example() {
	task := evaluator.Task{
		ID:    "refund-42",
		Input: "Customer asks for a refund of a damaged blender.",
		Evidence: []evaluator.Evidence{
			{ID: "photo-1", Source: "upload", Content: "Photo: cracked jug."},
		},
	}
	draft := loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) {
		return "Sorry about the blender. Your money is on its way!", nil // stands in for a model
	})
	noPromise := evaluator.Func[string](func(_ context.Context, _ evaluator.Task, d string) (evaluator.EvaluationDecision, error) {
		if strings.Contains(strings.ToLower(d), "money is on its way") {
			return evaluator.EvaluationDecision{
				Status:               evaluator.StatusRevise,
				Score:                0.3,
				Criteria:             []evaluator.Criterion{{Name: "no_unapproved_promise", Reason: "promises a refund before approval"}},
				RevisionInstructions: []string{"Do not promise money before approval; say the request is under review."},
			}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
	})
	judge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		// Stands in for the caller's model client; its reply is parsed strictly.
		return evaluator.ParseDecision([]byte(`{"status":"pass","score":0.95,"criteria":[{"name":"tone","passed":true,"evidenceRefs":["photo-1"],"reason":"polite"}]}`))
	})
	fix := loop.ReviserFunc[string](func(_ context.Context, _ evaluator.Task, _ string, d evaluator.EvaluationDecision) (string, error) {
		return "Sorry about the blender. We have opened a refund request for review.", nil // follows d.RevisionInstructions
	})

	res, err := loop.RunLoop(context.Background(), task, draft, evaluator.Chain(noPromise, judge), fix,
		loop.WithMaxRevisions(2))
	for _, s := range res.Trace {
		fmt.Println(strings.TrimSpace(fmt.Sprint(s.Index, " ", s.Role, " ", s.Decision.Status)))
	}
	fmt.Println(res.Outcome, res.StopReason, "revisions:", res.Revisions, "error:", err)
	fmt.Println(res.Candidate)
	// Output:
	// 0 generate
	// 1 evaluate revise
	// 2 revise
	// 3 evaluate pass
	// succeeded passed revisions: 1 error: <nil>
	// Sorry about the blender. We have opened a refund request for review.
}
