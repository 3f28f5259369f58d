package genkitloop_test

import (
	"context"
	"fmt"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"

	genkitloop "github.com/evalopt/evalopt/adapters/genkit"
	"github.com/evalopt/evalopt/adapters/genkit/genkittest"
	"github.com/evalopt/evalopt/evaluator"
)

// The loop as a Genkit flow with model-backed roles, and its judge as a
// Genkit evaluator.
func Example() {
	g := genkit.Init(context.Background())
	writer := genkittest.Define(g, "writer", genkittest.Reply{Text: "draft", Tokens: 5})
	editor := genkittest.Define(g, "editor", genkittest.Reply{Text: "final", Tokens: 5})
	judge := evaluator.Func[string](func(_ context.Context, _ evaluator.Task, s string) (evaluator.EvaluationDecision, error) {
		if s == "draft" {
			return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5, RevisionInstructions: []string{"finish it"}}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
	})

	flow := genkitloop.DefineFlow(g, "gate", genkitloop.Loop[string]{
		Generator: genkitloop.Generator(g, nil, ai.WithModelName(writer.Name)),
		Evaluator: judge,
		Reviser:   genkitloop.Reviser(g, nil, ai.WithModelName(editor.Name)),
	})
	res, err := flow.Run(context.Background(), evaluator.Task{ID: "t", Input: "write"})
	fmt.Println(res.Outcome, res.Candidate, len(res.Trace), err)

	genkitloop.DefineEvaluator[string](g, "evalopt/judge", judge, nil, nil)
	resp, err := genkit.Evaluate(context.Background(), g, ai.WithEvaluatorName("evalopt/judge"),
		ai.WithDataset(&ai.Example{TestCaseId: "a", Input: "write", Output: "draft"}))
	if err != nil {
		fmt.Println(err)
		return
	}
	s := (*resp)[0].Evaluation[0]
	fmt.Println(s.Status, s.Details[genkitloop.DetailStatus], s.Details[genkitloop.DetailRevisionInstructions])
	// Output:
	// succeeded final 4 <nil>
	// FAIL revise [finish it]
}
