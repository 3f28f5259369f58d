package einoloop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cloudwego/eino/adk"
	"github.com/cloudwego/eino/schema"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// AgentConfig configures NewAgent. Name and the Loop's roles are required.
type AgentConfig[C any] struct {
	// Name and Description are the agent's.
	Name, Description string
	// Loop is the loop the agent runs.
	Loop Loop[C]
	// Task builds the task from the agent's input. Default: evaluator.Task{
	// Input: the text of the last user message}; no user text is an error.
	Task func(context.Context, *adk.AgentInput) (evaluator.Task, error)
	// Render turns the accepted candidate into the assistant message's text.
	// Default: a string as is, anything else as its JSON.
	Render func(C) (string, error)
}

// NewAgent returns an Eino adk.Agent whose run is the loop. Each role step
// is an event whose Output.CustomizedOutput is the loop.Step[C] and which
// carries no message, so drafts stay out of the conversation until judged.
// The final event carries the loop.Result[C] as CustomizedOutput; when the
// loop succeeded it also carries the accepted candidate as the assistant
// message (the only message the agent emits); when the loop escalated its
// Action is a BreakLoop (an Eino LoopAgent around it ends); when the loop
// failed with an error its Err carries the Result (loop.Fail). The
// loop stops when ctx ends.
func NewAgent[C any](cfg AgentConfig[C]) (adk.Agent, error) {
	var errs []error
	if strings.TrimSpace(cfg.Name) == "" {
		errs = append(errs, errors.New("einoloop: AgentConfig.Name is empty"))
	}
	if cfg.Loop.Generator == nil {
		errs = append(errs, fmt.Errorf("einoloop: AgentConfig.Loop.Generator: %w", loop.ErrNilRole))
	}
	if cfg.Loop.Evaluator == nil {
		errs = append(errs, fmt.Errorf("einoloop: AgentConfig.Loop.Evaluator: %w", loop.ErrNilRole))
	}
	if cfg.Loop.Reviser == nil {
		errs = append(errs, fmt.Errorf("einoloop: AgentConfig.Loop.Reviser: %w", loop.ErrNilRole))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if cfg.Task == nil {
		cfg.Task = lastUserTask
	}
	if cfg.Render == nil {
		cfg.Render = render[C]
	}
	return &loopAgent[C]{cfg: cfg}, nil
}

type loopAgent[C any] struct{ cfg AgentConfig[C] }

func (a *loopAgent[C]) Name(context.Context) string        { return a.cfg.Name }
func (a *loopAgent[C]) Description(context.Context) string { return a.cfg.Description }

func (a *loopAgent[C]) Run(ctx context.Context, input *adk.AgentInput, _ ...adk.AgentRunOption) *adk.AsyncIterator[*adk.AgentEvent] {
	it, gen := adk.NewAsyncIteratorPair[*adk.AgentEvent]()
	go func() {
		defer gen.Close()
		task, err := a.cfg.Task(ctx, input)
		if err != nil {
			gen.Send(&adk.AgentEvent{AgentName: a.cfg.Name, Err: fmt.Errorf("einoloop %s: task: %w", a.cfg.Name, err)})
			return
		}
		l := a.cfg.Loop
		for s, err := range loop.Steps(ctx, task, l.Generator, l.Evaluator, l.Reviser, l.Options...) {
			if s.Role != loop.RoleStop {
				gen.Send(&adk.AgentEvent{AgentName: a.cfg.Name, Output: &adk.AgentOutput{CustomizedOutput: s}})
				continue
			}
			gen.Send(a.final(*s.Result, err))
		}
	}()
	return it
}

// final is the loop's end as an event.
func (a *loopAgent[C]) final(res loop.Result[C], err error) *adk.AgentEvent {
	ev := &adk.AgentEvent{AgentName: a.cfg.Name, Output: &adk.AgentOutput{CustomizedOutput: res}, Err: loop.Fail(res, err)}
	switch res.Outcome {
	case loop.OutcomeSucceeded:
		text, rerr := a.cfg.Render(res.Candidate)
		if rerr != nil {
			ev.Err = fmt.Errorf("einoloop %s: Render: %w", a.cfg.Name, rerr)
			break
		}
		ev.Output.MessageOutput = &adk.MessageVariant{Message: schema.AssistantMessage(text, nil), Role: schema.Assistant}
	case loop.OutcomeEscalated:
		ev.Action = adk.NewBreakLoopAction(a.cfg.Name)
	}
	return ev
}

// lastUserTask is the default AgentConfig.Task.
func lastUserTask(_ context.Context, in *adk.AgentInput) (evaluator.Task, error) {
	if in != nil {
		for i := len(in.Messages) - 1; i >= 0; i-- {
			if m := in.Messages[i]; m != nil && m.Role == schema.User && strings.TrimSpace(m.Content) != "" {
				return evaluator.Task{Input: m.Content}, nil
			}
		}
	}
	return evaluator.Task{}, errors.New("the input has no user message with text (set AgentConfig.Task to build the task another way)")
}

// render is the default AgentConfig.Render.
func render[C any](c C) (string, error) {
	if s, ok := any(c).(string); ok {
		return s, nil
	}
	b, err := json.Marshal(c)
	return string(b), err
}
