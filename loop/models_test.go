package loop

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/rubric"
)

// rolesOn is a role reporting models through evaluator.Modeler.
type rolesOn []string

func (r rolesOn) Models() []string { return r }

type modelsGen struct {
	rolesOn
	GeneratorFunc[string]
}

// TestGuardSeesJudgeBehindChecks is the case: the deterministic
// suite first, a judge on gpt-4.1 last, a generator on the dated, prefixed
// name of the same model.
func TestGuardSeesJudgeBehindChecks(t *testing.T) {
	s := &script{}
	judge := evaluator.WithModel(s.eval(), "gpt-4.1")
	gate := evaluator.Chain(checks.DefaultSuite(), judge)

	res, err := RunLoop(context.Background(), refundTask, s.gen(), gate, s.rev(),
		WithModels(RoleGenerate, "openai/gpt-4.1-2025-04-14"))
	require.ErrorIs(t, err, ErrSameModel)
	assert.Contains(t, err.Error(), `"gpt-4.1"`)
	assert.Empty(t, res.Trace, "no role is called")
	gens, evals, _ := s.calls()
	assert.Equal(t, [2]int{0, 0}, [2]int{gens, evals})

	// The same through checks.ForText and a generator that reports its model.
	gen := modelsGen{rolesOn{"OpenAI/GPT-4.1-2025-04-14"}, GeneratorFunc[string](s.gen().Generate)}
	_, err = RunLoop(context.Background(), refundTask, gen,
		evaluator.Chain(checks.ForText(checks.DefaultSuite(), func(s string) string { return s }), judge), s.rev())
	require.ErrorIs(t, err, ErrSameModel)

	// AllowSameModel lets it run.
	_, err = RunLoop(context.Background(), refundTask, s.gen(), gate, s.rev(),
		WithModels(RoleGenerate, "openai/gpt-4.1-2025-04-14"), AllowSameModel())
	require.NoError(t, err)
}

// TestGuardSeesRubricJudge: a rubric judge declares its model in its Config.
func TestGuardSeesRubricJudge(t *testing.T) {
	judge, err := rubric.NewJudge[string](rubric.Deliverable(), func(context.Context, evaluator.Prompt) (string, error) {
		return "", nil
	}, rubric.Config[string]{Model: "claude-sonnet-4-5"})
	require.NoError(t, err)
	s := &script{}
	_, err = RunLoop[string](context.Background(), refundTask, s.gen(), evaluator.Chain[string](checks.DefaultSuite(), judge), s.rev(),
		WithModels(RoleRevise, "anthropic/claude-sonnet-4-5-20250929"))
	require.ErrorIs(t, err, ErrSameModel)
	assert.Contains(t, err.Error(), "the reviser")
}

func TestGuardModelOptions(t *testing.T) {
	tests := []struct {
		name string
		opts []Option
		same bool
	}{
		{"nothing declared", nil, false},
		{"evaluator only", []Option{WithModels(RoleEvaluate, "gpt-4.1")}, false},
		{"different families", []Option{WithModels(RoleEvaluate, "gpt-4.1"), WithModels(RoleGenerate, "gpt-4.1-mini"), WithModels(RoleRevise, "claude-sonnet-4-5")}, false},
		{"generator matches", []Option{WithModels(RoleEvaluate, "gpt-4.1"), WithModels(RoleGenerate, "GPT-4.1-2025-04-14")}, true},
		{"reviser matches", []Option{WithModels(RoleEvaluate, "claude-sonnet-4-5@20250929"), WithModels(RoleRevise, "claude-sonnet-4-5")}, true},
		{"one of several", []Option{WithModels(RoleEvaluate, "o3", "gpt-4.1"), WithModels(RoleGenerate, "claude-sonnet-4-5", "openai/gpt-4.1")}, true},
		{"blank names never match", []Option{WithModels(RoleEvaluate, " "), WithModels(RoleGenerate, "")}, false},
		{"allowed", []Option{WithModels(RoleEvaluate, "gpt-4.1"), WithModels(RoleGenerate, "gpt-4.1"), AllowSameModel()}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &script{}
			_, err := s.run(context.Background(), refundTask, tt.opts...)
			if tt.same {
				require.ErrorIs(t, err, ErrSameModel)
			} else {
				require.NoError(t, err)
			}
		})
	}
}

// WithModels takes the three roles the guard compares; any other role is
// an option error, named, and no role is called.
func TestWithModelsRejectsOtherRoles(t *testing.T) {
	for _, role := range []Role{RoleStop, RoleRevisionCheck, "", "judge"} {
		s := &script{}
		res, err := s.run(context.Background(), refundTask, WithModels(role, "gpt-4.1"))
		require.ErrorIs(t, err, evaluator.ErrInvalidOption, "role %q", role)
		assert.Contains(t, err.Error(), "WithModels(")
		assert.Empty(t, res.Trace)
	}
	cfg, err := NewConfig(WithModels(RoleGenerate, "a"), WithModels(RoleRevise, "b"), WithModels(RoleEvaluate, "c"))
	require.NoError(t, err)
	assert.Equal(t, []string{"a"}, cfg.GeneratorModels)
	assert.Equal(t, []string{"b"}, cfg.ReviserModels)
	assert.Equal(t, []string{"c"}, cfg.EvaluatorModels)
}
