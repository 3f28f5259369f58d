package evaluator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// validate checks doc against schema, for the subset of JSON Schema that
// DecisionSchema uses (type, properties, required, additionalProperties,
// items, enum, description). A keyword outside the subset is an error, so
// the validator cannot silently skip a rule the schema gains later.
func validate(schema map[string]any, doc any, path string) []string {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, path+": "+fmt.Sprintf(format, args...)) }
	for k := range schema {
		switch k {
		case "type", "properties", "required", "additionalProperties", "items", "enum", "description":
		default:
			fail("schema keyword %q is outside the validator's subset", k)
		}
	}
	if enum, ok := schema["enum"].([]any); ok && !slices.Contains(enum, doc) {
		fail("%v is not one of %v", doc, enum)
	}
	switch schema["type"] {
	case "object":
		obj, ok := doc.(map[string]any)
		if !ok {
			fail("want an object, got %T", doc)
			return errs
		}
		props, _ := schema["properties"].(map[string]any)
		for _, r := range schema["required"].([]any) {
			if _, ok := obj[r.(string)]; !ok {
				fail("required property %q is missing", r)
			}
		}
		for k, v := range obj {
			sub, ok := props[k].(map[string]any)
			if !ok {
				if schema["additionalProperties"] == false {
					fail("property %q is not allowed", k)
				}
				continue
			}
			errs = append(errs, validate(sub, v, path+"."+k)...)
		}
	case "array":
		arr, ok := doc.([]any)
		if !ok {
			fail("want an array, got %T", doc) // null lands here
			return errs
		}
		items, _ := schema["items"].(map[string]any)
		for i, v := range arr {
			errs = append(errs, validate(items, v, fmt.Sprintf("%s[%d]", path, i))...)
		}
	case "string":
		if _, ok := doc.(string); !ok {
			fail("want a string, got %T", doc)
		}
	case "number":
		if _, ok := doc.(float64); !ok {
			fail("want a number, got %T", doc)
		}
	case "boolean":
		if _, ok := doc.(bool); !ok {
			fail("want a boolean, got %T", doc)
		}
	default:
		fail("schema type %v is outside the validator's subset", schema["type"])
	}
	return errs
}

func decisionSchemaMap(t *testing.T) map[string]any {
	t.Helper()
	var s map[string]any
	require.NoError(t, json.Unmarshal(DecisionSchema(), &s))
	return s
}

// TestValidatorRejects: the validator is not a rubber stamp.
func TestValidatorRejects(t *testing.T) {
	schema := decisionSchemaMap(t)
	for _, doc := range []string{
		`{"status":"pass","score":1,"criteria":null,"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`,
		`{"status":"pass","score":1,"criteria":[],"blockingFailures":[],"revisionInstructions":[]}`,
		`{"status":"maybe","score":1,"criteria":[],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`,
		`{"status":"pass","score":1,"criteria":[],"blockingFailures":[],"revisionInstructions":[],"stopReason":"timeout"}`,
		`{"status":"pass","score":1,"criteria":[{"name":"a","passed":true,"evidenceRefs":null,"reason":""}],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`,
		`{"status":"pass","score":"1","criteria":[],"blockingFailures":[],"revisionInstructions":[],"stopReason":"","extra":1}`,
	} {
		var v any
		require.NoError(t, json.Unmarshal([]byte(doc), &v))
		assert.NotEmpty(t, validate(schema, v, "$"), doc)
	}
}

// TestMarshalledDecisionsMatchSchema: every decision a judge may give
// marshals to JSON DecisionSchema accepts, nil lists included.
func TestMarshalledDecisionsMatchSchema(t *testing.T) {
	schema := decisionSchemaMap(t)
	decisions := []EvaluationDecision{
		{Status: StatusPass, Score: 1},
		{Status: StatusRevise, Score: 0.4, RevisionInstructions: []string{"cite the invoice"}},
		{Status: StatusBlock, Score: 0, BlockingFailures: []string{"no damage evidence"}, StopReason: StopMissingEvidence},
		{Status: StatusEscalate, Score: 0.5, StopReason: StopEscalated,
			Criteria: []Criterion{{Name: "policy", Passed: false}, {Name: "amount", Passed: true, EvidenceRefs: []string{"inv-7"}, Reason: "matches"}}},
	}
	for _, d := range decisions {
		raw, err := json.Marshal(d)
		require.NoError(t, err)
		var doc any
		require.NoError(t, json.Unmarshal(raw, &doc))
		assert.Empty(t, validate(schema, doc, "$"), "%s", raw)
		assert.False(t, bytes.Contains(raw, []byte("null")), "%s", raw)
		back, err := ParseDecision(raw)
		require.NoError(t, err, "%s", raw)
		assert.Equal(t, d.Status, back.Status)
	}
	// The zero decision is not valid, but its lists are still [].
	raw, err := json.Marshal(EvaluationDecision{})
	require.NoError(t, err)
	assert.JSONEq(t, `{"status":"","score":0,"criteria":[],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`, string(raw))
	// Through a pointer and inside other values too.
	raw, err = json.Marshal(struct{ D *EvaluationDecision }{&decisions[0]})
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"criteria":[]`)
	raw, err = json.Marshal(Criterion{Name: "x"})
	require.NoError(t, err)
	assert.JSONEq(t, `{"name":"x","passed":false,"evidenceRefs":[],"reason":""}`, string(raw))
}
