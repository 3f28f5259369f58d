package evaluator

import "encoding/json"

// MarshalJSON writes the decision as DecisionSchema says: every field
// present, nil criteria, blockingFailures and revisionInstructions as []
// (never null), and stopReason as "" when empty.
func (d EvaluationDecision) MarshalJSON() ([]byte, error) {
	type wire struct {
		Status               Status      `json:"status"`
		Score                float64     `json:"score"`
		Criteria             []Criterion `json:"criteria"`
		BlockingFailures     []string    `json:"blockingFailures"`
		RevisionInstructions []string    `json:"revisionInstructions"`
		StopReason           StopReason  `json:"stopReason"`
	}
	return json.Marshal(wire{
		Status:               d.Status,
		Score:                d.Score,
		Criteria:             nonNil(d.Criteria),
		BlockingFailures:     nonNil(d.BlockingFailures),
		RevisionInstructions: nonNil(d.RevisionInstructions),
		StopReason:           d.StopReason,
	})
}

// MarshalJSON writes the criterion as DecisionSchema says: nil evidenceRefs
// as [] (never null).
func (c Criterion) MarshalJSON() ([]byte, error) {
	type wire Criterion // no methods: no recursion
	w := wire(c)
	w.EvidenceRefs = nonNil(w.EvidenceRefs)
	return json.Marshal(w)
}

// nonNil returns s, or an empty slice when s is nil.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
