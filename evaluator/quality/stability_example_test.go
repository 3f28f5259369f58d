package quality_test

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/quality"
)

// Five repeats per case show which verdicts flicker; the canonical verdict
// follows ensemble.Reduce, so a flickering approval escalates.
func ExampleStability() {
	var n atomic.Int64
	judge := evaluator.Func[string](func(_ context.Context, task evaluator.Task, _ string) (evaluator.EvaluationDecision, error) {
		if task.ID == "flaky" && n.Add(1)%5 == 0 {
			return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"unsupported total"}}, nil
		}
		if task.ID == "flaky" {
			return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"unsupported total"}}, nil
	})
	cases := []quality.Case{
		{ID: "steady", Candidate: "Total: $9,999.", Expected: quality.ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true}},
		{ID: "flaky", Candidate: "Total: $1,999.", Expected: quality.ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true}},
	}
	r, _ := quality.Measure(context.Background(), judge, cases, quality.WithRepeats(5), quality.WithParallelCalls(1))
	s := r.Stability
	fmt.Println("stable:", s.Stable, "unstable:", s.UnstableIDs)
	for _, c := range s.Cases {
		fmt.Println(c.CaseID, c.Votes, "flip rate", c.FlipRate, "canonical", c.Canonical)
	}
	fmt.Println("per-call false approvals:", r.FalseApprovalRate, "canonical:", s.CanonicalFalseApprovals)
	// Output:
	// stable: 1/2 = 0.500 unstable: [flaky]
	// steady map[block:5] flip rate 0 canonical block
	// flaky map[block:1 pass:4] flip rate 0.2 canonical escalate
	// per-call false approvals: 4/10 = 0.400 canonical: 0/2 = 0.000
}
