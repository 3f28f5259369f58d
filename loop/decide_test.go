package loop

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

func TestDecide(t *testing.T) {
	task := refundTask
	withStop := func(d evaluator.EvaluationDecision, r evaluator.StopReason) evaluator.EvaluationDecision {
		d.StopReason = r
		return d
	}
	citing := func(status evaluator.Status, refs ...string) evaluator.EvaluationDecision {
		d := evaluator.EvaluationDecision{Status: status, Score: 0.8,
			Criteria: []evaluator.Criterion{{Name: "c", Passed: true, EvidenceRefs: refs}}}
		if status == evaluator.StatusRevise {
			d.RevisionInstructions = []string{"x"}
		}
		return d
	}
	fresh := State{MaxRevisions: 2}
	tests := []struct {
		name    string
		state   State
		d       evaluator.EvaluationDecision
		action  actionKind
		outcome Outcome
		reason  evaluator.StopReason
		best    bool
		after   State
		status  evaluator.Status // of Next.Decision
		invalid bool
	}{
		{name: "pass", state: fresh, d: pass(0.9), action: actionAccept, outcome: OutcomeSucceeded, reason: evaluator.StopPassed,
			best: true, after: State{MaxRevisions: 2, Evaluations: 1, BestScore: 0.9}, status: evaluator.StatusPass},
		{name: "pass citing known evidence", state: fresh, d: citing(evaluator.StatusPass, "photo-1"), action: actionAccept,
			outcome: OutcomeSucceeded, reason: evaluator.StopPassed, best: true,
			after: State{MaxRevisions: 2, Evaluations: 1, BestScore: 0.8}, status: evaluator.StatusPass},
		{name: "pass citing unknown evidence", state: fresh, d: citing(evaluator.StatusPass, "photo-1", "receipt"), action: actionStop,
			outcome: OutcomeBlocked, reason: evaluator.StopMissingEvidence, best: true,
			after: State{MaxRevisions: 2, Evaluations: 1, BestScore: 0.8}, status: evaluator.StatusBlock},
		{name: "pass whose stop reason is missing_evidence", state: fresh, d: withStop(pass(1), evaluator.StopMissingEvidence),
			action: actionStop, outcome: OutcomeBlocked, reason: evaluator.StopMissingEvidence, best: true,
			after: State{MaxRevisions: 2, Evaluations: 1, BestScore: 1}, status: evaluator.StatusBlock},
		{name: "revise citing unknown evidence goes on", state: fresh, d: citing(evaluator.StatusRevise, "receipt"), action: actionRevise,
			best: true, after: State{MaxRevisions: 2, Evaluations: 1, BestScore: 0.8}, status: evaluator.StatusRevise},
		{name: "revise whose stop reason is missing_evidence", state: fresh, d: withStop(revise(0.3), evaluator.StopMissingEvidence),
			action: actionStop, outcome: OutcomeBlocked, reason: evaluator.StopMissingEvidence, best: true,
			after: State{MaxRevisions: 2, Evaluations: 1, BestScore: 0.3}, status: evaluator.StatusBlock},
		{name: "block", state: fresh, d: block(0.1, "f"), action: actionStop, outcome: OutcomeBlocked, reason: evaluator.StopPolicyBlock,
			best: true, after: State{MaxRevisions: 2, Evaluations: 1, BestScore: 0.1}, status: evaluator.StatusBlock},
		{name: "block with missing_evidence", state: fresh, d: withStop(block(0, "f"), evaluator.StopMissingEvidence), action: actionStop,
			outcome: OutcomeBlocked, reason: evaluator.StopMissingEvidence, best: true,
			after: State{MaxRevisions: 2, Evaluations: 1}, status: evaluator.StatusBlock},
		{name: "block with another stop reason is a policy block", state: fresh, d: withStop(block(0, "f"), evaluator.StopStalled),
			action: actionStop, outcome: OutcomeBlocked, reason: evaluator.StopPolicyBlock, best: true,
			after: State{MaxRevisions: 2, Evaluations: 1}, status: evaluator.StatusBlock},
		{name: "escalate", state: fresh, d: escalate(0.5), action: actionStop, outcome: OutcomeEscalated, reason: evaluator.StopEscalated,
			best: true, after: State{MaxRevisions: 2, Evaluations: 1, BestScore: 0.5}, status: evaluator.StatusEscalate},
		{name: "revise within budget", state: State{MaxRevisions: 2, Revisions: 1, Evaluations: 1, BestScore: 0.4},
			d: revise(0.6), action: actionRevise, best: true,
			after: State{MaxRevisions: 2, Revisions: 1, Evaluations: 2, BestScore: 0.6}, status: evaluator.StatusRevise},
		{name: "revise at the budget", state: State{MaxRevisions: 2, Revisions: 2, Evaluations: 2, BestScore: 0.9},
			d: revise(0.6), action: actionStop, outcome: OutcomeFailed, reason: evaluator.StopMaxRevisions,
			after: State{MaxRevisions: 2, Revisions: 2, Evaluations: 3, BestScore: 0.9, Stalled: 1}, status: evaluator.StatusRevise},
		{name: "revise with zero budget", state: State{}, d: revise(0.6), action: actionStop, outcome: OutcomeFailed,
			reason: evaluator.StopMaxRevisions, best: true, after: State{Evaluations: 1, BestScore: 0.6}, status: evaluator.StatusRevise},
		{name: "a tie is best but not an improvement", state: State{MaxRevisions: 5, StallLimit: 3, Evaluations: 1, BestScore: 0.5, Stalled: 1},
			d: revise(0.5), action: actionRevise, best: true,
			after: State{MaxRevisions: 5, StallLimit: 3, Evaluations: 2, BestScore: 0.5, Stalled: 2}, status: evaluator.StatusRevise},
		{name: "stall limit reached", state: State{MaxRevisions: 5, StallLimit: 2, Evaluations: 2, BestScore: 0.5, Stalled: 1},
			d: revise(0.4), action: actionStop, outcome: OutcomeFailed, reason: evaluator.StopStalled,
			after: State{MaxRevisions: 5, StallLimit: 2, Evaluations: 3, BestScore: 0.5, Stalled: 2}, status: evaluator.StatusRevise},
		{name: "improvement resets the stall count", state: State{MaxRevisions: 5, StallLimit: 2, Evaluations: 2, BestScore: 0.5, Stalled: 1},
			d: revise(0.7), action: actionRevise, best: true,
			after: State{MaxRevisions: 5, StallLimit: 2, Evaluations: 3, BestScore: 0.7}, status: evaluator.StatusRevise},
		{name: "max revisions wins over stall", state: State{MaxRevisions: 1, Revisions: 1, StallLimit: 1, Evaluations: 1, BestScore: 0.5},
			d: revise(0.5), action: actionStop, outcome: OutcomeFailed, reason: evaluator.StopMaxRevisions, best: true,
			after: State{MaxRevisions: 1, Revisions: 1, StallLimit: 1, Evaluations: 2, BestScore: 0.5, Stalled: 1}, status: evaluator.StatusRevise},
		{name: "a pass beats a stall", state: State{MaxRevisions: 5, StallLimit: 1, Evaluations: 1, BestScore: 0.9},
			d: pass(0.8), action: actionAccept, outcome: OutcomeSucceeded, reason: evaluator.StopPassed,
			after: State{MaxRevisions: 5, StallLimit: 1, Evaluations: 2, BestScore: 0.9, Stalled: 1}, status: evaluator.StatusPass},
		{name: "invalid: revise without instructions", state: fresh, d: evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5},
			action: actionStop, outcome: OutcomeFailed, reason: evaluator.StopError, after: fresh, status: evaluator.StatusRevise, invalid: true},
		{name: "invalid: zero decision", state: fresh, d: evaluator.EvaluationDecision{},
			action: actionStop, outcome: OutcomeFailed, reason: evaluator.StopError, after: fresh, invalid: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := checkedDecide(tt.state, task, tt.d)
			assert.Equal(t, tt.action, n.Action)
			assert.Equal(t, tt.outcome, n.Outcome)
			assert.Equal(t, tt.reason, n.StopReason)
			assert.Equal(t, tt.reason, n.Decision.StopReason)
			assert.Equal(t, tt.best, n.Best, "Best")
			assert.Equal(t, tt.after, n.State)
			assert.Equal(t, tt.status, n.Decision.Status)
			if tt.invalid {
				require.ErrorIs(t, n.Err, evaluator.ErrInvalidDecision)
				return
			}
			require.NoError(t, n.Err)
			assert.NoError(t, n.Decision.Validate(), "the decision acted on is valid")
		})
	}
}

