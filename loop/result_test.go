package loop

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

// TestResultJSONRoundTrip: a Result, trace included, survives JSON, so it
// can be stored and replayed.
func TestResultJSONRoundTrip(t *testing.T) {
	s := &script{decisions: []evaluator.EvaluationDecision{revise(0.4, "fix"), pass(0.9)}}
	res, err := s.run(context.Background(), refundTask)
	require.NoError(t, err)
	raw, err := json.Marshal(res)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"outcome":"succeeded"`)
	assert.Contains(t, string(raw), `"role":"revise"`)
	assert.NotContains(t, string(raw), `"result"`, "role steps carry no Result")

	var back Result[string]
	require.NoError(t, json.Unmarshal(raw, &back))
	require.Len(t, back.Trace, len(res.Trace))
	for i := range res.Trace {
		assert.True(t, res.Trace[i].Start.Equal(back.Trace[i].Start))
		back.Trace[i].Start = res.Trace[i].Start // monotonic clock readings do not survive JSON
	}
	// Nil lists of a decision come back as empty lists (they marshal as []
	// to match DecisionSchema); everything else comes back equal.
	again, err := json.Marshal(back)
	require.NoError(t, err)
	assert.JSONEq(t, string(raw), string(again))
	assert.Equal(t, res.Outcome, back.Outcome)
	assert.Equal(t, res.Candidate, back.Candidate)
	assert.Equal(t, res.Decision.RevisionInstructions == nil, len(back.Decision.RevisionInstructions) == 0)
}
