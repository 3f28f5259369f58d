package reply

// The adoption check's harness for the Eino snippet of docs/adapters.md: it
// invokes the chain replyGate compiles on the adapter's scripted models
// (einotest).

import (
	"context"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/adapters/eino/einotest"
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
	chain, err := replyGate(ctx,
		einotest.New(einotest.Reply{Text: "Your money is on its way!", Tokens: 12}),
		einotest.New(einotest.Reply{Text: "Your refund request is under review.", Tokens: 14}),
		judge)
	if err != nil {
		t.Fatal(err)
	}
	out, err := chain.Invoke(ctx, evaluator.Task{ID: "refund-1", Input: "My blender arrived cracked."})
	if err != nil || out.Result.Outcome != loop.OutcomeSucceeded || out.Result.Revisions != 1 || out.Result.Candidate != "Your refund request is under review." {
		t.Fatalf("invoke: %s after %d revisions: %q, %v", out.Result.Outcome, out.Result.Revisions, out.Result.Candidate, err)
	}
}