// TestDecideDoesNotMutate checks that turning a decision into a block does
// not write into the evaluator's slices.
func TestDecideDoesNotMutate(t *testing.T) {
	crit := make([]evaluator.Criterion, 1, 4)
	crit[0] = evaluator.Criterion{Name: "c", EvidenceRefs: []string{"nope"}}
	d := evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1, Criteria: crit}
	n := checkedDecide(State{MaxRevisions: 2}, refundTask, d)
	require.Equal(t, OutcomeBlocked, n.Outcome)
	assert.Len(t, n.Decision.Criteria, 2)
	assert.Equal(t, evaluator.Criterion{}, crit[:2][1], "the caller's backing array is untouched")
	assert.Equal(t, evaluator.StatusPass, d.Status)
}

// TestDecideIsDeterministic replays the same sequence twice.
func TestDecideIsDeterministic(t *testing.T) {
	seq := []evaluator.EvaluationDecision{revise(0.2), revise(0.5), revise(0.5), revise(0.4), pass(0.9)}
	replay := func() []nextMove {
		s := State{MaxRevisions: 10, StallLimit: 5}
		var out []nextMove
		for _, d := range seq {
			n := checkedDecide(s, refundTask, d)
			out = append(out, n)
			s = n.State
			s.Revisions++
		}
		return out
	}
	assert.Equal(t, replay(), replay())
}
