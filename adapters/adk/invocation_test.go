package adkloop_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	adkloop "github.com/evalopt/evalopt/adapters/adk"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// A custom role reads the invocation (the user's message, the session)
// through Invocation, and its cost, reported on that context, reaches the
// loop's meter.
func TestInvocationCarriesTheLoopContext(t *testing.T) {
	f := newFixture(t, nil, nil, func(int, string) (evaluator.EvaluationDecision, error) { return passDecision(), nil })
	var sessionID string
	gen := loop.GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
		ic, ok := adkloop.Invocation(ctx)
		if !ok {
			return "", assert.AnError
		}
		sessionID = ic.Session().ID()
		provider.AddCost(ic, 0.5)
		return "echo: " + adkloop.Text(ic.UserContent()), nil
	})
	a, err := adkloop.New(adkloop.Config[string]{Name: "gate", Generator: gen, Evaluator: f.judge, Reviser: adkloop.Reviser(nil, nil)})
	require.NoError(t, err)
	evs, errs := f.run(context.Background(), f.newRunner(t, a), "hello")
	require.Empty(t, errs)
	last := evs[len(evs)-1]
	assert.Equal(t, "echo: hello", adkloop.Text(last.Content))
	assert.Equal(t, sessID, sessionID)
	res := last.CustomMetadata[adkloop.MetaResult].(loop.Result[string])
	assert.InDelta(t, 0.5, res.Trace[0].Cost, 1e-9)

	_, ok := adkloop.Invocation(context.Background())
	assert.False(t, ok)
}
