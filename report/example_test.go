package report_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
	"github.com/evalopt/evalopt/report"
)

// Render a loop's result for a terminal. The evaluator here writes its
// reasons the way the deterministic checks do, so the report marks each
// finding under the line it points at.
func ExampleLoop() {
	draft := "Dear customer,\nyour refund of [AMOUNT] is on its way.\n"
	gen := loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) { return draft, nil })
	ev := evaluator.Func[string](func(_ context.Context, _ evaluator.Task, reply string) (evaluator.EvaluationDecision, error) {
		if i := strings.Index(reply, "[AMOUNT]"); i >= 0 {
			failure := `placeholder.unfilled: unfilled placeholder (line 2:16, "[AMOUNT]")`
			return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{failure},
				Criteria: []evaluator.Criterion{{Name: "placeholder.unfilled", Reason: `unfilled placeholder (line 2:16, "[AMOUNT]")`}}}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
	})
	rev := loop.ReviserFunc[string](func(_ context.Context, _ evaluator.Task, c string, _ evaluator.EvaluationDecision) (string, error) {
		return c, nil
	})
	res, _ := loop.RunLoop(context.Background(), evaluator.Task{ID: "refund-7"}, gen, ev, rev)
	for i := range res.Trace {
		res.Trace[i].Duration = 0 // wall-clock time varies; keep the output stable
	}
	if err := report.Loop(res, nil).WriteText(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// loop: blocked (policy_block), 0 revisions, 2 steps, cost 0.0000, time 0s
	// cost by role: generate 0.0000, evaluate 0.0000, revise 0.0000
	//
	// STEP  ROLE      ATTEMPT  STATUS  SCORE  COST    TIME  NOTE
	// 0     generate  1        ok      -      0.0000  0s
	// 1     evaluate  1        block   0.00   0.0000  0s
	//
	// step 1 evaluate: block, score 0.00; 1 of 1 criteria failed
	//     1 | Dear customer,
	//     2 | your refund of [AMOUNT] is on its way.
	//       |                ^~~~~~~~ [1] block placeholder.unfilled: unfilled placeholder
	//
	// decision: block, score 0.00, stop reason policy_block
	//
	// candidate (judged at step 1): 2 lines, 1 finding, marked under step 1 above
}

// ParseReason reads the location the checks write at the end of a reason.
func ExampleParseReason() {
	msg, loc, ok := report.ParseReason(`quote not found in the source (line 12:5, "\"net 30\"")`)
	fmt.Println(ok, msg)
	fmt.Println(loc.Line, loc.Column, loc.Text)
	// Output:
	// true quote not found in the source
	// 12 5 "net 30"
}
