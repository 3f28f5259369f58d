package checks

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/evalopt/evalopt/checks/internal/benchtext"
	"github.com/evalopt/evalopt/evaluator"
)

// TestDecisionBoundedOnReferences checks the decision's bounds on the
// input that grew it most: 1 MB of clause references (25,366 blocking
// failures and 10.9 MB of decision before the bound), as a review memo
// with a source that has none of them (the bound must be reached there),
// and as a contract and text of no kind. Under -race it
// reads 16 KB, still hundreds of findings of a rule.
func TestDecisionBoundedOnReferences(t *testing.T) {
	size := benchtext.MiB
	if raceEnabled || testing.Short() {
		size = 16 << 10
	}
	text, err := benchtext.Adversarial("references", size)
	if err != nil {
		t.Fatal(err)
	}
	s := DefaultSuite()
	for _, task := range []evaluator.Task{
		{Kind: evaluator.KindReviewMemo, Evidence: []evaluator.Evidence{{ID: "source", Content: "1. Scope\n\nThis agreement has one clause.\n"}}},
		{Kind: evaluator.KindContract},
		{},
	} {
		fs, err := s.Findings(context.Background(), task, text)
		if err != nil {
			t.Fatal(err)
		}
		d := s.Decide(fs)
		b, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > 256<<10 {
			t.Errorf("%s: decision is %d bytes of JSON, want at most 256 KB", task.Kind, len(b))
		}
		perRule := map[string]int{}
		for _, c := range d.Criteria {
			if !c.Passed {
				perRule[c.Name]++
			}
		}
		most := 0
		for r, n := range perRule {
			if n > 51 {
				t.Errorf("%s: %d failed criteria of %s, want at most 50 and one \"and N more\"", task.Kind, n, r)
			}
			most = max(most, n)
		}
		if task.Kind == evaluator.KindReviewMemo && (len(fs) < 100 || most < 51) {
			t.Errorf("%s: %d findings, at most %d per rule: the input no longer provokes the bound", task.Kind, len(fs), most)
		}
		t.Logf("%s: %d findings, decision %d bytes, %d blocking failures", task.Kind, len(fs), len(b), len(d.BlockingFailures))
	}
}
