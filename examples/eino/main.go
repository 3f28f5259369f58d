// Command eino runs an evalopt loop inside CloudWeGo Eino, three ways: as
// a node of a compose chain (Invoke, then Stream), and as an Eino adk
// agent. The writer and the editor are chat models (scripted, no network);
// the judge asks for a revision of the draft that promises money before
// approval.
//
//	cd examples/eino && go run .
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cloudwego/eino/adk"
	"github.com/cloudwego/eino/compose"

	einoloop "github.com/evalopt/evalopt/adapters/eino"
	"github.com/evalopt/evalopt/adapters/eino/einotest"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "eino:", err)
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

// newLoop returns the loop with fresh scripted models.
func newLoop() einoloop.Loop[string] {
	writer := einotest.New(einotest.Reply{Text: "Sorry about the blender. Your money is on its way!", Tokens: 120})
	editor := einotest.New(einotest.Reply{Text: "Sorry about the blender. Your refund request is under review.", Tokens: 180})
	return einoloop.Loop[string]{
		Generator: einoloop.Generator(writer, nil),
		Evaluator: judge,
		Reviser:   einoloop.Reviser(editor, nil),
		Options:   []loop.Option{loop.WithMaxRevisions(2), loop.WithMaxCost(2000)}, // tokens
	}
}

func run(ctx context.Context, w io.Writer) error {
	task := evaluator.Task{ID: "refund-1", Input: "My blender arrived cracked; I want a refund."}

	// 1. A chain node, invoked.
	chain, err := compose.NewChain[evaluator.Task, loop.Step[string]]().AppendLambda(newLoop().Lambda()).Compile(ctx)
	if err != nil {
		return err
	}
	out, err := chain.Invoke(ctx, task)
	if err != nil {
		if res, ok := loop.ResultOf[string](err); ok {
			fmt.Fprintf(w, "failed after %d steps\n", len(res.Trace))
		}
		return err
	}
	fmt.Fprintf(w, "invoke: %s (%s), %d tokens: %s\n", out.Result.Outcome, out.Result.StopReason, int(out.Result.Cost), out.Result.Candidate)

	// 2. The same node, streamed: one step per role call, then the end.
	chain, err = compose.NewChain[evaluator.Task, loop.Step[string]]().AppendLambda(newLoop().Lambda()).Compile(ctx)
	if err != nil {
		return err
	}
	sr, err := chain.Stream(ctx, task)
	if err != nil {
		return err
	}
	defer sr.Close()
	for {
		s, err := sr.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		line := fmt.Sprintf("stream: step %d %-8s %s", s.Index, s.Role, s.Decision.Status)
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}

	// 3. An Eino adk agent: only the accepted reply is a message.
	agent, err := einoloop.NewAgent(einoloop.AgentConfig[string]{Name: "reply_gate", Loop: newLoop()})
	if err != nil {
		return err
	}
	it := adk.NewRunner(ctx, adk.RunnerConfig{Agent: agent}).Query(ctx, task.Input)
	for ev, ok := it.Next(); ok; ev, ok = it.Next() {
		if ev.Err != nil {
			return ev.Err
		}
		if ev.Output != nil && ev.Output.MessageOutput != nil {
			fmt.Fprintf(w, "agent message: %s\n", ev.Output.MessageOutput.Message.Content)
		}
	}
	return nil
}
