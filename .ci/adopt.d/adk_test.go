package reply

// The adoption check's harness for the ADK snippet of docs/adapters.md: it
// runs the agent newReplyGate returns in ADK's own runner on the adapter's
// scripted models (adktest).

import (
	"context"
	"strings"
	"testing"

	"google.golang.org/adk/v2/agent"
	"google.golang.org/adk/v2/runner"
	"google.golang.org/adk/v2/session"
	"google.golang.org/genai"

	adkloop "github.com/evalopt/evalopt/adapters/adk"
	"github.com/evalopt/evalopt/adapters/adk/adktest"
	"github.com/evalopt/evalopt/evaluator"
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
	gate, err := newReplyGate(
		adktest.New("writer-model", 0.002, adktest.Reply{Text: "Your money is on its way!"}),
		adktest.New("editor-model", 0.003, adktest.Reply{Text: "Your refund request is under review."}),
		judge)
	if err != nil {
		t.Fatal(err)
	}
	r, err := runner.New(runner.Config{AppName: "support", Agent: gate, SessionService: session.InMemoryService(), AutoCreateSession: true})
	if err != nil {
		t.Fatal(err)
	}
	var replies []string
	msg := genai.NewContentFromText("My blender arrived cracked.", genai.RoleUser)
	for ev, err := range r.Run(context.Background(), "customer", "s1", msg, agent.RunConfig{}) {
		if err != nil {
			t.Fatal(err)
		}
		if !ev.Partial && ev.Content != nil {
			replies = append(replies, adkloop.Text(ev.Content))
		}
	}
	if len(replies) != 1 || replies[0] != "Your refund request is under review." {
		t.Errorf("the session got %q, want only the accepted reply", replies)
	}
}
