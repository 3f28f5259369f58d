package loop

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func retryErr() *Error { return &Error{Kind: ErrorRetryable, Message: "503"} }

func TestMachineStartRefuses(t *testing.T) {
	tests := []struct {
		name  string
		cfg   Config
		task  evaluator.Task
		errIs error
		msg   string
	}{
		{"revisions below NoRevision", Config{MaxRevisions: -2}, refundTask, evaluator.ErrInvalidOption, "maxRevisions: must be >= -1 (0 means the default, 2; -1 none), got -2"},
		{"NaN cost", Config{MaxCost: nanF()}, refundTask, evaluator.ErrInvalidOption, "maxCost"},
		{"negative backoff", Config{Backoff: -time.Second}, refundTask, evaluator.ErrInvalidOption, "backoff: must be >= 0, got -1s"},
		{"duplicate evidence", Config{}, evaluator.Task{Evidence: []evaluator.Evidence{{ID: "a"}, {ID: "a"}}}, evaluator.ErrInvalidTask, "evidence[1].id"},
		{"same model", Config{EvaluatorModels: []string{"gpt-4.1"}, ReviserModels: []string{"openai/gpt-4.1-2025-04-14"}}, refundTask, ErrSameModel, "the reviser"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Start[string](t0, tt.cfg, tt.task)
			require.ErrorIs(t, err, tt.errIs)
			assert.Contains(t, err.Error(), tt.msg)
			var le *Error
			require.ErrorAs(t, err, &le)
			assert.Equal(t, ErrorPermanent, le.Kind)
			assert.True(t, m.Phase == RoleStop)
			assert.Equal(t, CallDone, m.Next(t0).Kind)
			res, ferr := m.Finish(t0)
			assert.Equal(t, err, ferr)
			assert.Equal(t, OutcomeFailed, res.Outcome)
			assert.Equal(t, evaluator.StopError, res.StopReason)
			assert.Equal(t, -1, res.CandidateStep)
			assert.NotNil(t, res.Trace)
			assert.Empty(t, res.Trace)
		})
	}
	// AllowSameModel lets the same models start.
	_, err := Start[string](t0, Config{AllowSameModel: true, EvaluatorModels: []string{"m"}, GeneratorModels: []string{"m"}}, refundTask)
	assert.NoError(t, err)
}

// TestMachineRetryWaitsAndTimesOut drives retries on a fake clock: the
// backoff doubles, a pending call is handed out again unchanged, and the
// wait is cut short by the time budget.
func TestMachineRetryWaitsAndTimesOut(t *testing.T) {
	m, err := Start[string](t0, Config{Attempts: 5, Backoff: time.Second, Timeout: 4 * time.Second}, refundTask)
	require.NoError(t, err)
	c := m.Next(t0)
	assert.Equal(t, Call[string]{Kind: CallRole, Role: RoleGenerate, Step: 0, Attempt: 1, Deadline: t0.Add(4 * time.Second), TaskID: refundTask.ID}, c)
	assert.Equal(t, c, m.Next(t0.Add(time.Millisecond)), "a pending call is handed out again")

	s := m.Record(t0.Add(100*time.Millisecond), CallResult[string]{Err: retryErr()})
	assert.Equal(t, 100*time.Millisecond, s.Duration)
	assert.Equal(t, t0, s.Start)
	assert.Equal(t, "503", s.Err)
	w := m.Next(t0.Add(200 * time.Millisecond))
	assert.Equal(t, CallWait, w.Kind)
	assert.Equal(t, t0.Add(1100*time.Millisecond), w.Until, "one backoff after the failure")

	c = m.Next(t0.Add(1100 * time.Millisecond))
	assert.Equal(t, 2, c.Attempt)
	m.Record(t0.Add(1200*time.Millisecond), CallResult[string]{Err: retryErr()})
	w = m.Next(t0.Add(1300 * time.Millisecond))
	assert.Equal(t, t0.Add(3200*time.Millisecond), w.Until, "the backoff doubled")

	c = m.Next(t0.Add(3200 * time.Millisecond))
	require.Equal(t, CallRole, c.Kind)
	m.Record(t0.Add(3300*time.Millisecond), CallResult[string]{Err: retryErr()})
	w = m.Next(t0.Add(3400 * time.Millisecond))
	assert.Equal(t, t0.Add(4*time.Second), w.Until, "the time budget cuts the wait short")
	assert.Equal(t, CallDone, m.Next(w.Until).Kind)
	res, err := m.Finish(w.Until)
	assert.NoError(t, err)
	assert.Equal(t, evaluator.StopTimeout, res.StopReason)
	assert.Len(t, res.Trace, 3)
	assert.Equal(t, w.Until, m.Ended)
}

