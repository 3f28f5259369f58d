package loop

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/evalopt/evalopt/evaluator/provider"
)

// Hooks are functions a loop runs around every role call: to open a
// tracing span for the call (so that what the role does, its model
// client's HTTP requests included, nests under it), to log, to count. Both
// fields are optional. Package adapters/otel builds a pair for
// OpenTelemetry.
//
// The loop runs them on the goroutine that makes the call, synchronously:
// a slow hook slows the loop, and a panic in a hook is not recovered. They
// run for every attempt of every role call (a retry is a call of its own)
// and never for a retry's wait.
type Hooks[C any] struct {
	// BeforeCall runs just before the role is called, with the context
	// the call would run under (the loop's: its deadline and its cost
	// meter) and what the call takes. The context it returns is the one
	// the role receives; it must be derived from ctx, or the role's cost
	// and usage reports would be lost: a context that does not carry the
	// loop's cost meter fails the call (a permanent error; the role is not
	// called). A nil return means ctx unchanged.
	BeforeCall func(ctx context.Context, call Call[C]) context.Context
	// AfterCall runs once the call has returned and its Step is recorded,
	// with the context BeforeCall returned for that call (ctx itself
	// without a BeforeCall) and the step as it stands in the trace.
	AfterCall func(ctx context.Context, step Step[C])
}

// WithHooks adds h around every role call of the loop: RunLoop's, Steps',
// and, through Roles.Hooks, a Machine driver's. Several WithHooks run
// nested, like deferred calls: the BeforeCall of the first given runs
// first, each receiving the context the previous one returned, and the
// AfterCall of the first given runs last, each receiving the context its
// own BeforeCall returned. C must be the loop's candidate type; a
// mismatch, or h with neither function set, makes RunLoop return an error
// matching evaluator.ErrInvalidOption. NewConfig drops hooks (they are
// functions; a driver passes them in Roles.Hooks).
func WithHooks[C any](h Hooks[C]) Option {
	return func(c *config) {
		if h.BeforeCall == nil && h.AfterCall == nil {
			c.invalid("WithHooks: neither BeforeCall nor AfterCall is set")
			return
		}
		c.hooks = append(c.hooks, h)
	}
}

// WithLogger makes the loop log to l (default: no logging; a nil l means
// none): a debug record per step, a warning for every failed role call
// (saying whether it will be retried), and an info record with the
// outcome. Their attributes have the names the spans of adapters/otel use
// (evalopt.role, evalopt.attempt, evalopt.decision.status,
// evalopt.decision.score, evalopt.stop_reason, evalopt.cost,
// gen_ai.response.model, gen_ai.usage.input_tokens, ...), so logs and
// traces can be joined. Records are made with the loop's context, so a
// handler can read a span from it. Nothing is built for a level l does not
// enable.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) { c.logger = l }
}

// observers are what runs around the calls of one RunLoop or Steps: the
// hooks and the logger. A loop without either has none (on is false), and
// its calls take the path without them.
type observers[C any] struct {
	on    bool
	hooks []hookState[C]
	log   *slog.Logger
}

// hookState is one WithHooks and the context its BeforeCall returned for
// the call in flight.
type hookState[C any] struct {
	Hooks[C]
	ctx context.Context
}

// before runs the BeforeCall hooks in order, recording the context each
// returns, and returns the context the role receives, or an error when a
// hook returned a context detached from the loop's (see Hooks.BeforeCall).
func (o *observers[C]) before(ctx context.Context, meter *provider.CostMeter, call *Call[C]) (context.Context, error) {
	var err error
	for i := range o.hooks {
		if err == nil {
			ctx, err = o.hooks[i].before(ctx, meter, call, i)
		}
		o.hooks[i].ctx = ctx
	}
	return ctx, err
}

// after runs the AfterCall hooks in the reverse order, each with the
// context its BeforeCall returned.
func (o *observers[C]) after(step *Step[C]) {
	for i := len(o.hooks) - 1; i >= 0; i-- {
		h := &o.hooks[i]
		if h.AfterCall != nil {
			h.AfterCall(h.ctx, *step)
		}
		h.ctx = nil // keep no call's context past the call
	}
}

// before runs h.BeforeCall (hook number i of the loop's), checking that the
// context it returns carries meter.
func (h *Hooks[C]) before(ctx context.Context, meter *provider.CostMeter, call *Call[C], i int) (context.Context, error) {
	if h.BeforeCall == nil {
		return ctx, nil
	}
	next := h.BeforeCall(ctx, *call)
	if next == nil {
		return ctx, nil
	}
	if provider.CostMeterFrom(next) != meter {
		return ctx, provider.Permanent(fmt.Errorf("loop: hooks[%d]: BeforeCall returned a context not derived from the one it was given", i))
	}
	return next, nil
}
