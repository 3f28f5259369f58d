// Command genkit runs an evalopt loop inside Firebase Genkit: a streaming
// flow whose writer and editor roles call genkit.Generate on scripted models
// (no network), gated by the deterministic check suite chained before a
// judge; then the same check suite registered as a Genkit evaluator and run
// by genkit.Evaluate on a small dataset.
//
//	cd examples/genkit && go run .
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"

	genkitloop "github.com/evalopt/evalopt/adapters/genkit"
	"github.com/evalopt/evalopt/adapters/genkit/genkittest"
	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "genkit:", err)
		os.Exit(1)
	}
}

// judge asks for a revision of a reply that promises the refund.
var judge = evaluator.Func[string](func(_ context.Context, _ evaluator.Task, reply string) (evaluator.EvaluationDecision, error) {
	if strings.Contains(strings.ToLower(reply), "on its way") {
		return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4,
			RevisionInstructions: []string{"Do not promise the refund; say the request is under review."}}, nil
	}
	return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
})

func run(ctx context.Context, w io.Writer) error {
	g := genkit.Init(ctx)
	writer := genkittest.Define(g, "writer", genkittest.Reply{Text: "Sorry about the blender. Your money is on its way!", Tokens: 12})
	editor := genkittest.Define(g, "editor", genkittest.Reply{Text: "Sorry about the blender. Your refund request is under review.", Tokens: 14})

	// The glue: a flow whose run is the loop, and the checks as an evaluator.
	flow := genkitloop.DefineFlow(g, "replyGate", genkitloop.Loop[string]{
		Generator: genkitloop.Generator(g, nil, ai.WithModelName(writer.Name)),
		Evaluator: evaluator.Chain[string](checks.DefaultSuite(), judge),
		Reviser:   genkitloop.Reviser(g, nil, ai.WithModelName(editor.Name)),
		Options:   []loop.Option{loop.WithMaxRevisions(2)},
	})
	genkitloop.DefineEvaluator[string](g, "evalopt/checks", checks.DefaultSuite(), nil, nil)

	task := evaluator.Task{ID: "refund-1", Input: "My blender arrived cracked; I want a refund."}
	for v, err := range flow.Stream(ctx, task) {
		if err != nil {
			if res, ok := loop.ResultOf[string](err); ok {
				fmt.Fprintf(w, "failed after %d steps\n", len(res.Trace))
			}
			return err
		}
		if !v.Done {
			line := fmt.Sprintf("step %d %-8s %s", v.Stream.Index, v.Stream.Role, v.Stream.Decision.Status)
			fmt.Fprintln(w, strings.TrimRight(line, " "))
			continue
		}
		fmt.Fprintf(w, "%s (%s), %d tokens: %s\n", v.Output.Outcome, v.Output.StopReason, int(v.Output.Cost), v.Output.Candidate)
	}

	resp, err := genkit.Evaluate(ctx, g, ai.WithEvaluatorName("evalopt/checks"), ai.WithDataset(
		&ai.Example{TestCaseId: "clean", Input: task.Input, Output: "Sorry about the blender. Your refund request is under review."},
		&ai.Example{TestCaseId: "placeholder", Input: task.Input, Output: "You will get [AMOUNT] back."},
	))
	if err != nil {
		return err
	}
	for _, r := range *resp {
		s := r.Evaluation[0]
		fmt.Fprintf(w, "evaluate %s: %s (evalopt %v, score %.2f) %v\n", r.TestCaseId, s.Status, s.Details[genkitloop.DetailStatus], s.Score, s.Details[genkitloop.DetailBlockingFailures])
	}
	return nil
}
