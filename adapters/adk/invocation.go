package adkloop

import (
	"context"

	"google.golang.org/adk/v2/agent"
)

type invocationKey struct{}

// Invocation returns the ADK invocation a role of a New agent runs in,
// carrying the role's ctx: its session, artifacts and memory, with the
// loop's cancellation, time budget and cost meter. A role that runs a
// sub-agent in the parent invocation passes this, never the
// InvocationContext captured when the agent started (whose context lacks
// the loop's meter, so provider.AddCost would silently do nothing). ok is false
// when ctx does not come from a New agent's loop.
func Invocation(ctx context.Context) (ic agent.InvocationContext, ok bool) {
	parent, ok := ctx.Value(invocationKey{}).(agent.InvocationContext)
	if !ok {
		return nil, false
	}
	return parent.WithContext(ctx), true
}
