package loop

import (
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
)

// State is what the controller knows between evaluations: the input of
// its decision rule (see the package documentation). A Machine keeps one
// (Machine.State); it is a plain value that survives JSON.
type State struct {
	// Revisions counts the revisions completed so far. The driver
	// increments it after each successful revise call; the decision rule
	// never does.
	Revisions int `json:"revisions"`
	// MaxRevisions is the revision budget (see WithMaxRevisions).
	MaxRevisions int `json:"maxRevisions"`
	// StallLimit is the stall limit, 0 for none (see WithStallLimit).
	StallLimit int `json:"stallLimit"`
	// Evaluations counts the valid decisions seen so far.
	Evaluations int `json:"evaluations"`
	// BestScore is the best score among those decisions; meaningless
	// while Evaluations is 0.
	BestScore float64 `json:"bestScore"`
	// Stalled counts the consecutive evaluations since BestScore last
	// improved strictly.
	Stalled int `json:"stalled"`
}

// actionKind is what the controller does after an evaluation.
type actionKind string

// The three actions checkedDecide may return.
const (
	// actionAccept: the candidate passed; the loop ends with
	// OutcomeSucceeded and StopPassed.
	actionAccept actionKind = "accept"
	// actionRevise: call the reviser with the candidate and the decision,
	// then evaluate the revision.
	actionRevise actionKind = "revise"
	// actionStop: the loop ends with nextMove.Outcome and StopReason.
	actionStop actionKind = "stop"
)

// nextMove is the decision rule's answer.
type nextMove struct {
	// Action is what to do.
	Action actionKind `json:"action"`
	// Outcome is how the loop ends (set for actionAccept and actionStop;
	// empty for actionRevise).
	Outcome Outcome `json:"outcome,omitempty"`
	// StopReason is why the loop ends (set with Outcome).
	StopReason evaluator.StopReason `json:"stopReason,omitempty"`
	// Decision is the decision the controller acts on, with StopReason set
	// when the loop ends. It is the evaluator's decision, except that a
	// pass or revise turned into a block for missing evidence becomes a
	// block (see checkedDecide).
	Decision evaluator.EvaluationDecision `json:"decision"`
	// Best reports that the judged candidate scores at least as well as
	// every earlier one (ties go to the latest): the driver keeps it as the
	// candidate to return if the loop does not succeed.
	Best bool `json:"best"`
	// State is the state after this evaluation.
	State State `json:"state"`
	// Err is non-nil when the decision fails Validate; it matches
	// evaluator.ErrInvalidDecision and Action is actionStop with
	// OutcomeFailed and StopError.
	Err error `json:"-"`
}

// missingEvidenceFailure is the blocking failure the controller adds when
// it turns a decision into a block because evidence is missing.
const missingEvidenceFailure = "missing_evidence"

// evidenceCriterion names the criterion the controller adds when a pass
// cites evidence refs the task does not hold.
const evidenceCriterion = "loop.evidence_refs_resolve"

// checkedDecide is the controller's decision rule (the package
// documentation lists it): given the state so far, the task and the latest
// decision, it says whether to accept, revise or stop, and why. It is pure
// (no clock, goroutine, randomness or I/O) and deterministic, so a durable
// engine replaying a Machine gets the same answer. A decision that fails
// Validate stops the loop (failed, StopError, Err wrapping the validation
// error) and does not count as an evaluation.
func checkedDecide(s State, task evaluator.Task, d evaluator.EvaluationDecision) nextMove {
	if err := d.Validate(); err != nil {
		d.StopReason = evaluator.StopError
		return nextMove{
			Action: actionStop, Outcome: OutcomeFailed, StopReason: evaluator.StopError,
			Decision: d, State: s,
			Err: fmt.Errorf("loop: evaluator returned an invalid decision: %w", err),
		}
	}
	var n nextMove
	decide(&n, s, &task, &d)
	return n
}

// decide is checkedDecide for a decision already validated (the Machine validates
// each decision once, in Record), writing its answer into n, which must be
// the zero nextMove. It takes its inputs by pointer so that the machine's
// frames stay small (see runner).
func decide(n *nextMove, s State, task *evaluator.Task, d *evaluator.EvaluationDecision) {
	n.State = s
	if s.Evaluations == 0 || d.Score > s.BestScore {
		n.State.BestScore = d.Score
		n.State.Stalled = 0
		n.Best = true
	} else {
		n.State.Stalled++
		n.Best = d.Score == s.BestScore
	}
	n.State.Evaluations++

	switch {
	case d.StopReason == evaluator.StopMissingEvidence:
		asBlock(&n.Decision, d, nil)
		n.stop(OutcomeBlocked, evaluator.StopMissingEvidence)
		return
	case d.Status == evaluator.StatusBlock:
		n.Decision = *d
		n.stop(OutcomeBlocked, evaluator.StopPolicyBlock)
		return
	case d.Status == evaluator.StatusEscalate:
		n.Decision = *d
		n.stop(OutcomeEscalated, evaluator.StopEscalated)
		return
	case d.Status == evaluator.StatusPass:
		n.Decision = *d
		if missing := evaluator.MissingEvidence(*task, *d); len(missing) > 0 {
			asBlock(&n.Decision, d, missing)
			n.stop(OutcomeBlocked, evaluator.StopMissingEvidence)
			return
		}
		n.Action = actionAccept
		n.Outcome, n.StopReason = OutcomeSucceeded, evaluator.StopPassed
		n.Decision.StopReason = evaluator.StopPassed
		return
	}
	// Validate guarantees the only status left is revise.
	n.Decision = *d
	switch {
	case s.Revisions >= s.MaxRevisions:
		n.stop(OutcomeFailed, evaluator.StopMaxRevisions)
	case s.StallLimit > 0 && n.State.Stalled >= s.StallLimit:
		n.stop(OutcomeFailed, evaluator.StopStalled)
	default:
		n.Action = actionRevise
	}
}

// stop sets n to end the loop with o and r, acting on n.Decision.
func (n *nextMove) stop(o Outcome, r evaluator.StopReason) {
	n.Action, n.Outcome, n.StopReason = actionStop, o, r
	n.Decision.StopReason = r
}

// asBlock sets b to a copy of d turned into a block for missing evidence;
// the copy shares nothing with d's slices that it appends to.
func asBlock(b, d *evaluator.EvaluationDecision, missing []string) {
	*b = *d
	if d.Status == evaluator.StatusBlock {
		return
	}
	b.Status = evaluator.StatusBlock
	b.BlockingFailures = append(append([]string(nil), d.BlockingFailures...), missingEvidenceFailure)
	if len(missing) > 0 {
		b.Criteria = append(append([]evaluator.Criterion(nil), d.Criteria...), evaluator.Criterion{
			Name:   evidenceCriterion,
			Passed: false,
			Reason: "the decision cites evidence the task does not hold: " + strings.Join(missing, ", "),
		})
	}
}
