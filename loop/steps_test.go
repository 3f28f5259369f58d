package loop

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

func TestStepsYieldsEveryStepThenTheResult(t *testing.T) {
	s := &script{decisions: []evaluator.EvaluationDecision{revise(0.4, "fix"), pass(0.9)}}
	var steps []Step[string]
	var errs []error
	for st, err := range Steps(context.Background(), refundTask, s.gen(), s.eval(), s.rev()) {
		steps = append(steps, st)
		errs = append(errs, err)
	}
	require.Len(t, steps, 5)
	roles := make([]Role, len(steps))
	for i, st := range steps {
		roles[i] = st.Role
	}
	assert.Equal(t, []Role{RoleGenerate, RoleEvaluate, RoleRevise, RoleEvaluate, RoleStop}, roles)
	assert.Equal(t, []error{nil, nil, nil, nil, nil}, errs)

	final := steps[4]
	require.NotNil(t, final.Result)
	assert.Equal(t, 4, final.Index)
	assert.Equal(t, OutcomeSucceeded, final.Result.Outcome)
	assert.Equal(t, "draft-1", final.Candidate)
	assert.Equal(t, evaluator.StopPassed, final.Decision.StopReason)
	assert.Equal(t, steps[:4], final.Result.Trace, "the yielded steps are the trace")
	checkConsistent(t, *final.Result, nil)

	// The same loop through RunLoop gives the same result, timing aside.
	s2 := &script{decisions: s.decisions}
	res, err := s2.run(context.Background(), refundTask)
	require.NoError(t, err)
	assert.Equal(t, res.Outcome, final.Result.Outcome)
	assert.Equal(t, res.Candidate, final.Result.Candidate)
	assert.Equal(t, len(res.Trace), len(final.Result.Trace))
}

func TestStepsError(t *testing.T) {
	s := &script{evalHook: func(context.Context, int, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{}, errBoom
	}}
	var last Step[string]
	var lastErr error
	n := 0
	for st, err := range Steps(context.Background(), refundTask, s.gen(), s.eval(), s.rev()) {
		if st.Role != RoleStop {
			assert.NoError(t, err, "role steps come with a nil error, even when they failed")
		}
		last, lastErr = st, err
		n++
	}
	assert.Equal(t, 3, n)
	require.ErrorIs(t, lastErr, errBoom)
	assert.Equal(t, RoleStop, last.Role)
	assert.Equal(t, lastErr.Error(), last.Err)
	assert.Equal(t, evaluator.StopError, last.Result.StopReason)
}

func TestStepsRefusesToStart(t *testing.T) {
	s := &script{}
	var got []Step[string]
	var lastErr error
	for st, err := range Steps(context.Background(), refundTask, s.gen(), s.eval(), s.rev(), WithMaxRevisions(-3)) {
		got = append(got, st)
		lastErr = err
	}
	require.Len(t, got, 1)
	assert.Equal(t, RoleStop, got[0].Role)
	require.ErrorIs(t, lastErr, evaluator.ErrInvalidOption)
	gc, ec, rc := s.calls()
	assert.Equal(t, [3]int{0, 0, 0}, [3]int{gc, ec, rc})
}

// TestStepsBreak stops iterating after the first evaluation: no further role
// is called and the iterator returns cleanly.
func TestStepsBreak(t *testing.T) {
	baseline := runtime.NumGoroutine()
	s := &script{decisions: []evaluator.EvaluationDecision{revise(0.4)}}
	seen := 0
	for st := range Steps(context.Background(), refundTask, s.gen(), s.eval(), s.rev(), WithMaxRevisions(5), WithTimeout(time.Hour)) {
		seen++
		if st.Role == RoleEvaluate {
			break
		}
	}
	assert.Equal(t, 2, seen)
	gc, ec, rc := s.calls()
	assert.Equal(t, [3]int{1, 1, 0}, [3]int{gc, ec, rc}, "nothing runs after the break")
	assertNoLeak(t, baseline)
}

