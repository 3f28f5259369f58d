// Command adk runs an evalopt loop as a Google ADK agent: a writer agent
// drafts a reply to a refund request, a judge asks for a revision of the
// draft that promises money before approval, an editor agent revises it,
// and only the accepted reply reaches the session. The writer and the editor
// are llmagents on scripted models (no network), run by ADK's own runner.
//
//	cd examples/adk && go run .
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"google.golang.org/adk/v2/agent"
	"google.golang.org/adk/v2/agent/llmagent"
	"google.golang.org/adk/v2/runner"
	"google.golang.org/adk/v2/session"
	"google.golang.org/genai"

	adkloop "github.com/evalopt/evalopt/adapters/adk"
	"github.com/evalopt/evalopt/adapters/adk/adktest"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "adk:", err)
		os.Exit(1)
	}
}

// judge asks for a revision of a reply that promises the refund.
var judge = evaluator.Func[string](func(_ context.Context, _ evaluator.Task, reply string) (evaluator.EvaluationDecision, error) {
	if strings.Contains(strings.ToLower(reply), "on its way") {
		return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4,
			Criteria:             []evaluator.Criterion{{Name: "no_promise_before_approval", Reason: "promises the refund"}},
			RevisionInstructions: []string{"Do not promise the refund; say the request is under review."}}, nil
	}
	return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9,
		Criteria: []evaluator.Criterion{{Name: "no_promise_before_approval", Passed: true}}}, nil
})

func run(ctx context.Context, w io.Writer) error {
	writer, err := llmagent.New(llmagent.Config{Name: "writer", Model: adktest.New("writer-model", 0.002,
		adktest.Reply{Text: "Sorry about the blender. Your money is on its way!"})})
	if err != nil {
		return err
	}
	editor, err := llmagent.New(llmagent.Config{Name: "editor", Model: adktest.New("editor-model", 0.003,
		adktest.Reply{Text: "Sorry about the blender. Your refund request is under review."})})
	if err != nil {
		return err
	}

	// The glue: an ADK agent whose run is the loop.
	gate, err := adkloop.New(adkloop.Config[string]{
		Name:      "reply_gate",
		Generator: adkloop.Generator(writer, nil),
		Evaluator: judge,
		Reviser:   adkloop.Reviser(editor, nil),
		Options:   []loop.Option{loop.WithMaxRevisions(2)},
	})
	if err != nil {
		return err
	}
	r, err := runner.New(runner.Config{AppName: "support", Agent: gate, SessionService: session.InMemoryService(), AutoCreateSession: true})
	if err != nil {
		return err
	}

	msg := genai.NewContentFromText("My blender arrived cracked; I want a refund.", genai.RoleUser)
	for ev, err := range r.Run(ctx, "customer", "s1", msg, agent.RunConfig{}) {
		if err != nil {
			return err
		}
		md := ev.CustomMetadata
		fmt.Fprintf(w, "step %v %-8v partial=%-5v final=%-5v", md[adkloop.MetaStep], md[adkloop.MetaRole], ev.Partial, ev.IsFinalResponse())
		if s, ok := md[adkloop.MetaStatus]; ok {
			fmt.Fprintf(w, " status=%v", s)
		}
		fmt.Fprintln(w)
		if res, ok := md[adkloop.MetaResult].(loop.Result[string]); ok {
			fmt.Fprintf(w, "%s (%s) after %d revision(s), cost %.3f\n", res.Outcome, res.StopReason, res.Revisions, res.Cost)
			fmt.Fprintf(w, "reply: %s\n", adkloop.Text(ev.Content))
		}
	}
	return nil
}
