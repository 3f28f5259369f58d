package reply

// The adoption check's harness for the Genkit snippet of docs/adapters.md:
// it streams the flow defineReplyGate defines on the adapter's scripted
// models (genkittest).

import (
	"context"
	"strings"
	"testing"

	"github.com/firebase/genkit/go/genkit"

	"github.com/evalopt/evalopt/adapters/genkit/genkittest"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// judge asks for a revision of a reply that promises the refund.
var judge = evaluator.Func[string](func(_ context.Context, _ evaluator.Task, reply string) (evaluator.EvaluationDecision, error) {
	if strings.Contains(reply, "on its way") {
		return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4,
			RevisionInstructions: []string{"Do not promise the refund."}}, nil
	}
	return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
})

func TestSnippet(t *testing.T) {
	ctx := context.Background()
	g := genkit.Init(ctx)
	writer := genkittest.Define(g, "writer", genkittest.Reply{Text: "Your money is on its way!", Tokens: 12})
	editor := genkittest.Define(g, "editor", genkittest.Reply{Text: "Your refund request is under review.", Tokens: 14})
	flow := defineReplyGate(g, writer.Name, editor.Name, judge)
	steps := 0
	var res loop.Result[string]
	for v, err := range flow.Stream(ctx, evaluator.Task{ID: "refund-1", Input: "My blender arrived cracked."}) {
		if err != nil {
			t.Fatal(err)
		}
		if v.Done {
			res = v.Output
		} else {
			steps++
		}
	}
	if res.Outcome != loop.OutcomeSucceeded || res.Candidate != "Your refund request is under review." || steps != len(res.Trace) {
		t.Fatalf("flow: %s %q after %d streamed steps (trace %d)", res.Outcome, res.Candidate, steps, len(res.Trace))
	}
}
