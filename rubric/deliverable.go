package rubric

import (
	"bytes"
	_ "embed"
	"sync"
)

//go:embed deliverable.json
var deliverableJSON []byte

// deliverable parses the embedded preset once.
var deliverable = sync.OnceValues(func() (Rubric, error) {
	return Load(bytes.NewReader(deliverableJSON))
})

// Deliverable returns the 8-dimension deliverable rubric (version 1.0.0),
// embedded from deliverable.json. Each call returns a fresh deep copy the
// caller may modify.
//
// Weights: Factual Correctness 0.18, Citation Validity 0.13, Policy
// Compliance 0.13, Tool Consistency 0.10, Jurisdictional Accuracy 0.13,
// Internal Consistency 0.13, Completeness 0.08, Recommendation
// Actionability 0.12. Floors of 0.50 on Factual Correctness,
// Jurisdictional Accuracy and Recommendation Actionability. Auto-fail may
// zero those three and Policy Compliance; Policy Compliance is the only
// policy dimension (an auto-fail there blocks instead of asking for a
// revision). Pass threshold 0.75, DefaultBands and the default Rules.
//
// It panics only if the embedded file is invalid, which the package's tests
// rule out.
func Deliverable() Rubric {
	r, err := deliverable()
	if err != nil {
		panic("rubric: embedded deliverable.json is invalid: " + err.Error())
	}
	return r.Clone()
}
