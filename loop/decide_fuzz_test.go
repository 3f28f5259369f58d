package loop

import (
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// FuzzDecide feeds Decide arbitrary decisions and states and checks the
// invariants every driver relies on: it never panics, the outcome and stop
// reason form a legal pair, only a valid pass citing known evidence is
// accepted, an invalid decision always stops with an error, and the
// decision acted on is valid whenever the decision given was.
func FuzzDecide(f *testing.F) {
	f.Add("pass", 0.9, "", "", "", "photo-1", 0, 2, 0, 0, 0.0, 0)
	f.Add("revise", 0.5, "fix it", "", "", "", 1, 2, 1, 1, 0.5, 0)
	f.Add("revise", 0.5, "fix it", "", "", "", 2, 2, 2, 2, 0.5, 1)
	f.Add("block", 0.0, "", "policy", "missing_evidence", "", 0, 2, 0, 0, 0.0, 0)
	f.Add("escalate", 0.3, "", "", "", "", 0, 2, 0, 0, 0.0, 0)
	f.Add("pass", 1.0, "", "", "", "ghost", 0, 2, 0, 0, 0.0, 0)
	f.Add("maybe", 2.0, "", "", "bogus", "", 0, 2, 0, 0, 0.0, 0)
	f.Fuzz(func(t *testing.T, status string, score float64, instr, failure, stop, ref string,
		revisions, maxRevisions, stallLimit, evaluations int, best float64, stalled int) {
		d := evaluator.EvaluationDecision{Status: evaluator.Status(status), Score: score, StopReason: evaluator.StopReason(stop)}
		if instr != "" {
			d.RevisionInstructions = []string{instr}
		}
		if failure != "" {
			d.BlockingFailures = []string{failure}
		}
		if ref != "" {
			d.Criteria = []evaluator.Criterion{{Name: "c", Passed: true, EvidenceRefs: []string{ref}}}
		}
		s := State{Revisions: revisions, MaxRevisions: maxRevisions, StallLimit: stallLimit,
			Evaluations: evaluations, BestScore: best, Stalled: stalled}
		n := checkedDecide(s, refundTask, d)

		valid := d.Validate() == nil
		if !valid {
			if n.Action != actionStop || n.Outcome != OutcomeFailed || n.StopReason != evaluator.StopError || n.Err == nil {
				t.Fatalf("invalid decision %+v: got %+v", d, n)
			}
			return
		}
		if n.Err != nil {
			t.Fatalf("valid decision %+v: unexpected error %v", d, n.Err)
		}
		switch n.Action {
		case actionRevise:
			if n.Outcome != "" || n.StopReason != "" || d.Status != evaluator.StatusRevise {
				t.Fatalf("revise with %+v for %+v", n, d)
			}
		case actionAccept:
			if n.Outcome != OutcomeSucceeded || n.StopReason != evaluator.StopPassed ||
				d.Status != evaluator.StatusPass || len(evaluator.MissingEvidence(refundTask, d)) > 0 ||
				d.StopReason == evaluator.StopMissingEvidence {
				t.Fatalf("accepted %+v as %+v", d, n)
			}
		case actionStop:
			ok := false
			for _, r := range legalPairs[n.Outcome] {
				ok = ok || r == n.StopReason
			}
			if !ok || n.Outcome == OutcomeSucceeded {
				t.Fatalf("illegal stop %q/%q for %+v", n.Outcome, n.StopReason, d)
			}
		default:
			t.Fatalf("unknown action %q", n.Action)
		}
		if n.Decision.StopReason != n.StopReason {
			t.Fatalf("Decision.StopReason %q, StopReason %q", n.Decision.StopReason, n.StopReason)
		}
		if err := n.Decision.Validate(); err != nil {
			t.Fatalf("acted-on decision is invalid: %v (%+v)", err, n.Decision)
		}
		if n.Outcome == OutcomeBlocked && n.Decision.Status != evaluator.StatusBlock {
			t.Fatalf("blocked with a %q decision", n.Decision.Status)
		}
		if n.State.Evaluations != s.Evaluations+1 || n.State.Revisions != s.Revisions {
			t.Fatalf("state %+v -> %+v", s, n.State)
		}
	})
}
