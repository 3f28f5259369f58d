package evaltest

import (
	"context"

	"github.com/evalopt/evalopt/evaluator"
)

// GenerateCall records one call to ScriptedGenerator.Generate.
type GenerateCall struct {
	// Task is the task the generator was given.
	Task evaluator.Task
}

// ScriptedGenerator is a scripted generator: each Generate call returns the
// next scripted reply. It satisfies package loop's Generator[C] interface
// and is safe for concurrent use. Build it with NewGenerator.
type ScriptedGenerator[C any] struct {
	s *script[C, GenerateCall]
}

// NewGenerator returns a generator that replays replies in order, then
// returns an error matching ErrExhausted. The replies are copied.
func NewGenerator[C any](replies ...Reply[C]) *ScriptedGenerator[C] {
	return &ScriptedGenerator[C]{s: newScript[C, GenerateCall]("Generate", replies)}
}

// Generate records the call and returns the next scripted reply, or
// ctx.Err() without using a reply when ctx has ended.
func (g *ScriptedGenerator[C]) Generate(ctx context.Context, task evaluator.Task) (C, error) {
	return g.s.take(ctx, GenerateCall{Task: task})
}

// Calls returns every call made so far, in order.
func (g *ScriptedGenerator[C]) Calls() []GenerateCall { return g.s.recorded() }

// Remaining returns how many scripted replies are still unused.
func (g *ScriptedGenerator[C]) Remaining() int { return g.s.remaining() }

// EvaluateCall records one call to ScriptedEvaluator.Evaluate.
type EvaluateCall[C any] struct {
	// Task and Candidate are what the evaluator was given.
	Task      evaluator.Task
	Candidate C
}

// ScriptedEvaluator is a scripted evaluator.Evaluator[C]: each Evaluate
// call returns the next scripted decision as it is, even one that fails
// Validate (so that tests can check how a controller treats a bad judge).
// It is safe for concurrent use. Build it with NewEvaluator.
type ScriptedEvaluator[C any] struct {
	s *script[evaluator.EvaluationDecision, EvaluateCall[C]]
}

// NewEvaluator returns an evaluator that replays replies in order, then
// returns an error matching ErrExhausted. The replies are copied; the
// decisions' slices are shared with the caller, who must not modify them.
func NewEvaluator[C any](replies ...Reply[evaluator.EvaluationDecision]) *ScriptedEvaluator[C] {
	return &ScriptedEvaluator[C]{s: newScript[evaluator.EvaluationDecision, EvaluateCall[C]]("Evaluate", replies)}
}

// Evaluate records the call and returns the next scripted reply, or
// ctx.Err() without using a reply when ctx has ended.
func (e *ScriptedEvaluator[C]) Evaluate(ctx context.Context, task evaluator.Task, candidate C) (evaluator.EvaluationDecision, error) {
	return e.s.take(ctx, EvaluateCall[C]{Task: task, Candidate: candidate})
}

// Calls returns every call made so far, in order.
func (e *ScriptedEvaluator[C]) Calls() []EvaluateCall[C] { return e.s.recorded() }

// Remaining returns how many scripted replies are still unused.
func (e *ScriptedEvaluator[C]) Remaining() int { return e.s.remaining() }

// ReviseCall records one call to ScriptedReviser.Revise.
type ReviseCall[C any] struct {
	// Task, Candidate and Decision are what the reviser was given.
	Task      evaluator.Task
	Candidate C
	Decision  evaluator.EvaluationDecision
}

// ScriptedReviser is a scripted reviser: each Revise call returns the next
// scripted reply. It satisfies package loop's Reviser[C] interface and is
// safe for concurrent use. Build it with NewReviser.
type ScriptedReviser[C any] struct {
	s *script[C, ReviseCall[C]]
}

// NewReviser returns a reviser that replays replies in order, then returns
// an error matching ErrExhausted. The replies are copied.
func NewReviser[C any](replies ...Reply[C]) *ScriptedReviser[C] {
	return &ScriptedReviser[C]{s: newScript[C, ReviseCall[C]]("Revise", replies)}
}

// Revise records the call and returns the next scripted reply, or ctx.Err()
// without using a reply when ctx has ended.
func (r *ScriptedReviser[C]) Revise(ctx context.Context, task evaluator.Task, candidate C, decision evaluator.EvaluationDecision) (C, error) {
	return r.s.take(ctx, ReviseCall[C]{Task: task, Candidate: candidate, Decision: decision})
}

// Calls returns every call made so far, in order.
func (r *ScriptedReviser[C]) Calls() []ReviseCall[C] { return r.s.recorded() }

// Remaining returns how many scripted replies are still unused.
func (r *ScriptedReviser[C]) Remaining() int { return r.s.remaining() }
