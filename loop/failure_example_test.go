package loop_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// A framework node returns a zero output with its error; Fail keeps the
// Result in the error so the caller still gets the trace.
func ExampleFail() {
	gen := loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) { return "draft", nil })
	judge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{}, errors.New("judge unavailable")
	})
	rev := loop.ReviserFunc[string](func(_ context.Context, _ evaluator.Task, c string, _ evaluator.EvaluationDecision) (string, error) {
		return c, nil
	})
	node := func(ctx context.Context, task evaluator.Task) (loop.Result[string], error) {
		res, err := loop.RunLoop(ctx, task, gen, judge, rev)
		if err != nil {
			return loop.Result[string]{}, loop.Fail(res, err) // the host drops the output
		}
		return res, nil
	}

	_, err := node(context.Background(), evaluator.Task{ID: "t"})
	if res, ok := loop.ResultOf[string](err); ok {
		fmt.Println(res.Outcome, res.StopReason, len(res.Trace), "steps")
		fmt.Println(res.Trace[1].Err)
	}
	// Output:
	// failed error 2 steps
	// judge unavailable
}
