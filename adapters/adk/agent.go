package adkloop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strings"

	"google.golang.org/adk/v2/agent"
	"google.golang.org/adk/v2/model"
	"google.golang.org/adk/v2/session"
	"google.golang.org/genai"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// Keys of the CustomMetadata New's events carry.
const (
	// MetaStep is the step's index in the trace (an int); on the final
	// event, len(Result.Trace).
	MetaStep = "evalopt.step"
	// MetaRole is the step's loop.Role as a string ("generate", "evaluate",
	// "revise", or "stop" on the final event).
	MetaRole = "evalopt.role"
	// MetaStatus is the evaluator's status on evaluate steps, and the last
	// decision's status on the final event.
	MetaStatus = "evalopt.status"
	// MetaScore is the decision's score (a float64) where MetaStatus is set.
	MetaScore = "evalopt.score"
	// MetaErr is the text of a step's error, when it has one.
	MetaErr = "evalopt.err"
	// MetaOutcome is the loop's loop.Outcome as a string (final event only).
	MetaOutcome = "evalopt.outcome"
	// MetaStopReason is the loop's evaluator.StopReason as a string (final
	// event only).
	MetaStopReason = "evalopt.stopReason"
	// MetaResult is the loop's loop.Result[C] (final event only).
	MetaResult = "evalopt.result"
)

// Config configures New. Name, Generator, Evaluator and Reviser are required.
type Config[C any] struct {
	// Name is the agent's name, unique in its agent tree.
	Name string
	// Description says what the agent does (optional).
	Description string
	// Generator proposes the first candidate (see Generator for an
	// ADK-agent-backed one).
	Generator loop.Generator[C]
	// Evaluator judges each candidate.
	Evaluator evaluator.Evaluator[C]
	// Reviser revises a candidate the evaluator sent back (see Reviser).
	Reviser loop.Reviser[C]
	// Options configure the loop (budgets, hooks, retries).
	Options []loop.Option
	// Task builds the loop's task from the invocation. Default:
	// evaluator.Task{ID: the invocation ID, Input: the user message's text};
	// a message with no text is an error.
	Task func(agent.InvocationContext) (evaluator.Task, error)
	// Content renders the accepted candidate as the agent's response.
	// Default: a string candidate as model text, anything else as its JSON.
	Content func(C) (*genai.Content, error)
	// OutputKey, when set, also stores the accepted candidate in the
	// session state under this key.
	OutputKey string
}

