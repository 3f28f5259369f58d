package rubric

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

func TestEvaluatorDeclaresModel(t *testing.T) {
	judge, _ := scripted("", nil)
	ev, err := NewJudge[string](Deliverable(), judge, Config[string]{Model: " gpt-4.1 "})
	require.NoError(t, err)
	assert.Equal(t, []string{"gpt-4.1"}, evaluator.ModelsOf(ev))
	assert.Equal(t, []string{"gpt-4.1"}, evaluator.ModelsOf(evaluator.Chain[string](ev)), "a chain passes it on")
	plain, err := NewJudge[string](Deliverable(), judge, Config[string]{})
	require.NoError(t, err)
	assert.Nil(t, evaluator.ModelsOf(plain))
}

func TestOmitSchema(t *testing.T) {
	judge, _ := scripted("", nil)
	with, err := NewJudge[string](Deliverable(), judge, Config[string]{})
	require.NoError(t, err)
	without, err := NewJudge[string](Deliverable(), judge, Config[string]{OmitSchema: true})
	require.NoError(t, err)
	var schema bytes.Buffer
	require.NoError(t, json.Indent(&schema, Deliverable().OutputSchema(), "", "  "))
	assert.Contains(t, with.SystemPrompt(""), schema.String())
	assert.NotContains(t, without.SystemPrompt(""), `"additionalProperties"`)
	assert.Contains(t, without.SystemPrompt(""), "in the format the response schema sets")
	// Everything else stays: the field notes after the schema, the rules.
	assert.Contains(t, without.SystemPrompt(""), "- dimensions: one entry per dimension above")
	assert.Contains(t, without.SystemPrompt(""), "## Pass/fail rules")
	assert.Less(t, len(without.SystemPrompt("")), len(with.SystemPrompt(""))-schema.Len()+100)

	p, err := RenderPrompt(Deliverable(), nil, evaluator.WithoutSchema())
	require.NoError(t, err)
	assert.Equal(t, without.SystemPrompt(""), p)
}

// TestErrorsHaveOnePrefix: every error Evaluate returns names its package
// once, and the judge's own error keeps its fields.
func TestErrorsHaveOnePrefix(t *testing.T) {
	good := string(marshal(t, goodOutput(0.95)))
	perr := &provider.ProviderError{Provider: "openai", StatusCode: 429, Code: "rate_limit_exceeded", Message: "slow down", RequestID: "req_9"}
	tests := []struct {
		name, reply string
		err         error
		want        string
	}{
		{"empty reply", "", nil, "rubric: parse judge output: empty reply: no JSON object (at byte 0)"},
		{"prose", "Looks fine.", nil, "rubric: parse judge output: no JSON object found"},
		{"missing field", `{"passed": true}`, nil, "rubric: parse judge output: "},
		{"bad score", strings.Replace(good, `"score":0.95`, `"score":1.7`, 1), nil, "rubric: judge output: dimensions[0].score: must be in [0,1], got 1.7"},
		{"provider error", "", perr, "rubric: judge: openai: 429 rate_limit_exceeded slow down (request req_9)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			judge, _ := scripted(tt.reply, tt.err)
			ev, err := NewJudge[string](Deliverable(), judge, Config[string]{})
			require.NoError(t, err)
			_, err = ev.Evaluate(context.Background(), reviewTask, "draft")
			require.Error(t, err)
			msg := fmt.Sprint(err)
			assert.True(t, strings.HasPrefix(msg, tt.want), "%q does not start with %q", msg, tt.want)
			assert.Equal(t, 1, strings.Count(msg, "rubric:"), "one prefix: %q", msg)
			if tt.err != nil {
				var got *provider.ProviderError
				require.ErrorAs(t, err, &got)
				assert.Equal(t, "req_9", got.RequestID)
				assert.Equal(t, provider.ClassTransient, provider.Classify(err))
			} else {
				assert.Equal(t, provider.ClassPermanent, provider.Classify(err), "an invalid reply is permanent")
			}
		})
	}
}
