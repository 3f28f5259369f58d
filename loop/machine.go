package loop

import (
	"errors"
	"fmt"
	"time"

	"github.com/evalopt/evalopt/evaluator"
)

// Machine is one loop as data: everything RunLoop knows between two role
// calls, in exported fields that survive JSON (when C does). RunLoop and
// Steps drive one; a durable workflow engine, a job queue or a test can
// drive the same machine and get the same Result, storing it between calls
// and across process restarts.
//
// A driver calls Start, then Next until it says CallDone, making each role
// call Next asks for (Roles.Invoke makes it the way RunLoop does) and
// handing its outcome to Record; Cancel ends the loop early (a driver
// hands it its context's Err() before every Next and before every Record,
// as RunLoop does, so that a call returning after the caller canceled
// does not decide the loop); Finish turns
// the machine into the Result and the error RunLoop would return. Every
// method takes the current time as an argument and reads no clock, starts
// no goroutine and does no I/O: given the same machine and the same
// arguments it does the same thing, so a workflow engine can replay it.
// The decision rule of the package documentation is inside.
//
// The fields are the machine's state, exported so that encoding/json (or
// any other encoder) can store it; a driver reads them but should change
// them only through the methods. A Machine is not safe for concurrent use.
type Machine[C any] struct {
	// Config is the configuration the loop runs under.
	Config Config `json:"config"`
	// Task is the task.
	Task evaluator.Task `json:"task"`
	// Deadline is when the time budget runs out (Start's now plus
	// Config.Timeout), or the zero time for none.
	Deadline time.Time `json:"deadline,omitzero"`
	// Phase is the role the loop calls next, or RoleStop once it has ended.
	Phase Role `json:"phase"`
	// Pending reports that Next handed out a call whose outcome Record has
	// not yet received.
	Pending bool `json:"pending,omitempty"`
	// Started is when the pending (or last) call began: Next's now.
	Started time.Time `json:"started,omitzero"`
	// Attempt numbers the attempts at the current role call, from 1.
	Attempt int `json:"attempt"`
	// Backoff is the wait before the next retry of the current call.
	Backoff time.Duration `json:"backoff,omitempty"`
	// RetryAt is when the next attempt may start, after a failed one.
	RetryAt time.Time `json:"retryAt,omitzero"`
	// Input is the candidate the next evaluate, revise or revision check
	// takes: the latest candidate.
	Input C `json:"input"`
	// Previous is the candidate Input revised (for the revision check).
	Previous C `json:"previous"`
	// Revised reports that Input is a revision.
	Revised bool `json:"revised,omitempty"`
	// EvalStep is the trace index of the evaluation of Input, once made.
	EvalStep int `json:"evalStep"`
	// State is the decision rule's state.
	State State `json:"state"`
	// Canceled holds the cancellation (Cancel) the loop ends with once the
	// pending call returns.
	Canceled *Error `json:"canceled,omitempty"`
	// Result is the Result so far: the trace, the running totals, the best
	// candidate so far (Candidate, CandidateStep), and as Decision the last
	// decision the controller acted on. Outcome and StopReason are set once
	// the loop has ended.
	Result Result[C] `json:"result"`
	// Error is the error the loop ended with (its kind and text), or nil.
	Error *Error `json:"error,omitempty"`
	// Ended is when the loop ended (the now of the call that ended it).
	Ended time.Time `json:"ended,omitzero"`

	ref func(C) string // see SetCandidateRef
}

// CallKind says what a driver does next.
type CallKind string

// The three kinds of Call.
const (
	// CallRole: make the role call the Call describes, then Record its
	// outcome.
	CallRole CallKind = "role"
	// CallWait: wait until Call.Until (a retry's backoff, cut short by the
	// time budget), or until the caller cancels, then call Next again.
	CallWait CallKind = "wait"
	// CallDone: the loop has ended; Finish returns its Result.
	CallDone CallKind = "done"
)

