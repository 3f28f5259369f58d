package einoloop_test

import (
	"context"
	"fmt"

	"github.com/cloudwego/eino/compose"

	einoloop "github.com/evalopt/evalopt/adapters/eino"
	"github.com/evalopt/evalopt/adapters/eino/einotest"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// The loop as one node of an Eino chain; the node's output is the final
// step, whose Result holds the accepted candidate and the trace.
func Example() {
	judge := evaluator.Func[string](func(_ context.Context, _ evaluator.Task, s string) (evaluator.EvaluationDecision, error) {
		if s == "draft" {
			return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5, RevisionInstructions: []string{"finish it"}}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
	})
	l := einoloop.Loop[string]{
		Generator: einoloop.Generator(einotest.New(einotest.Reply{Text: "draft", Tokens: 10}), nil),
		Evaluator: judge,
		Reviser:   einoloop.Reviser(einotest.New(einotest.Reply{Text: "final", Tokens: 12}), nil),
	}
	chain, err := compose.NewChain[evaluator.Task, loop.Step[string]]().AppendLambda(l.Lambda()).Compile(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := chain.Invoke(context.Background(), evaluator.Task{ID: "t", Input: "write"})
	if res, ok := loop.ResultOf[string](err); ok {
		fmt.Println("failed after", len(res.Trace), "steps:", err)
		return
	}
	fmt.Println(out.Result.Outcome, out.Result.Candidate, len(out.Result.Trace), "steps,", out.Result.Cost, "tokens")
	// Output:
	// succeeded final 4 steps, 22 tokens
}
