package evaluator

import (
	"encoding/json"
	"fmt"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// walkSchema visits every object schema in a decoded JSON Schema document,
// reporting its path.
func walkSchema(path string, node any, visit func(path string, obj map[string]any)) {
	switch v := node.(type) {
	case map[string]any:
		visit(path, v)
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			walkSchema(path+"/"+k, v[k], visit)
		}
	case []any:
		for i, e := range v {
			walkSchema(fmt.Sprintf("%s/%d", path, i), e, visit)
		}
	}
}

func TestDecisionSchemaIsStrict(t *testing.T) {
	raw, err := json.Marshal(DecisionSchema())
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(raw, &doc))

	_, hasRef := doc["$ref"]
	assert.False(t, hasRef, "no $ref at the root")
	assert.Equal(t, "object", doc["type"])

	objects := 0
	walkSchema("#", doc, func(path string, obj map[string]any) {
		_, isOneOf := obj["oneOf"]
		assert.False(t, isOneOf, "%s: oneOf is not allowed", path)
		if ref, ok := obj["$ref"].(string); ok {
			t.Errorf("%s: $ref %q: strict schemas inline everything", path, ref)
		}
		props, ok := obj["properties"].(map[string]any)
		if !ok || obj["type"] != "object" {
			return
		}
		objects++
		assert.Equal(t, false, obj["additionalProperties"], "%s: additionalProperties must be false", path)
		req, _ := obj["required"].([]any)
		assert.Len(t, req, len(props), "%s: every property is required", path)
		for _, r := range req {
			_, ok := props[r.(string)]
			assert.True(t, ok, "%s: required %q is not a property", path, r)
		}
	})
	assert.Equal(t, 2, objects, "the decision and the criterion")

	props := doc["properties"].(map[string]any)
	wantProps := []string{"status", "score", "criteria", "blockingFailures", "revisionInstructions", "stopReason"}
	assert.Len(t, props, len(wantProps))
	for _, p := range wantProps {
		assert.Contains(t, props, p)
	}
	status := props["status"].(map[string]any)
	assert.ElementsMatch(t, []any{"pass", "revise", "block", "escalate"}, status["enum"])
	stop := props["stopReason"].(map[string]any)
	wantStops := []any{""}
	for _, r := range JudgeStopReasons() {
		wantStops = append(wantStops, string(r))
	}
	assert.Equal(t, wantStops, stop["enum"], "stopReason allows the empty string and the judge's stop reasons only")
	for _, r := range []StopReason{StopTimeout, StopCostBudget, StopMaxRevisions, StopStalled, StopCanceled, StopError} {
		assert.NotContains(t, stop["enum"], string(r), "a controller-only stop reason is not offered to the judge")
	}
	crit := props["criteria"].(map[string]any)["items"].(map[string]any)
	assert.ElementsMatch(t, []any{"name", "passed", "evidenceRefs", "reason"}, crit["required"])
}

func TestDecisionSchemaFreshEachCall(t *testing.T) {
	a := DecisionSchema()
	want := string(a)
	for i := range a {
		a[i] = ' '
	}
	assert.Equal(t, want, string(DecisionSchema()), "callers may modify their copy")
}

// A decision that follows the schema parses; the schema and the parser agree.
func TestSchemaConformingDecisionParses(t *testing.T) {
	d := EvaluationDecision{
		Status: StatusRevise, Score: 0.5,
		Criteria:             []Criterion{{Name: "a", Passed: false, EvidenceRefs: []string{}, Reason: "r"}},
		BlockingFailures:     []string{},
		RevisionInstructions: []string{"fix a"},
		StopReason:           "",
	}
	raw, err := json.Marshal(d)
	require.NoError(t, err)
	got, err := ParseDecision(raw)
	require.NoError(t, err)
	assert.Equal(t, d, got)
}
