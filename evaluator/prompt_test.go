package evaluator

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var promptTask = Task{
	ID:       "refund-1",
	Input:    "Answer the customer's refund request.",
	Criteria: []string{"Cite the invoice for every amount."},
	Evidence: []Evidence{{ID: "inv-7", Source: "billing", Content: "Invoice 7: 59.99 EUR"}},
}

func TestDecisionPrompt(t *testing.T) {
	p, err := DecisionPrompt(promptTask, "We refund 59.99 EUR [inv-7].")
	require.NoError(t, err)
	var indented bytes.Buffer
	require.NoError(t, json.Indent(&indented, DecisionSchema(), "", "  "))
	assert.Contains(t, p.System, indented.String(), "the schema is in the prompt by default")
	for _, s := range []string{`"pass"`, `"revise"`, `"block"`, `"escalate"`, "revisionInstructions", "blockingFailures", "evidence"} {
		assert.Contains(t, p.System, s)
	}
	for _, r := range JudgeStopReasons() {
		assert.Contains(t, p.System, `"`+string(r)+`"`)
	}
	for _, r := range []StopReason{StopTimeout, StopCostBudget, StopMaxRevisions, StopStalled, StopCanceled} {
		assert.NotContains(t, p.System, `"`+string(r)+`"`, "controller-only stop reasons are not offered")
	}
	assert.Contains(t, p.User, "(refund-1)")
	assert.Contains(t, p.User, `<evidence id="inv-7" source="billing">`)
	assert.Contains(t, p.User, "<deliverable>\nWe refund 59.99 EUR [inv-7].\n</deliverable>")
	assert.True(t, strings.HasSuffix(p.User, "reply with the JSON object only.\n"))

	again, err := DecisionPrompt(promptTask, "We refund 59.99 EUR [inv-7].")
	require.NoError(t, err)
	assert.Equal(t, p, again, "deterministic")
}

func TestDecisionPromptWithoutSchema(t *testing.T) {
	with, err := DecisionPrompt(promptTask, "x")
	require.NoError(t, err)
	without, err := DecisionPrompt(promptTask, "x", WithoutSchema(), nil)
	require.NoError(t, err)
	assert.NotContains(t, without.System, `"additionalProperties"`)
	assert.Contains(t, without.System, "the format the response schema sets")
	assert.Equal(t, with.User, without.User)
	assert.Less(t, len(without.System), len(with.System)/2+len(with.System)/4, "the schema is a large part of the prompt")
}

func TestDecisionPromptRejectsBadTask(t *testing.T) {
	_, err := DecisionPrompt(Task{Evidence: []Evidence{{ID: "a"}, {ID: "a"}}}, "x")
	require.Error(t, err)
	assert.Equal(t, 1, strings.Count(err.Error(), "evaluator:"), "one prefix: %v", err)
	assert.Contains(t, err.Error(), "evidence[1].id")
}
