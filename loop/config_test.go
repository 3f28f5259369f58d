package loop

import (
	"context"
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

func TestNewConfig(t *testing.T) {
	cfg, err := NewConfig()
	require.NoError(t, err)
	assert.Equal(t, Config{}, cfg, "no option is the zero Config")

	check := RevisionCheck[string](func(context.Context, evaluator.Task, string, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{}, nil
	})
	cfg, err = NewConfig(WithMaxRevisions(4), WithTimeout(time.Minute), WithMaxCost(2.5), WithStallLimit(3),
		WithRetry(3, time.Second), AllowSameModel(), WithModels(RoleGenerate, "g"), WithModels(RoleRevise, "r"), WithModels(RoleEvaluate, "e"),
		WithRevisionCheck(check), WithCandidateRef(Digest[string]), WithHooks(Hooks[string]{AfterCall: func(_ context.Context, _ Step[string]) {}}))
	require.NoError(t, err)
	assert.Equal(t, Config{MaxRevisions: 4, Timeout: time.Minute, MaxCost: 2.5, StallLimit: 3, Attempts: 3, Backoff: time.Second,
		AllowSameModel: true, GeneratorModels: []string{"g"}, ReviserModels: []string{"r"}, EvaluatorModels: []string{"e"},
		RevisionCheck: true, CandidateRefs: true}, cfg)

	_, err = NewConfig(WithMaxRevisions(-1), nil, WithCandidateRef[string](nil))
	require.ErrorIs(t, err, evaluator.ErrInvalidOption)
	for _, part := range []string{"WithMaxRevisions(-1)", "opts[1]: nil option", "WithCandidateRef: nil function"} {
		assert.Contains(t, err.Error(), part)
	}
}

// TestNoBudgetHasAJSONForm: "no budget" is 0, which WithMaxCost(+Inf)
// stores; a Config holding +Inf still encodes, as text, and means none.
func TestNoBudgetHasAJSONForm(t *testing.T) {
	cfg, err := NewConfig(WithMaxCost(math.Inf(1)))
	require.NoError(t, err)
	assert.Equal(t, 0.0, cfg.MaxCost)
	raw, err := json.Marshal(cfg)
	require.NoError(t, err)
	assert.NotContains(t, string(raw), "maxCost")

	inf := Config{MaxCost: math.Inf(1), Timeout: time.Second}
	raw, err = json.Marshal(inf)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"maxCost":"+Inf"`)
	var back Config
	require.NoError(t, json.Unmarshal(raw, &back))
	assert.True(t, math.IsInf(back.MaxCost, 1))
	assert.Equal(t, time.Second, back.Timeout)
	require.NoError(t, back.Validate())

	m, err := Start[string](t0, back, refundTask)
	require.NoError(t, err)
	m.Next(t0)
	m.Record(t0, CallResult[string]{Candidate: "x", Cost: 1e300})
	assert.Equal(t, CallRole, m.Next(t0).Kind, "+Inf is no budget")
	raw, err = json.Marshal(m)
	require.NoError(t, err, "the machine encodes too")
	assert.Contains(t, string(raw), `"maxCost":"+Inf"`)

	assert.Error(t, json.Unmarshal([]byte(`{"maxCost":"lots"}`), &back))
}

func TestConfigValidateNamesEveryField(t *testing.T) {
	err := Config{MaxRevisions: -2, Timeout: -1, MaxCost: -1, StallLimit: -1, Attempts: -1, Backoff: -1}.Validate()
	require.ErrorIs(t, err, evaluator.ErrInvalidOption)
	assert.Contains(t, err.Error(), "maxRevisions: must be >= -1")
	for _, f := range []string{"timeout", "maxCost", "stallLimit", "attempts", "backoff"} {
		assert.Contains(t, err.Error(), f+": must be >= 0")
	}
	assert.NoError(t, Config{}.Validate(), "the zero Config is valid")
	assert.NoError(t, Config{MaxRevisions: NoRevision}.Validate())
}

// TestZeroConfigIsTheDefault: a machine started from the zero Config has
// the revision budget RunLoop has with no option (defaultMaxRevisions);
// NoRevision, which WithMaxRevisions(0) stores, allows none and survives
// JSON.
func TestZeroConfigIsTheDefault(t *testing.T) {
	m, err := Start[string](t0, Config{}, refundTask)
	require.NoError(t, err)
	assert.Equal(t, defaultMaxRevisions, m.State.MaxRevisions)

	cfg, err := NewConfig(WithMaxRevisions(0))
	require.NoError(t, err)
	assert.Equal(t, NoRevision, cfg.MaxRevisions)
	raw, err := json.Marshal(cfg)
	require.NoError(t, err)
	var back Config
	require.NoError(t, json.Unmarshal(raw, &back))
	m, err = Start[string](t0, back, refundTask)
	require.NoError(t, err)
	assert.Equal(t, 0, m.State.MaxRevisions)

	cfg, err = NewConfig(WithMaxRevisions(5))
	require.NoError(t, err)
	m, err = Start[string](t0, cfg, refundTask)
	require.NoError(t, err)
	assert.Equal(t, 5, m.State.MaxRevisions)
}