// Call is what Next asks the driver to do: make a role call (with the
// inputs it needs), wait, or finish. A Hooks.BeforeCall receives the Call
// of every role call it runs before.
type Call[C any] struct {
	// Kind says what to do.
	Kind CallKind `json:"kind"`
	// Role is the role to call (CallRole).
	Role Role `json:"role,omitempty"`
	// Step is the trace index the call will have.
	Step int `json:"step"`
	// Attempt numbers the attempts at this role call, from 1.
	Attempt int `json:"attempt,omitempty"`
	// Candidate is the candidate to evaluate or revise, or the revision to
	// check; the zero value for a generate call.
	Candidate C `json:"candidate"`
	// Previous is the candidate the revision revised (revision check only).
	Previous C `json:"previous"`
	// Decision is the decision asking for the revision (revise only): its
	// RevisionInstructions say what to change.
	Decision evaluator.EvaluationDecision `json:"decision"`
	// Deadline is the loop's deadline, which should bound the call; the
	// zero time for none.
	Deadline time.Time `json:"deadline,omitzero"`
	// Until is when to call Next again (CallWait).
	Until time.Time `json:"until,omitzero"`
	// TaskID is the task's ID (CallRole), for hooks and logs.
	TaskID string `json:"taskId,omitempty"`
	// Models are the models the role declares or reports, as the
	// self-approval guard sees them (Config.GeneratorModels,
	// ReviserModels, or EvaluatorModels for an evaluation and a revision
	// check); a hook reads them as the model requested. Empty when the
	// role declares none.
	Models []string `json:"models,omitempty"`
}

// Start checks the configuration (Config.Validate), the task (unique,
// non-blank evidence IDs; see evaluator.Task.Validate) and, unless
// cfg.AllowSameModel, the self-approval guard over the models cfg declares,
// and returns a machine ready to call the generator, with its time budget
// running from now. When a check fails it returns the error (matching
// evaluator.ErrInvalidOption, evaluator.ErrInvalidTask or ErrSameModel, inside an *Error of
// kind ErrorPermanent) and a machine that has already ended with it, whose
// Finish gives the failed Result with an empty trace.
func Start[C any](now time.Time, cfg Config, task evaluator.Task) (Machine[C], error) {
	var m Machine[C]
	err := m.init(now, &cfg, &task, nil)
	return m, err
}

// init is Start in place, with the errors a driver found first (a nil
// context, a nil role), joined before the others; the self-approval guard
// is skipped when there are any. It works on the machine where it lies
// and takes its inputs by pointer, so that RunLoop's frames stay small.
func (m *Machine[C]) init(now time.Time, cfg *Config, task *evaluator.Task, errs []error) error {
	// Field by field: a Machine literal would be built on the stack first.
	*m = Machine[C]{}
	m.Config, m.Task, m.Phase, m.Attempt, m.Backoff, m.EvalStep = *cfg, *task, RoleGenerate, 1, cfg.Backoff, -1
	m.State.MaxRevisions, m.State.StallLimit = cfg.revisions(), cfg.StallLimit
	m.Result.CandidateStep = -1
	if len(errs) > 0 || !cfg.inRange() || !evidenceIDsOK(task.Evidence) ||
		!cfg.AllowSameModel && (sameFamily(cfg.EvaluatorModels, cfg.GeneratorModels) || sameFamily(cfg.EvaluatorModels, cfg.ReviserModels)) {
		if err := m.refuse(now, cfg, task, errs); err != nil {
			return err
		}
	}
	steps := 2*cfg.revisions() + 2 // generate, then evaluate+revise pairs, then the last evaluate
	if cfg.Attempts > 1 || cfg.RevisionCheck || steps > 64 || steps < 0 {
		steps = 8
	}
	m.Result.Trace = make([]Step[C], 0, steps)
	if cfg.Timeout > 0 {
		m.Deadline = now.Add(cfg.Timeout)
	}
	return nil
}

