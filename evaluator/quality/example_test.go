package quality_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/evaluator/quality"
)

// Run an evaluator over cases and read how far it can be trusted. This
// evaluator checks only that the answer cites evidence, so it approves a
// cited answer with a wrong amount.
func ExampleRunCases() {
	evidence := []evaluator.Evidence{{ID: "inv-7", Content: "Invoice 7: total 20.00 EUR."}}
	cases := []quality.Case{
		{ID: "right", Candidate: "Refund of 20.00 [inv-7].", AvailableEvidence: evidence,
			Expected: quality.ExpectedDecision{Status: evaluator.StatusPass}, HumanLabel: evaluator.StatusPass},
		{ID: "wrong-amount", Candidate: "Refund of 25.00 [inv-7].", AvailableEvidence: evidence,
			Expected:   quality.ExpectedDecision{Status: evaluator.StatusRevise, MustNotPass: true, RequiredRevisionInstruction: "25.00"},
			HumanLabel: evaluator.StatusRevise},
		{ID: "uncited", Candidate: "Refund of 20.00.", AvailableEvidence: evidence,
			Expected:   quality.ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true, BlockingFailures: []string{"unsupported"}},
			HumanLabel: evaluator.StatusBlock},
	}
	citesSomething := evaluator.Func[string](func(ctx context.Context, task evaluator.Task, answer string) (evaluator.EvaluationDecision, error) {
		provider.AddCost(ctx, 0.002) // what the judge call cost
		if !strings.Contains(answer, "[") {
			return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"unsupported claim"}}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
	})

	r, err := quality.Measure(context.Background(), citesSomething, cases, quality.WithRepeats(2))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("false approvals:", r.FalseApprovalRate)
	fmt.Println("false rejections:", r.FalseRejectionRate)
	fmt.Println("blocking-failure recall:", r.BlockingFailureRecall)
	fmt.Println("instruction coverage:", r.RevisionInstructionCoverage)
	fmt.Println("agreement with humans:", r.Kappa)
	fmt.Println("flip rate:", r.FlipRate)
	fmt.Printf("cost: %.3f\n", r.Cost)
	fmt.Println(r.Results[1].CaseID, r.Results[1].Calls[0].Mismatches[0])
	// Output:
	// false approvals: 2/4 = 0.500
	// false rejections: 0/2 = 0.000
	// blocking-failure recall: 2/2 = 1.000
	// instruction coverage: 0/2 = 0.000
	// agreement with humans: κ=0.500 (n=6)
	// flip rate: 0/6 = 0.000
	// cost: 0.012
	// wrong-amount status: expected revise, got pass
}

// Loop traces give the revision-success and max-revision rates.
func ExampleLoopStats() {
	runs := []quality.LoopRun{
		{Succeeded: true, StopReason: evaluator.StopPassed, Revisions: 0},
		{Succeeded: true, StopReason: evaluator.StopPassed, Revisions: 2},
		{StopReason: evaluator.StopMaxRevisions, Revisions: 3},
	}
	s, err := quality.LoopStats(runs)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("revision success:", s.RevisionSuccessRate)
	fmt.Println("stopped at the budget:", s.MaxRevisionRate)
	// Output:
	// revision success: 1/2 = 0.500
	// stopped at the budget: 1/3 = 0.333
}
