package genkitloop

import (
	"context"
	"fmt"

	"github.com/firebase/genkit/go/core"
	"github.com/firebase/genkit/go/genkit"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// Loop holds a loop's roles and options. The zero Options are the loop's
// defaults. A Loop is safe for concurrent use if its roles are.
type Loop[C any] struct {
	// Generator proposes the first candidate.
	Generator loop.Generator[C]
	// Evaluator judges each candidate.
	Evaluator evaluator.Evaluator[C]
	// Reviser revises a candidate the evaluator sent back.
	Reviser loop.Reviser[C]
	// Options configure the loop (budgets, hooks, retries, models).
	Options []loop.Option
}

// Flow is the flow DefineFlow registers: a Task in, the Result out, one
// Step streamed per role call.
type Flow[C any] = core.Flow[evaluator.Task, loop.Result[C], loop.Step[C]]

// DefineFlow registers the loop with g as a streaming flow named name and
// returns it. Each role step is streamed as soon as the call returns; the
// flow's output is the Result. When the loop fails, the error carries the
// Result (loop.Fail). When the stream's consumer stops, the loop stops
// before its next role call.
func DefineFlow[C any](g *genkit.Genkit, name string, l Loop[C]) *Flow[C] {
	return genkit.DefineStreamingFlow(g, name, l.Run)
}

// Run runs the loop on task, sending each role step to cb when cb is not
// nil; it is the flow's function. An error from cb stops the loop before
// its next role call and is returned, wrapped.
func (l Loop[C]) Run(ctx context.Context, task evaluator.Task, cb core.StreamCallback[loop.Step[C]]) (loop.Result[C], error) {
	var cbErr error
	for s, err := range loop.Steps(ctx, task, l.Generator, l.Evaluator, l.Reviser, l.Options...) {
		if s.Role == loop.RoleStop {
			return *s.Result, loop.Fail(*s.Result, err)
		}
		if cb == nil {
			continue
		}
		if cbErr = cb(ctx, s); cbErr != nil {
			break // stops the loop
		}
	}
	return loop.Result[C]{Trace: []loop.Step[C]{}, CandidateStep: -1}, fmt.Errorf("genkitloop: the stream's consumer stopped: %w", cbErr)
}
