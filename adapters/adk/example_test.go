package adkloop_test

import (
	"context"
	"fmt"
	"strings"

	"google.golang.org/adk/v2/agent"
	"google.golang.org/adk/v2/agent/llmagent"
	"google.golang.org/adk/v2/runner"
	"google.golang.org/adk/v2/session"
	"google.golang.org/genai"

	adkloop "github.com/evalopt/evalopt/adapters/adk"
	"github.com/evalopt/evalopt/adapters/adk/adktest"
	"github.com/evalopt/evalopt/evaluator"
)

// A writer agent drafts, the judge asks for one revision, an editor agent
// revises; the runner's consumer sees partial step events and one final
// response: the accepted reply.
func Example() {
	writer, _ := llmagent.New(llmagent.Config{Name: "writer", Model: adktest.New("m1", 0, adktest.Reply{Text: "draft"})})
	editor, _ := llmagent.New(llmagent.Config{Name: "editor", Model: adktest.New("m2", 0, adktest.Reply{Text: "final"})})
	judge := evaluator.Func[string](func(_ context.Context, _ evaluator.Task, s string) (evaluator.EvaluationDecision, error) {
		if s == "draft" {
			return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5, RevisionInstructions: []string{"finish it"}}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
	})

	gate, err := adkloop.New(adkloop.Config[string]{
		Name:      "gate",
		Generator: adkloop.Generator(writer, nil),
		Evaluator: judge,
		Reviser:   adkloop.Reviser(editor, nil),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, _ := runner.New(runner.Config{AppName: "app", Agent: gate, SessionService: session.InMemoryService(), AutoCreateSession: true})
	for ev, err := range r.Run(context.Background(), "u", "s", genai.NewContentFromText("write", genai.RoleUser), agent.RunConfig{}) {
		if err != nil {
			fmt.Println(err)
			return
		}
		line := fmt.Sprint(ev.CustomMetadata[adkloop.MetaStep], " ", ev.CustomMetadata[adkloop.MetaRole], " final=", ev.IsFinalResponse(), " ", adkloop.Text(ev.Content))
		fmt.Println(strings.TrimSpace(line))
	}
	// Output:
	// 0 generate final=false
	// 1 evaluate final=false
	// 2 revise final=false
	// 3 evaluate final=false
	// 4 stop final=true final
}