func TestMachineRecordWithoutCall(t *testing.T) {
	m, err := Start[string](t0, Config{}, refundTask)
	require.NoError(t, err)
	s := m.Record(t0, CallResult[string]{Candidate: "x"})
	assert.Equal(t, -1, s.Index)
	assert.Empty(t, m.Result.Trace)
	assert.Equal(t, RoleGenerate, m.Phase)
}

// TestMachineCancel: a cancellation with no call pending ends the loop at
// once; with one pending, the loop ends canceled when the call's outcome
// arrives, whatever it is (a pass, a block, an escalation, a revise, a
// retryable failure): that outcome is in the trace, and ranks its
// candidate, but is not acted on;
// only a bug (an invalid decision) still ends it with StopError. A decision
// recorded before the cancellation stands.
func TestMachineCancel(t *testing.T) {
	atEvaluate := func(t *testing.T) Machine[string] {
		m, err := Start[string](t0, Config{MaxRevisions: 2, Attempts: 3}, refundTask)
		require.NoError(t, err)
		m.Next(t0)
		m.Record(t0, CallResult[string]{Candidate: "draft"})
		require.Equal(t, RoleEvaluate, m.Next(t0).Role)
		return m
	}
	t.Run("no call pending", func(t *testing.T) {
		m, err := Start[string](t0, Config{}, refundTask)
		require.NoError(t, err)
		m.Cancel(t0, context.DeadlineExceeded)
		assert.True(t, m.Phase == RoleStop)
		_, err = m.Finish(t0)
		assert.ErrorIs(t, err, context.DeadlineExceeded)
		assert.EqualError(t, err, "loop: canceled by the caller: context deadline exceeded")
		m.Cancel(t0, context.Canceled) // no-op once ended
	})
	t.Run("a nil cause does nothing", func(t *testing.T) {
		m := atEvaluate(t)
		m.Cancel(t0, nil)
		assert.Nil(t, m.Canceled)
		m.Record(t0, CallResult[string]{Decision: pass(0.9)})
		res, err := m.Finish(t0)
		assert.NoError(t, err)
		assert.Equal(t, OutcomeSucceeded, res.Outcome)
	})
	for _, tc := range []struct {
		name   string
		out    CallResult[string]
		judged bool // the candidate was judged: it is the best so far
	}{
		{"a pass", CallResult[string]{Decision: pass(0.9), Cost: 0.5}, true},
		{"a block", CallResult[string]{Decision: block(0.1, "refund_without_evidence")}, true},
		{"an escalation", CallResult[string]{Decision: escalate(0.4)}, true},
		{"a revise", CallResult[string]{Decision: revise(0.5)}, true},
		{"a retryable failure, not retried", CallResult[string]{Err: retryErr()}, false},
	} {
		t.Run(tc.name+" after Cancel ends canceled", func(t *testing.T) {
			m := atEvaluate(t)
			m.Cancel(t0, context.Canceled)
			assert.False(t, m.Phase == RoleStop, "the pending call's outcome is awaited")
			step := m.Record(t0, tc.out)
			assert.Equal(t, 1, step.Index)
			assert.Equal(t, tc.out.Decision, step.Decision, "the trace keeps what the call returned")
			assert.Equal(t, CallDone, m.Next(t0).Kind)
			res, err := m.Finish(t0)
			assert.ErrorIs(t, err, context.Canceled)
			var le *Error
			require.ErrorAs(t, err, &le)
			assert.Equal(t, ErrorCanceled, le.Kind)
			assert.Equal(t, OutcomeFailed, res.Outcome)
			assert.Equal(t, evaluator.StopCanceled, res.StopReason)
			assert.Len(t, res.Trace, 2)
			assert.Equal(t, tc.out.Cost, res.Cost, "its cost is counted")
			assert.Empty(t, res.Decision.Status, "the decision is not acted on")
			assert.Equal(t, evaluator.StopCanceled, res.Decision.StopReason)
			if tc.judged {
				assert.Equal(t, "draft", res.Candidate, "the best judged candidate, as in any failed loop")
				assert.Equal(t, 1, res.CandidateStep)
			} else {
				assert.Empty(t, res.Candidate)
				assert.Equal(t, -1, res.CandidateStep)
			}
		})
	}
	t.Run("an invalid decision after Cancel is still an error", func(t *testing.T) {
		m := atEvaluate(t)
		m.Cancel(t0, context.Canceled)
		m.Record(t0, CallResult[string]{Decision: evaluator.EvaluationDecision{Status: "maybe"}})
		res, err := m.Finish(t0)
		assert.ErrorIs(t, err, evaluator.ErrInvalidDecision)
		assert.Equal(t, evaluator.StopError, res.StopReason)
	})
	t.Run("a revision after Cancel counts", func(t *testing.T) {
		m := atEvaluate(t)
		m.Record(t0, CallResult[string]{Decision: revise(0.5)})
		require.Equal(t, RoleRevise, m.Next(t0).Role)
		m.Cancel(t0, context.Canceled)
		m.Record(t0, CallResult[string]{Candidate: "draft 2"})
		res, err := m.Finish(t0)
		assert.ErrorIs(t, err, context.Canceled)
		assert.Equal(t, 1, res.Revisions)
		assert.Equal(t, "draft 2", res.Trace[2].Candidate)
		assert.Equal(t, "draft", res.Candidate, "the best judged before the cancellation")
		assert.Equal(t, evaluator.StatusRevise, res.Decision.Status, "the last decision acted on")
	})
	t.Run("an unchecked revision judged after Cancel is not the best", func(t *testing.T) {
		m, err := Start[string](t0, Config{MaxRevisions: 2, RevisionCheck: true}, refundTask)
		require.NoError(t, err)
		for _, out := range []CallResult[string]{{Candidate: "draft"}, {Decision: revise(0.5)}, {Candidate: "draft 2"}} {
			require.Equal(t, CallRole, m.Next(t0).Kind)
			m.Record(t0, out)
		}
		require.Equal(t, RoleEvaluate, m.Next(t0).Role)
		m.Cancel(t0, context.Canceled)
		m.Record(t0, CallResult[string]{Decision: pass(0.9)})
		res, err := m.Finish(t0)
		assert.ErrorIs(t, err, context.Canceled)
		assert.Equal(t, "draft", res.Candidate, "the revision check never saw draft 2")
		assert.Equal(t, 1, res.CandidateStep)
	})
	t.Run("a pass recorded before Cancel stands", func(t *testing.T) {
		m := atEvaluate(t)
		m.Record(t0, CallResult[string]{Decision: pass(0.9)})
		m.Cancel(t0, context.Canceled)
		res, err := m.Finish(t0)
		assert.NoError(t, err)
		assert.Equal(t, OutcomeSucceeded, res.Outcome)
	})
	t.Run("finish before the end", func(t *testing.T) {
		m := atEvaluate(t)
		res, err := m.Finish(t0)
		assert.ErrorIs(t, err, errUnfinished)
		assert.Equal(t, evaluator.StopCanceled, res.StopReason)
	})
}

