package adaptertest

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/rubric"
)

// RefundTask is a support reply with evidence, as in examples/refund: the
// customer sent a photo of the damage, and the policy says who approves
// refunds.
func RefundTask() evaluator.Task {
	return evaluator.Task{
		ID:    "refund-1001",
		Input: "The customer says the blender jug arrived cracked, sent photos, and asks for a refund.",
		Evidence: []evaluator.Evidence{
			{ID: "photo-1", Source: "upload", Content: "Photo: the jug has a crack along its side."},
			{ID: "policy-refunds", Source: "policy.md", Content: "Only the returns team approves refunds."},
		},
	}
}

// PassDecision returns a valid pass on RefundTask citing the policy, with
// empty (not nil) lists, as a judge's reply decodes.
func PassDecision() evaluator.EvaluationDecision {
	return evaluator.EvaluationDecision{
		Status: evaluator.StatusPass,
		Score:  0.9,
		Criteria: []evaluator.Criterion{{
			Name: "no_promise_before_approval", Passed: true,
			EvidenceRefs: []string{"policy-refunds"}, Reason: "the refund is described as under review",
		}},
		BlockingFailures:     []string{},
		RevisionInstructions: []string{},
	}
}

// DecisionJSON is d as JSON.
func DecisionJSON(t testing.TB, d evaluator.EvaluationDecision) string {
	t.Helper()
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// RubricReply is a judge output that scores every dimension of r at score,
// citing the policy of RefundTask.
func RubricReply(r rubric.Rubric, score float64) string {
	dims := make([]string, len(r.Dimensions))
	for i, d := range r.Dimensions {
		dims[i] = fmt.Sprintf(`{"name":%q,"weight":%v,"score":%v,"evidence":"policy-refunds","evidenceRefs":["policy-refunds"],"issues":[]}`, d.Name, d.Weight, score)
	}
	return fmt.Sprintf(`{"passed":true,"overallScore":%v,"specialistRole":"evaluator","dimensions":[%s],`+
		`"failureReasons":[],"revisionSuggestions":[],"autoFailTriggered":false,"autoFailReason":"","confidence":0.9,"summary":"Sound."}`,
		score, strings.Join(dims, ","))
}

// CheckPropertyOrder asserts that every object of the schema sent on the
// wire lists its properties in the order they have in want (the schema the
// library wrote), not the alphabetical order a map would give.
func CheckPropertyOrder(t testing.TB, sent, want json.RawMessage) {
	t.Helper()
	got, err := PropertyOrder(sent)
	if err != nil {
		t.Fatal(err)
	}
	exp, err := PropertyOrder(want)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, exp) {
		t.Errorf("property order on the wire:\n got %v\nwant %v", got, exp)
	}
}
