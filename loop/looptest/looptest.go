package looptest

import (
	"context"
	"encoding/json"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// Scenario is one row of the table.
type Scenario struct {
	// Name says what happens, in a few words usable as a test name.
	Name string
	// Task is the task the loop runs on.
	Task evaluator.Task
	// Options configure the loop. They carry no observer, and the
	// functions they carry are also in Roles (a revision check) or are the
	// default (loop.Digest), so that loop.NewConfig(Options...) is the
	// whole configuration a driver needs besides Roles.
	Options []loop.Option
	// Outcome and StopReason are how the loop ends.
	Outcome    loop.Outcome
	StopReason evaluator.StopReason
	// Kind is the kind of the loop's error, or "" when it ends without one.
	Kind loop.ErrorKind
	// Roles returns fresh roles for one run. A scenario in which the
	// caller cancels the loop during a call calls cancel from that call,
	// then waits for the call's context to end: the driver's cancel must
	// reach the call's context (RunLoop's: cancel the context passed to
	// it; a workflow's: cancel the workflow).
	Roles func(cancel func()) loop.Roles[string]
}

// Config returns the loop.Config of the scenario's options.
func (s Scenario) Config() (loop.Config, error) { return loop.NewConfig(s.Options...) }

// Run runs the scenario through loop.RunLoop under ctx, which it cancels
// when the scenario's caller cancels.
func (s Scenario) Run(ctx context.Context) (loop.Result[string], error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r := s.Roles(cancel)
	return loop.RunLoop(ctx, s.Task, r.Generator, r.Evaluator, r.Reviser, s.Options...)
}

// Canonical returns res as JSON with the wall-clock fields of its steps
// (Start, Duration) zeroed: they differ between any two runs, and nothing
// else may.
func Canonical[C any](res loop.Result[C]) ([]byte, error) {
	res.Trace = append([]loop.Step[C](nil), res.Trace...)
	for i := range res.Trace {
		res.Trace[i].Start, res.Trace[i].Duration = time.Time{}, 0
	}
	return json.Marshal(res)
}