func TestAfterCallSeesEachStepAsItHappens(t *testing.T) {
	s := &script{decisions: []evaluator.EvaluationDecision{revise(0.4), pass(0.9)}}
	var seen []Role
	var evalsAtRevise int
	orig := s.revHook
	s.revHook = func(ctx context.Context, n int, cand string) (string, error) {
		evalsAtRevise = len(seen)
		if orig != nil {
			return orig(ctx, n, cand)
		}
		return "draft-1", nil
	}
	var second []int
	res, err := s.run(context.Background(), refundTask,
		WithHooks(Hooks[string]{AfterCall: func(_ context.Context, st Step[string]) { seen = append(seen, st.Role) }}),
		WithHooks(Hooks[string]{AfterCall: func(_ context.Context, st Step[string]) { second = append(second, st.Index) }}),
	)
	require.NoError(t, err)
	assert.Equal(t, []Role{RoleGenerate, RoleEvaluate, RoleRevise, RoleEvaluate}, seen)
	assert.Equal(t, []int{0, 1, 2, 3}, second)
	assert.Equal(t, 2, evalsAtRevise, "the hook ran for the evaluate step before the reviser was called")
	checkConsistent(t, res, err)
}

// TestStepsCallerCancel: the caller's cancellation decides the loop when
// RunLoop sees it before a decision is recorded (during a call, even one
// that returns a pass; or between two calls), and not after (a pass
// yielded before the consumer cancels stands).
func TestStepsCallerCancel(t *testing.T) {
	type row struct {
		name      string
		decisions []evaluator.EvaluationDecision
		cancelIn  Role // cancel from inside this role's call, or
		cancelOn  Role // cancel when this step is yielded
		roles     []Role
		outcome   Outcome
		err       error
	}
	for _, r := range []row{
		{name: "a pass returned after the cancel", decisions: []evaluator.EvaluationDecision{pass(0.9)}, cancelIn: RoleEvaluate,
			roles: []Role{RoleGenerate, RoleEvaluate, RoleStop}, outcome: OutcomeFailed, err: context.Canceled},
		{name: "a revise yielded, then the cancel", decisions: []evaluator.EvaluationDecision{revise(0.4)}, cancelOn: RoleEvaluate,
			roles: []Role{RoleGenerate, RoleEvaluate, RoleStop}, outcome: OutcomeFailed, err: context.Canceled},
		{name: "a pass yielded, then the cancel", decisions: []evaluator.EvaluationDecision{pass(0.9)}, cancelOn: RoleEvaluate,
			roles: []Role{RoleGenerate, RoleEvaluate, RoleStop}, outcome: OutcomeSucceeded},
	} {
		t.Run(r.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			s := &script{decisions: r.decisions}
			if r.cancelIn == RoleEvaluate {
				s.evalHook = func(ctx context.Context, n int, _ string) (evaluator.EvaluationDecision, error) {
					cancel()
					<-ctx.Done()
					return r.decisions[0], nil
				}
			}
			var roles []Role
			var final Step[string]
			var finalErr error
			for st, err := range Steps(ctx, refundTask, s.gen(), s.eval(), s.rev()) {
				roles = append(roles, st.Role)
				if st.Role == r.cancelOn {
					cancel()
				}
				final, finalErr = st, err
			}
			assert.Equal(t, r.roles, roles)
			require.NotNil(t, final.Result)
			assert.Equal(t, r.outcome, final.Result.Outcome)
			if r.err == nil {
				assert.NoError(t, finalErr)
			} else {
				assert.ErrorIs(t, finalErr, r.err)
				assert.Equal(t, evaluator.StopCanceled, final.Result.StopReason)
				assert.NotEqual(t, evaluator.StatusPass, final.Decision.Status, "no accepted-looking decision leaves a canceled loop")
			}
			checkConsistent(t, *final.Result, finalErr)
		})
	}
}
