package checks_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/checks/revision"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// The reviser "smooths" the reply and changes the refund amount on the
// way; the judge passes the revision, the revision guard blocks it.
func ExampleRevisionGuard() {
	task := evaluator.Task{
		Input:    "Reply to the customer about the refund.",
		Evidence: []evaluator.Evidence{{ID: "E1", Content: "Refund approved: EUR 450, issued on 2025-05-01."}},
	}
	gen := loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) {
		return "Your refund of EUR 450 was issued on 1 May 2025 [E1]. Thanks", nil
	})
	rev := loop.ReviserFunc[string](func(context.Context, evaluator.Task, string, evaluator.EvaluationDecision) (string, error) {
		return "Good news! Your refund of EUR 540 was issued on 1 May 2025 [E1]. Thank you for your patience.", nil
	})
	judge := evaluator.Func[string](func(_ context.Context, _ evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		if strings.HasPrefix(c, "Good news") {
			return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.95}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.6, RevisionInstructions: []string{"warmer tone"}}, nil
	})
	guard := revision.NewRevisionGuard(revision.RevisionGuardConfig{})
	res, _ := loop.RunLoop(context.Background(), task, gen, judge, rev, loop.WithRevisionCheck[string](guard.Check))
	fmt.Println(res.Outcome)
	fmt.Println(res.Decision.BlockingFailures[0])
	step := res.Trace[len(res.Trace)-1]
	fmt.Println(step.Role, step.Decision.Criteria[len(step.Decision.Criteria)-1].Reason)
	// Output:
	// blocked
	// revision.unsupported_change: the revision changed the amount "EUR 450" to "EUR 540", which no evidence supports; keep what the evidence states (line 1:27, "EUR 540")
	// revision_check 1 change(s): added amount "EUR 540" (replaces "EUR 450") [unsupported]
}
