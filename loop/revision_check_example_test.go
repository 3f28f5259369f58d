package loop_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/ensemble"
	"github.com/evalopt/evalopt/loop"
)

// A revision check sees both the revision and the candidate it revised;
// its block joins the judge's pass, and the stricter status wins.
func ExampleWithRevisionCheck() {
	gen := loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) { return "Due in 30 days.", nil })
	rev := loop.ReviserFunc[string](func(context.Context, evaluator.Task, string, evaluator.EvaluationDecision) (string, error) {
		return "Kindly note: due in 45 days.", nil
	})
	judge := evaluator.Func[string](func(_ context.Context, _ evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		if strings.HasPrefix(c, "Kindly") {
			return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5, RevisionInstructions: []string{"be polite"}}, nil
	})
	keepsTerms := func(_ context.Context, _ evaluator.Task, prev, next string) (evaluator.EvaluationDecision, error) {
		if strings.Contains(prev, "30 days") && !strings.Contains(next, "30 days") {
			return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"payment term changed"}}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
	}
	res, _ := loop.RunLoop(context.Background(), evaluator.Task{}, gen, judge, rev, loop.WithRevisionCheck[string](keepsTerms))
	fmt.Println(res.Outcome, res.Decision.BlockingFailures)
	for _, s := range res.Trace {
		fmt.Println(strings.TrimSpace(fmt.Sprintf("%d %s %s", s.Index, s.Role, s.Decision.Status)))
	}
	// Output:
	// blocked [payment term changed]
	// 0 generate
	// 1 evaluate revise
	// 2 revise
	// 3 evaluate pass
	// 4 revision_check block
}

// BestOfTwo asks for two revisions and keeps the second only when the pair
// judge prefers it in both orders.
func ExampleBestOfTwo() {
	n := 0
	rev := loop.ReviserFunc[string](func(context.Context, evaluator.Task, string, evaluator.EvaluationDecision) (string, error) {
		n++
		return []string{"short", "a fuller answer"}[(n-1)%2], nil
	})
	longer := ensemble.PairFunc[string](func(_ context.Context, _ evaluator.Task, a, b string) (ensemble.Preference, error) {
		if len(a) >= len(b) {
			return ensemble.PreferFirst, nil
		}
		return ensemble.PreferSecond, nil
	})
	best := loop.BestOfTwo[string](rev, longer, func(c ensemble.Comparison) { fmt.Println("winner:", c.Winner) })
	out, _ := best.Revise(context.Background(), evaluator.Task{}, "draft", evaluator.EvaluationDecision{})
	fmt.Println(out)
	// Output:
	// winner: b
	// a fuller answer
}