// TestMachineCostBudgetAfterWait: a spent cost budget is checked after a
// retry's wait, as RunLoop checks it after its sleep.
func TestMachineCostBudgetAfterWait(t *testing.T) {
	m, err := Start[string](t0, Config{Attempts: 3, Backoff: time.Second, MaxCost: 1}, refundTask)
	require.NoError(t, err)
	m.Next(t0)
	m.Record(t0, CallResult[string]{Cost: 2, Err: retryErr()})
	assert.Equal(t, CallWait, m.Next(t0).Kind)
	assert.Equal(t, CallDone, m.Next(t0.Add(time.Second)).Kind)
	assert.Equal(t, evaluator.StopCostBudget, m.Result.StopReason)
}

// TestMachineRevisionCheckUncheckedIsNeverAPass: a loop that ends before
// its revision check (here, the time budget) reports at least an escalate.
func TestMachineRevisionCheckUncheckedIsNeverAPass(t *testing.T) {
	m, err := Start[string](t0, Config{MaxRevisions: 1, RevisionCheck: true, Timeout: time.Minute}, refundTask)
	require.NoError(t, err)
	for _, r := range []CallResult[string]{{Candidate: "a"}, {Decision: revise(0.5)}, {Candidate: "b"}, {Decision: pass(1)}} {
		m.Next(t0)
		m.Record(t0, r)
	}
	require.Equal(t, RoleRevisionCheck, m.Phase)
	assert.Equal(t, CallDone, m.Next(t0.Add(time.Hour)).Kind)
	assert.Equal(t, evaluator.StopTimeout, m.Result.StopReason)
	assert.Equal(t, evaluator.StatusEscalate, m.Result.Decision.Status)
}

func TestErrorKindsSurviveJSON(t *testing.T) {
	for _, tt := range []struct {
		kind ErrorKind
		is   error
	}{{ErrorInvalidDecision, evaluator.ErrInvalidDecision}, {ErrorInvalidCost, provider.ErrInvalidCost}} {
		e := &Error{Kind: tt.kind, Message: "x"}
		assert.ErrorIs(t, e, tt.is)
		assert.Nil(t, e.Unwrap())
	}
	assert.False(t, errors.Is(&Error{Kind: ErrorPanic}, evaluator.ErrInvalidDecision))
}

func nanF() float64 { var z float64; return z / z }

func TestMachineUnknownPhase(t *testing.T) {
	var m Machine[string]
	require.NoError(t, json.Unmarshal([]byte(`{"phase":"dance","attempt":1}`), &m))
	assert.Equal(t, CallDone, m.Next(t0).Kind)
	_, err := m.Finish(t0)
	assert.ErrorContains(t, err, `unknown phase "dance"`)
}
