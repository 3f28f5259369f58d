package evaluator

import (
	"encoding/json"
	"fmt"
	"testing"
)

// realisticDecision builds a revise decision of about 2 KB: eight criteria
// with evidence refs and reasons, and several revision instructions, the
// size a model judge typically returns.
func realisticDecision(tb testing.TB) []byte {
	d := EvaluationDecision{Status: StatusRevise, Score: 0.62}
	for i := range 8 {
		d.Criteria = append(d.Criteria, Criterion{
			Name:         fmt.Sprintf("criterion_%d", i),
			Passed:       i%3 != 0,
			EvidenceRefs: []string{fmt.Sprintf("doc-%d", i), "policy-refunds"},
			Reason:       "The reply states the refund amount but does not cite the order record; quote the delivery date.",
		})
	}
	d.BlockingFailures = []string{}
	d.RevisionInstructions = []string{
		"Remove the promise that the money is on its way; the refund is not yet approved.",
		"Cite the delivery confirmation (doc-2) when stating the order was delivered.",
		"Ask the customer for photos of the damage before offering a full refund.",
	}
	raw, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		tb.Fatal(err)
	}
	return append([]byte("Here is my evaluation:\n```json\n"), append(raw, "\n```\n"...)...)
}

func BenchmarkParseDecision(b *testing.B) {
	raw := realisticDecision(b)
	if len(raw) < 1800 || len(raw) > 2600 {
		b.Fatalf("fixture is %d bytes, want about 2 KB", len(raw))
	}
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseDecision(raw); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidate(b *testing.B) {
	d, err := ParseDecision(realisticDecision(b))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := d.Validate(); err != nil {
			b.Fatal(err)
		}
	}
}