// refuse ends a machine that cannot start with the errors that say why:
// the driver's (errs), then the configuration's, the task's and the
// self-approval guard's (skipped when there are others), and returns
// them; with none (a large set of evidence passes the full check) it
// returns nil and changes nothing. It is init's slow path, apart so that
// init's frame stays small.
func (m *Machine[C]) refuse(now time.Time, cfg *Config, task *evaluator.Task, errs []error) error {
	if err := cfg.Validate(); err != nil {
		errs = append(errs, err)
	}
	if !evidenceIDsOK(task.Evidence) {
		if err := task.Validate(); err != nil {
			errs = append(errs, fmt.Errorf("loop: invalid task: %w", err))
		}
	}
	if len(errs) == 0 && !cfg.AllowSameModel {
		if err := checkModels(cfg.EvaluatorModels, cfg.GeneratorModels, "generator"); err != nil {
			errs = append(errs, err)
		}
		if err := checkModels(cfg.EvaluatorModels, cfg.ReviserModels, "reviser"); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	e := newError(ErrorPermanent, errors.Join(errs...))
	m.Result.Trace = []Step[C]{}
	m.end(now, OutcomeFailed, evaluator.StopError, e)
	return e
}

// SetCandidateRef sets the function that makes the reference a trace step
// keeps in place of its candidate when Config.CandidateRefs is set (see
// WithCandidateRef). Functions do not survive serialisation: a driver that
// restores a machine sets it again; without one the machine uses Digest.
// ref must be deterministic, since a durable engine replays the machine.
func (m *Machine[C]) SetCandidateRef(ref func(C) string) { m.ref = ref }

// Next says what the driver does next, given the time now. Before handing
// out a role call it checks, in order: a cancellation (Cancel), the time
// budget, a retry's backoff (CallWait until the retry is due or the time
// budget runs out, whichever is first), the cost budget; a spent budget
// ends the loop (CallDone). While a call is pending, Next hands it out
// again unchanged, so a driver that lost track of it can make it again.
func (m *Machine[C]) Next(now time.Time) Call[C] {
	kind, until := m.begin(now)
	switch kind {
	case CallDone:
		return Call[C]{Kind: CallDone, Step: len(m.Result.Trace)}
	case CallWait:
		return Call[C]{Kind: CallWait, Step: len(m.Result.Trace), Attempt: m.Attempt, Until: until}
	}
	return m.call()
}

// call returns the Call of the pending role call.
func (m *Machine[C]) call() Call[C] {
	c := Call[C]{Kind: CallRole, Role: m.Phase, Step: len(m.Result.Trace), Attempt: m.Attempt, Candidate: m.Input, Deadline: m.Deadline, TaskID: m.Task.ID}
	switch m.Phase {
	case RoleGenerate:
		c.Models = m.Config.GeneratorModels
	case RoleEvaluate:
		c.Models = m.Config.EvaluatorModels
	case RoleRevise:
		c.Decision, c.Models = m.Result.Decision, m.Config.ReviserModels
	case RoleRevisionCheck:
		c.Previous, c.Models = m.Previous, m.Config.EvaluatorModels
	}
	return c
}

// begin is Next without the Call: it makes the checks, marks the call
// pending and says what kind of call comes next (and, for CallWait, until
// when). RunLoop makes the role call from the machine's own fields.
func (m *Machine[C]) begin(now time.Time) (CallKind, time.Time) {
	if m.Phase == RoleStop {
		return CallDone, time.Time{}
	}
	if m.Pending {
		return CallRole, time.Time{}
	}
	switch {
	case !m.Phase.callable():
		// Only a machine decoded from bad data gets here.
		m.stop(now, evaluator.StopError, newError(ErrorPermanent, fmt.Errorf("loop: machine in unknown phase %.40q", m.Phase)))
	case m.Canceled != nil:
		m.stop(now, evaluator.StopCanceled, m.Canceled)
	case m.timedOut(now):
		m.stop(now, evaluator.StopTimeout, nil)
	case !m.RetryAt.IsZero() && now.Before(m.RetryAt):
		until := m.RetryAt
		if !m.Deadline.IsZero() && m.Deadline.Before(until) {
			until = m.Deadline
		}
		return CallWait, until
	case m.Config.MaxCost > 0 && m.Result.Cost >= m.Config.MaxCost:
		m.stop(now, evaluator.StopCostBudget, nil)
	}
	if m.Phase == RoleStop {
		return CallDone, time.Time{}
	}
	m.Pending, m.Started, m.RetryAt = true, now, time.Time{}
	return CallRole, time.Time{}
}

// Cancel ends the loop as canceled by its caller: StopCanceled, with an
// *Error of kind ErrorCanceled, "loop: canceled by the caller: " and
// cause's text, wrapping cause. A nil cause does nothing, so that a driver
// can hand over its context's Err() on every turn. With no call pending
// the loop ends at once. With one pending it ends when Record receives the
// call's outcome, whatever that outcome is: a pass, a block or an
// escalation that arrives after Cancel is kept in the trace but not acted
// on, and the loop ends canceled (an invalid decision, an invalid cost or
// a panic still ends it with StopError: they are bugs to see). A decision
// Record received before Cancel stands: Cancel on an ended loop does
// nothing. RunLoop calls Cancel as soon as it sees the caller's context
// ended, before every call and after every call returns, so its rule is
// the same: a nil error means the caller's context had not ended when the
// call that decided the loop returned.
func (m *Machine[C]) Cancel(now time.Time, cause error) {
	if cause == nil || m.Phase == RoleStop || m.Canceled != nil {
		return
	}
	m.Canceled = newError(ErrorCanceled, fmt.Errorf("loop: canceled by the caller: %w", cause))
	if !m.Pending {
		m.stop(now, evaluator.StopCanceled, m.Canceled)
	}
}

// errUnfinished ends a loop Finish was asked for before its end.
var errUnfinished = errors.New("loop: finished before the loop ended")

// Finish returns the Result and the error RunLoop would return for this
// loop: a nil error for every outcome but StopError and StopCanceled, an
// *Error otherwise. Called before the loop has ended, it ends it first as
// canceled. The Result shares its trace with the machine.
func (m *Machine[C]) Finish(now time.Time) (Result[C], error) {
	err := m.finish(now)
	return m.Result, err
}

// finish is Finish without the copy of the Result.
func (m *Machine[C]) finish(now time.Time) error {
	if m.Phase != RoleStop {
		m.Canceled = newError(ErrorCanceled, errUnfinished)
		m.stop(now, evaluator.StopCanceled, m.Canceled)
	}
	if m.Error == nil {
		return nil
	}
	return m.Error
}

// callable reports whether r is a role a machine calls.
func (r Role) callable() bool {
	return r == RoleGenerate || r == RoleEvaluate || r == RoleRevise || r == RoleRevisionCheck
}

// timedOut reports whether the time budget is spent at now.
func (m *Machine[C]) timedOut(now time.Time) bool {
	return !m.Deadline.IsZero() && !now.Before(m.Deadline)
}

// stop ends the loop for a reason other than a decision. When it ends
// with a revision unchecked, the decision is raised to at least escalate:
// an unchecked revision is never reported as a pass.
func (m *Machine[C]) stop(now time.Time, reason evaluator.StopReason, err *Error) {
	if m.Phase == RoleRevisionCheck {
		m.Result.Decision.Status = evaluator.Stricter(m.Result.Decision.Status, evaluator.StatusEscalate)
	}
	m.end(now, OutcomeFailed, reason, err)
}

// end records how the loop ended.
func (m *Machine[C]) end(now time.Time, o Outcome, reason evaluator.StopReason, err *Error) {
	m.Phase, m.Pending, m.Ended = RoleStop, false, now
	m.Result.Outcome, m.Result.StopReason = o, reason
	m.Result.Decision.StopReason = reason
	m.Error = err
}
