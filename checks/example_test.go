package checks_test

import (
	"context"
	"fmt"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/evaluator"
)

// A deliverable is gated by the deterministic checks first and a model
// judge second: a blocking finding stops the chain before the judge runs.
func Example() {
	suite := checks.DefaultSuite()

	// A scripted judge stands in for a model call.
	judge := evaluator.Func[string](func(ctx context.Context, task evaluator.Task, draft string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{
			Status:   evaluator.StatusPass,
			Score:    0.9,
			Criteria: []evaluator.Criterion{{Name: "judge.overall", Passed: true, Reason: "clear and complete"}},
		}, nil
	})
	gate := evaluator.Chain[string](suite, judge)

	task := evaluator.Task{ID: "review-42", Kind: evaluator.KindReviewMemo, Input: "Review the supply agreement and recommend amendments."}
	drafts := []string{
		`## Summary

The cap on the Supplier's liability is too low for the value at stake.

## Findings

F1. Section 11.2 caps liability at the fees paid in the last three months.

## Recommendations

### R1 – Liability cap

Risk: 4. Severity: RED. The Customer may want to revisit the cap in Section 11.2 by [DATE].
`,
		`## Summary

The cap on the Supplier's liability is too low for the value at stake.

## Findings

F1. Section 11.2 caps liability at the fees paid in the last three months.

## Recommendations

### R1 – Liability cap

Risk: 4. Severity: RED. Replace the cap in Section 11.2.

Replacement text: "The total liability of each Party in any contract year shall not exceed $3,000,000."
`,
	}
	for i, draft := range drafts {
		d, err := gate.Evaluate(context.Background(), task, draft)
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		fmt.Printf("draft %d: %s (score %.2f)\n", i+1, d.Status, d.Score)
		for _, b := range d.BlockingFailures {
			fmt.Println("  block:", b)
		}
	}
	// Output:
	// draft 1: block (score 0.25)
	//   block: recommendation.actionability_ratio: 1 of 1 recommendations (100%) are not actionable (hedged or directional-only with no drafted text); at most 30% allowed (line 11:1, "### R1 – Liability cap")
	//   block: recommendation.hedge_high_risk: hedged recommendation (RED) with no drafted replacement text: state the action and draft the clause (line 13:38, "may want to")
	//   block: placeholder.unfilled: unfilled placeholder: replace it with the final text (line 13:85, "[DATE]")
	// draft 2: pass (score 0.90)
}
