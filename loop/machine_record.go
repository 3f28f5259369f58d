package loop

import (
	"fmt"
	"slices"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// CallResult is the outcome of one role call, as data: what Roles.Invoke
// returns and Machine.Record takes. A durable engine carries it from the
// worker that made the call to the machine.
type CallResult[C any] struct {
	// Candidate is what a generate or revise call returned.
	Candidate C `json:"candidate"`
	// Decision is what an evaluate or revision check call returned,
	// exactly as returned (Record validates it).
	Decision evaluator.EvaluationDecision `json:"decision"`
	// Cost is what the role reported through provider.AddCost during the call.
	Cost float64 `json:"cost"`
	// Usage is the token usage the role reported through
	// provider.AddUsage (or PriceTable.ReportUsage) during the call.
	Usage []provider.Usage `json:"usage,omitempty"`
	// Err is the role's error (nil when it returned none), classified.
	Err *Error `json:"err,omitempty"`
	// CostErr is the first invalid cost the role reported (kind
	// ErrorInvalidCost), or nil.
	CostErr *Error `json:"costErr,omitempty"`
}

// Record takes the outcome of the pending call, made at the time now, and
// returns the trace Step it appended. It validates a decision (once: an
// invalid one ends the loop with StopError and ErrorInvalidDecision),
// counts the cost, and then either moves on (to the evaluator, the
// revision check, the decision rule and the reviser, keeping the best candidate so
// far) or, for a failed call, decides in this order: a panic, an invalid
// decision or an invalid cost ends the loop with StopError; a cancellation
// (Cancel, or ErrorCanceled) with StopCanceled; the time budget
// (ErrorTimeout, or now past the deadline) with StopTimeout; a retryable
// error with attempts left schedules a retry after the backoff; anything
// else ends the loop with StopError. A call that succeeded after Cancel
// ends the loop with StopCanceled whatever it returned (see Cancel). With
// no call pending it does nothing and returns a Step with Index -1.
func (m *Machine[C]) Record(now time.Time, r CallResult[C]) Step[C] {
	i := m.record(now, &r)
	if i < 0 {
		return Step[C]{Index: -1}
	}
	return m.Result.Trace[i]
}

// record is Record taking the outcome by pointer and returning the index
// of the step it appended, or -1. It builds the step in place in the trace
// and passes the outcome on by pointer, so that RunLoop's frames stay
// small (see runner).
func (m *Machine[C]) record(now time.Time, r *CallResult[C]) int {
	if m.Phase == RoleStop || !m.Pending {
		return -1
	}
	role := m.Phase
	m.Pending = false
	idx := len(m.Result.Trace)
	m.Result.Trace = slices.Grow(m.Result.Trace, 1)[:idx+1]
	step := &m.Result.Trace[idx]
	*step = Step[C]{} // set field by field: a Step literal would be built on the stack first
	var instructions []string
	if role == RoleRevise {
		instructions = m.Result.Decision.RevisionInstructions
	}
	err := fillStep(step, idx, role, m.Attempt, &m.Input, instructions, m.Started, now, r)
	if role == RoleEvaluate && r.Err == nil && (err != nil || m.Canceled == nil) {
		// The controller acts on this decision even if it is invalid:
		// Result.Decision reports it with StopError. One that arrives
		// after a cancellation is not acted on.
		m.Result.Decision = r.Decision
	}
	if r.CostErr != nil {
		err = joinCost(err, bounded(r.CostErr))
	}
	if err != nil {
		step.Err, step.ErrKind = err.Message, err.Kind
	}
	if m.Config.CandidateRefs {
		step.CandidateRef = m.refOf(step.Candidate)
		var zero C
		step.Candidate = zero
	}
	m.Result.Cost += r.Cost
	m.Result.CostByRole.add(role, r.Cost)
	if len(r.Usage) > 0 {
		m.Result.addUsage(role, r.Usage)
	}
	switch {
	case err != nil:
		m.failed(now, idx, role, err)
	case m.Canceled != nil:
		m.canceledDuring(now, idx, role, r)
	default:
		m.advance(now, idx, r)
	}
	return idx
}

// bounded returns e, or a copy whose Message is cut to 4 KiB when a driver
// handed Record a longer one (Invoke's are bounded already): one call's
// error is one error, and its text in the trace stays small.
func bounded(e *Error) *Error {
	if e == nil || len(e.Message) <= strictjson.MaxError {
		return e
	}
	c := *e
	c.Message = strictjson.ClipTo(e.Message, strictjson.MaxError)
	return &c
}

// fillStep writes into step, the zero Step, what the call of role
// (attempt attempt, at trace index idx, on input) returned in r, and
// returns the call's error: r.Err, or the error of a decision that fails
// Validate; the caller adds r.CostErr. A revise step keeps instructions.
// Record and Roles.Invoke (for its AfterCall hook) build a step with it.
func fillStep[C any](step *Step[C], idx int, role Role, attempt int, input *C, instructions []string, started, now time.Time, r *CallResult[C]) *Error {
	step.Index, step.Role, step.Attempt = idx, role, attempt
	step.Candidate, step.Start, step.Duration, step.Cost, step.Usage = r.Candidate, started, now.Sub(started), r.Cost, r.Usage
	err := bounded(r.Err)
	switch role {
	case RoleRevise:
		step.Instructions = instructions
	case RoleEvaluate, RoleRevisionCheck:
		step.Candidate, step.Decision = *input, r.Decision
		if err == nil {
			if verr := r.Decision.Validate(); verr != nil {
				err = invalidDecision(role, verr)
			}
		}
	}
	return err
}

// invalidDecision is the error of a decision that failed Validate.
func invalidDecision(role Role, verr error) *Error {
	who := "evaluator"
	if role == RoleRevisionCheck {
		who = "revision check"
	}
	return newError(ErrorInvalidDecision, fmt.Errorf("%s returned an invalid decision: %w", who, verr))
}

// canceledDuring ends the loop whose caller canceled while the call of
// step idx ran and the call then succeeded. The caller's cancellation wins
// over whatever the call returned, a pass, a block or an escalation
// included: the call ran under a context that had ended, so its outcome
// may be cut short in ways no decision shows (a judge's reply truncated
// into a well-formed pass, a stage skipped), and a Go caller that cancels
// expects an error wrapping ctx.Err(), not a success. The controller does
// not act on the outcome (Result.Decision stays the last decision acted
// on, so no accepted-looking decision leaves a canceled loop), but the
// trace keeps it as every other step: a returned revision counts in
// Result.Revisions, and a judged candidate competes for Result.Candidate
// like any other (unless it is a revision the revision check has not
// seen).
func (m *Machine[C]) canceledDuring(now time.Time, idx int, role Role, r *CallResult[C]) {
	switch {
	case role == RoleRevise:
		m.State.Revisions++
		m.Result.Revisions++
	case role == RoleEvaluate && !(m.Config.RevisionCheck && m.Revised):
		var n nextMove
		decide(&n, m.State, &m.Task, &r.Decision)
		m.State = n.State
		if n.Best {
			m.Result.Candidate, m.Result.CandidateStep = m.Input, idx
		}
	}
	m.stop(now, evaluator.StopCanceled, m.Canceled)
}

// advance moves on after a successful call.
func (m *Machine[C]) advance(now time.Time, idx int, r *CallResult[C]) {
	switch m.Phase {
	case RoleGenerate:
		m.Input = r.Candidate
		m.next(RoleEvaluate)
	case RoleRevise:
		m.Previous, m.Input, m.Revised = m.Input, r.Candidate, true
		m.State.Revisions++
		m.Result.Revisions++
		m.next(RoleEvaluate)
	case RoleEvaluate:
		m.EvalStep = idx
		if m.Config.RevisionCheck && m.Revised {
			m.next(RoleRevisionCheck)
			return
		}
		m.act(now, &r.Decision)
	case RoleRevisionCheck:
		m.actOnRevision(now, &r.Decision)
	}
}

// actOnRevision acts on the evaluator's decision on a revision joined with
// the revision check's decision g.
//
//go:noinline
func (m *Machine[C]) actOnRevision(now time.Time, g *evaluator.EvaluationDecision) {
	// Out of line: the joined decision would otherwise widen the frame of
	// every call of advance, for loops without a revision check too.
	d := joinRevision(m.Result.Decision, *g)
	m.act(now, &d)
}

// act hands a valid decision on Input to the decision rule.
func (m *Machine[C]) act(now time.Time, d *evaluator.EvaluationDecision) {
	var n nextMove
	decide(&n, m.State, &m.Task, d)
	m.State, m.Result.Decision = n.State, n.Decision
	if n.Best || n.Action == actionAccept {
		m.Result.Candidate, m.Result.CandidateStep = m.Input, m.EvalStep
	}
	if n.Action != actionRevise {
		m.end(now, n.Outcome, n.StopReason, nil)
		return
	}
	m.next(RoleRevise)
}

// next prepares the first attempt at a call of role.
func (m *Machine[C]) next(role Role) {
	m.Phase, m.Attempt, m.Backoff, m.RetryAt = role, 1, m.Config.Backoff, time.Time{}
}

// failed decides what a failed call of step idx means; see Record.
func (m *Machine[C]) failed(now time.Time, idx int, role Role, err *Error) {
	switch {
	case err.Kind.fatal():
		m.stop(now, evaluator.StopError, stepError(idx, role, err))
	case m.Canceled != nil:
		m.stop(now, evaluator.StopCanceled, m.Canceled)
	case err.Kind == ErrorCanceled:
		m.stop(now, evaluator.StopCanceled, stepError(idx, role, err))
	case err.Kind == ErrorTimeout || m.timedOut(now):
		m.stop(now, evaluator.StopTimeout, nil)
	case err.Kind != ErrorRetryable || m.Attempt >= m.Config.Attempts:
		m.stop(now, evaluator.StopError, stepError(idx, role, err))
	default:
		m.Attempt++
		m.RetryAt = now.Add(m.Backoff)
		m.Backoff = doubled(m.Backoff)
	}
}

// refOf returns the reference a step keeps for c.
func (m *Machine[C]) refOf(c C) string {
	if m.ref != nil {
		return m.ref(c)
	}
	return Digest(c)
}
