package looptest_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/loop"
	"github.com/evalopt/evalopt/loop/looptest"
)

// TestScenariosEndAsDeclared: each scenario does what its row says, twice
// in a row with the same Canonical Result (the roles are fresh per run).
func TestScenariosEndAsDeclared(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range looptest.Scenarios() {
		require.False(t, seen[s.Name], "unique names: %s", s.Name)
		seen[s.Name] = true
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			res, err := s.Run(context.Background())
			assert.Equal(t, s.Outcome, res.Outcome)
			assert.Equal(t, s.StopReason, res.StopReason)
			var le *loop.Error
			if s.Kind == "" {
				assert.NoError(t, err)
			} else if assert.True(t, errors.As(err, &le), "%v", err) {
				assert.Equal(t, s.Kind, le.Kind)
			}
			again, _ := s.Run(context.Background())
			a, err := looptest.Canonical(res)
			require.NoError(t, err)
			b, err := looptest.Canonical(again)
			require.NoError(t, err)
			assert.Equal(t, string(a), string(b))
			_, err = s.Config()
			assert.NoError(t, err)
		})
	}
}

func TestCanonicalZeroesTimingOnly(t *testing.T) {
	res := loop.Result[string]{Outcome: loop.OutcomeSucceeded, Trace: []loop.Step[string]{{Index: 0, Start: time.Now(), Duration: time.Second, Candidate: "c"}}}
	raw, err := looptest.Canonical(res)
	require.NoError(t, err)
	var back loop.Result[string]
	require.NoError(t, json.Unmarshal(raw, &back))
	assert.True(t, back.Trace[0].Start.IsZero())
	assert.Zero(t, back.Trace[0].Duration)
	assert.Equal(t, "c", back.Trace[0].Candidate)
	assert.False(t, res.Trace[0].Start.IsZero(), "the Result given is not changed")
}