// New returns an ADK agent whose run is an evalopt loop; the package
// documentation says how steps map to events. The loop runs under the
// invocation's context, so ending the invocation, or a consumer that stops
// iterating the runner's events, stops it before the next role call.
func New[C any](cfg Config[C]) (agent.Agent, error) {
	var errs []error
	if strings.TrimSpace(cfg.Name) == "" {
		errs = append(errs, errors.New("adkloop: Config.Name is empty"))
	}
	if cfg.Generator == nil {
		errs = append(errs, fmt.Errorf("adkloop: Config.Generator: %w", loop.ErrNilRole))
	}
	if cfg.Evaluator == nil {
		errs = append(errs, fmt.Errorf("adkloop: Config.Evaluator: %w", loop.ErrNilRole))
	}
	if cfg.Reviser == nil {
		errs = append(errs, fmt.Errorf("adkloop: Config.Reviser: %w", loop.ErrNilRole))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if cfg.Task == nil {
		cfg.Task = userTask
	}
	if cfg.Content == nil {
		cfg.Content = defaultContent[C]
	}
	return agent.New(agent.Config{
		Name:        cfg.Name,
		Description: cfg.Description,
		Run:         cfg.run,
	})
}

func (cfg Config[C]) run(ic agent.InvocationContext) iter.Seq2[*session.Event, error] {
	return func(yield func(*session.Event, error) bool) {
		task, err := cfg.Task(ic)
		if err != nil {
			yield(nil, fmt.Errorf("adkloop %s: task: %w", cfg.Name, err))
			return
		}
		ctx := context.WithValue(ic, invocationKey{}, ic) // for Invocation
		for step, err := range loop.Steps(ctx, task, cfg.Generator, cfg.Evaluator, cfg.Reviser, cfg.Options...) {
			if step.Role != loop.RoleStop {
				if !yield(stepEvent(ic, step), nil) {
					return // the loop stops before its next role call
				}
				continue
			}
			ev, rerr := cfg.stopEvent(ic, step)
			if !yield(ev, nil) {
				return
			}
			if err = errors.Join(err, rerr); err != nil {
				yield(nil, loop.Fail(*step.Result, err))
			}
			return
		}
	}
}

// stepEvent is a role step as a partial event: the runner forwards it
// without storing it, and it is never a final response.
func stepEvent[C any](ic agent.InvocationContext, s loop.Step[C]) *session.Event {
	ev := session.NewEvent(ic, ic.InvocationID())
	ev.Branch = ic.Branch()
	ev.Partial = true
	ev.CustomMetadata = map[string]any{MetaStep: s.Index, MetaRole: string(s.Role)}
	if s.Role == loop.RoleEvaluate && s.Err == "" {
		ev.CustomMetadata[MetaStatus] = string(s.Decision.Status)
		ev.CustomMetadata[MetaScore] = s.Decision.Score
	}
	if s.Err != "" {
		ev.CustomMetadata[MetaErr] = s.Err
	}
	return ev
}

// stopEvent is the loop's end as a stored event. Its error is a failure to
// render the accepted candidate.
func (cfg Config[C]) stopEvent(ic agent.InvocationContext, s loop.Step[C]) (*session.Event, error) {
	res := *s.Result
	ev := session.NewEvent(ic, ic.InvocationID())
	ev.Branch = ic.Branch()
	ev.TurnComplete = true
	ev.CustomMetadata = map[string]any{
		MetaStep: s.Index, MetaRole: string(loop.RoleStop),
		MetaOutcome: string(res.Outcome), MetaStopReason: string(res.StopReason),
		MetaStatus: string(res.Decision.Status), MetaScore: res.Decision.Score,
		MetaResult: res,
	}
	if s.Err != "" {
		ev.CustomMetadata[MetaErr] = s.Err
	}
	if res.Outcome == loop.OutcomeSucceeded {
		content, err := cfg.Content(res.Candidate)
		if err != nil {
			ev.ErrorCode, ev.ErrorMessage = "evalopt_render", err.Error()
			return ev, fmt.Errorf("adkloop %s: Content: %w", cfg.Name, err)
		}
		ev.Content = content
		if cfg.OutputKey != "" {
			ev.Actions.StateDelta[cfg.OutputKey] = res.Candidate
		}
		return ev, nil
	}
	ev.ErrorCode = "evalopt_" + string(res.Outcome)
	ev.ErrorMessage = summary(res)
	ev.Actions.Escalate = res.Outcome == loop.OutcomeEscalated
	return ev, nil
}

// summary says why a loop did not succeed, bounded in size.
func summary[C any](res loop.Result[C]) string {
	msg := fmt.Sprintf("evalopt: %s (%s)", res.Outcome, res.StopReason)
	reasons := res.Decision.BlockingFailures
	if len(reasons) == 0 {
		reasons = res.Decision.RevisionInstructions
	}
	if len(reasons) > 0 {
		msg += ": " + strings.Join(reasons, "; ")
	}
	const max = 1000
	if len(msg) > max {
		msg = msg[:max] + "…"
	}
	return msg
}

// userTask is the default Config.Task.
func userTask(ic agent.InvocationContext) (evaluator.Task, error) {
	text := Text(ic.UserContent())
	if strings.TrimSpace(text) == "" {
		return evaluator.Task{}, errors.New("the user message has no text (set Config.Task to build the task another way)")
	}
	return evaluator.Task{ID: ic.InvocationID(), Input: text}, nil
}

// defaultContent is the default Config.Content.
func defaultContent[C any](c C) (*genai.Content, error) {
	if s, ok := any(c).(string); ok {
		return genai.NewContentFromText(s, genai.RoleModel), nil
	}
	b, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	return genai.NewContentFromText(string(b), genai.RoleModel), nil
}

// Text returns the concatenated text parts of c ("" for nil).
func Text(c *genai.Content) string {
	if c == nil {
		return ""
	}
	var b strings.Builder
	for _, p := range c.Parts {
		if p != nil && !p.Thought {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// responseText is the text of a model response or event.
func responseText(r model.LLMResponse) string { return Text(r.Content) }
