package adkloop

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"google.golang.org/adk/v2/agent"
	"google.golang.org/adk/v2/runner"
	"google.golang.org/adk/v2/session"
	"google.golang.org/genai"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// ErrNoResponse is matched by the error RunAgent returns when the agent
// ended without a final text response.
var ErrNoResponse = errors.New("adkloop: the agent gave no final text response")

// RunAgent runs a on prompt in a fresh in-memory runner under ctx and returns
// the text of its last final response. Pass the context the loop handed the
// role: the agent's model then sees the loop's cancellation, time budget and
// cost meter. A fresh runner per call keeps drafts out of the user's session
// and memory bounded. An error event, or an error the run yields, is
// returned as an error.
func RunAgent(ctx context.Context, a agent.Agent, prompt string) (string, error) {
	if a == nil {
		return "", errors.New("adkloop: RunAgent: nil agent")
	}
	// runner.New rather than NewInMemory (ADK v2.1.0), so that the module
	// needs ADK v2.0.0 and Go 1.25 only.
	r, err := runner.New(runner.Config{AppName: "evalopt-" + a.Name(), Agent: a,
		SessionService: session.InMemoryService(), AutoCreateSession: true})
	if err != nil {
		return "", fmt.Errorf("adkloop: agent %s: %w", a.Name(), err)
	}
	var text string
	final := false
	msg := genai.NewContentFromText(prompt, genai.RoleUser)
	for ev, err := range r.Run(ctx, "evalopt", "role", msg, agent.RunConfig{}) {
		if err != nil {
			return "", fmt.Errorf("adkloop: agent %s: %w", a.Name(), err)
		}
		if ev == nil || ev.Partial {
			continue
		}
		if ev.ErrorCode != "" {
			return "", fmt.Errorf("adkloop: agent %s: %s: %s", a.Name(), ev.ErrorCode, ev.ErrorMessage)
		}
		if ev.IsFinalResponse() && ev.Content != nil {
			text, final = responseText(ev.LLMResponse), true
		}
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if !final {
		return "", fmt.Errorf("%w (agent %s)", ErrNoResponse, a.Name())
	}
	return text, nil
}

// Generator returns a loop.Generator that runs a on prompt(task) with
// RunAgent. A nil prompt sends DefaultPrompt(task).
func Generator(a agent.Agent, prompt func(evaluator.Task) string) loop.Generator[string] {
	if prompt == nil {
		prompt = DefaultPrompt
	}
	return loop.GeneratorFunc[string](func(ctx context.Context, task evaluator.Task) (string, error) {
		return RunAgent(ctx, a, prompt(task))
	})
}

// Reviser returns a loop.Reviser that runs a on prompt(task, draft,
// decision) with RunAgent. A nil prompt sends DefaultRevisePrompt's.
func Reviser(a agent.Agent, prompt func(evaluator.Task, string, evaluator.EvaluationDecision) string) loop.Reviser[string] {
	if prompt == nil {
		prompt = DefaultRevisePrompt
	}
	return loop.ReviserFunc[string](func(ctx context.Context, task evaluator.Task, draft string, d evaluator.EvaluationDecision) (string, error) {
		return RunAgent(ctx, a, prompt(task, draft, d))
	})
}

// DefaultPrompt is the task's input followed by its criteria, one a line.
func DefaultPrompt(task evaluator.Task) string {
	if len(task.Criteria) == 0 {
		return task.Input
	}
	return task.Input + "\n\nRequirements:\n- " + strings.Join(task.Criteria, "\n- ")
}

// DefaultRevisePrompt asks for a revision of draft that follows the
// decision's revision instructions, and only those.
func DefaultRevisePrompt(task evaluator.Task, draft string, d evaluator.EvaluationDecision) string {
	var b strings.Builder
	b.WriteString("Revise the draft below. Apply these instructions and change nothing else:\n")
	for _, in := range d.RevisionInstructions {
		b.WriteString("- " + in + "\n")
	}
	b.WriteString("\nRequest:\n" + task.Input + "\n\nDraft:\n" + draft)
	return b.String()
}
