package loop

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

type hookKey struct{}

// recorder is a pair of hooks that records what they see and marks the
// context BeforeCall returns with name.
type recorder struct {
	name   string
	events *[]string
	calls  []Call[string]
	steps  []Step[string]
	ctxs   []any // what AfterCall's context carried under hookKey
}

func (r *recorder) hooks() Hooks[string] {
	return Hooks[string]{
		BeforeCall: func(ctx context.Context, c Call[string]) context.Context {
			r.calls = append(r.calls, c)
			*r.events = append(*r.events, "before "+r.name)
			return context.WithValue(ctx, hookKey{}, r.name)
		},
		AfterCall: func(ctx context.Context, s Step[string]) {
			r.steps = append(r.steps, s)
			r.ctxs = append(r.ctxs, ctx.Value(hookKey{}))
			*r.events = append(*r.events, "after "+r.name)
		},
	}
}

// TestHooksAroundEveryAttempt: BeforeCall runs before every attempt of
// every role call (not for a retry's wait), with the call's inputs; the
// role receives its context; AfterCall gets that context and the step as
// recorded.
func TestHooksAroundEveryAttempt(t *testing.T) {
	var events []string
	rec := &recorder{name: "a", events: &events}
	var seen []any
	s := &script{decisions: []evaluator.EvaluationDecision{revise(0.4, "add the date"), pass(0.9)}}
	s.genHook = func(ctx context.Context, n int) (string, error) {
		seen = append(seen, ctx.Value(hookKey{}))
		if n == 0 {
			return "", provider.Transient(errors.New("503"))
		}
		return "draft-0", nil
	}
	res, err := s.run(context.Background(), refundTask, WithRetry(2, 10*time.Millisecond),
		WithModels(RoleGenerate, "gen-model"), WithModels(RoleEvaluate, "judge-model"), WithHooks(rec.hooks()))
	require.NoError(t, err)
	checkConsistent(t, res, err)
	require.Len(t, res.Trace, 5, "a failed generate, generate, evaluate, revise, evaluate")

	assert.Equal(t, []any{"a", "a"}, seen, "the role receives the context BeforeCall returned")
	require.Len(t, rec.calls, 5, "one BeforeCall per attempt, none for the wait")
	wantRoles := []Role{RoleGenerate, RoleGenerate, RoleEvaluate, RoleRevise, RoleEvaluate}
	for i, c := range rec.calls {
		assert.Equal(t, CallRole, c.Kind)
		assert.Equal(t, wantRoles[i], c.Role, "call %d", i)
		assert.Equal(t, i, c.Step, "call %d", i)
		assert.Equal(t, refundTask.ID, c.TaskID, "call %d", i)
	}
	assert.Equal(t, []int{1, 2}, []int{rec.calls[0].Attempt, rec.calls[1].Attempt})
	assert.Equal(t, []string{"gen-model"}, rec.calls[0].Models)
	assert.Equal(t, []string{"judge-model"}, rec.calls[2].Models)
	assert.Equal(t, "draft-0", rec.calls[2].Candidate, "an evaluation takes the candidate")
	assert.Equal(t, []string{"add the date"}, rec.calls[3].Decision.RevisionInstructions, "a revision takes the decision")
	assert.Equal(t, res.Trace, rec.steps, "AfterCall sees every step as recorded")
	assert.Equal(t, []any{"a", "a", "a", "a", "a"}, rec.ctxs, "AfterCall gets the context BeforeCall returned")
	assert.Equal(t, ErrorRetryable, res.Trace[0].ErrKind, "a failed step says its error's kind")
}

// TestHooksNest: several WithHooks run like deferred calls, each AfterCall
// with its own BeforeCall's context.
func TestHooksNest(t *testing.T) {
	var events []string
	a, b := &recorder{name: "a", events: &events}, &recorder{name: "b", events: &events}
	s := &script{decisions: []evaluator.EvaluationDecision{pass(1)}}
	var role any
	s.genHook = func(ctx context.Context, _ int) (string, error) {
		role = ctx.Value(hookKey{})
		return "draft", nil
	}
	onlyAfter := 0
	_, err := s.run(context.Background(), refundTask, WithHooks(a.hooks()), WithHooks(b.hooks()),
		WithHooks(Hooks[string]{AfterCall: func(ctx context.Context, _ Step[string]) {
			onlyAfter++
			assert.Equal(t, "b", ctx.Value(hookKey{}), "without BeforeCall: the context the previous hook returned")
		}}))
	require.NoError(t, err)
	assert.Equal(t, "b", role, "the role receives the last context")
	assert.Equal(t, []string{"before a", "before b", "after b", "after a", "before a", "before b", "after b", "after a"}, events)
	assert.Equal(t, []any{"a", "a"}, a.ctxs)
	assert.Equal(t, []any{"b", "b"}, b.ctxs)
	assert.Equal(t, 2, onlyAfter)
}

// TestHookContextMustCarryTheMeter: a BeforeCall that returns a context
// detached from the loop's fails the call without calling the role (its
// cost would be lost); a nil return leaves the context as it was.
func TestHookContextMustCarryTheMeter(t *testing.T) {
	s := &script{}
	after := 0
	res, err := s.run(context.Background(), refundTask, WithRetry(3, 0), WithHooks(Hooks[string]{
		BeforeCall: func(context.Context, Call[string]) context.Context { return context.Background() },
		AfterCall:  func(context.Context, Step[string]) { after++ },
	}))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "hooks[0]: BeforeCall returned a context not derived from the one it was given")
	assert.Equal(t, evaluator.StopError, res.StopReason)
	require.Len(t, res.Trace, 1, "a permanent error: not retried")
	assert.Equal(t, ErrorPermanent, res.Trace[0].ErrKind)
	gens, _, _ := s.calls()
	assert.Equal(t, 0, gens, "the role is not called")
	assert.Equal(t, 1, after, "AfterCall still sees the step")

	s = &script{}
	var costs float64
	s.genHook = func(ctx context.Context, _ int) (string, error) {
		provider.AddCost(ctx, 0.5)
		return "draft", nil
	}
	res, err = s.run(context.Background(), refundTask, WithHooks(Hooks[string]{
		BeforeCall: func(context.Context, Call[string]) context.Context { return nil },
		AfterCall:  func(_ context.Context, st Step[string]) { costs += st.Cost },
	}))
	require.NoError(t, err)
	assert.Equal(t, 0.5, res.Cost, "a nil context leaves the loop's: the cost is counted")
	assert.Equal(t, 0.5, costs)
}

// TestInvokeRunsHooks: a Machine driver that passes Roles.Hooks gets the
// same hooks as RunLoop, each AfterCall with the step Record appends.
func TestInvokeRunsHooks(t *testing.T) {
	var events []string
	rec := &recorder{name: "a", events: &events}
	s := &script{decisions: []evaluator.EvaluationDecision{revise(0.4), pass(0.9)}}
	roles := Roles[string]{Generator: s.gen(), Evaluator: s.eval(), Reviser: s.rev(), Hooks: rec.hooks()}
	m, err := Start[string](time.Now(), Config{}, refundTask)
	require.NoError(t, err)
	var recorded []Step[string]
	for m.Phase != RoleStop {
		c := m.Next(time.Now())
		if c.Kind != CallRole {
			continue
		}
		c.TaskID = "" // a driver that built its own Call: Invoke fills it from the task
		recorded = append(recorded, m.Record(time.Now(), roles.Invoke(context.Background(), refundTask, c)))
	}
	require.Len(t, rec.steps, len(recorded))
	for i := range recorded {
		got, want := rec.steps[i], recorded[i]
		got.Start, got.Duration, want.Start, want.Duration = time.Time{}, 0, time.Time{}, 0
		assert.Equal(t, want, got, "step %d", i)
		assert.Equal(t, refundTask.ID, rec.calls[i].TaskID)
	}
	assert.Equal(t, []any{"a", "a", "a", "a"}, rec.ctxs)

	// A decision that fails Validate: the hook's step says so as Record's does.
	bad := Roles[string]{Evaluator: evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: "maybe"}, nil
	}), Hooks: rec.hooks()}
	bad.Invoke(context.Background(), refundTask, Call[string]{Kind: CallRole, Role: RoleEvaluate, Step: 7, Attempt: 1, Candidate: "x"})
	last := rec.steps[len(rec.steps)-1]
	assert.Equal(t, 7, last.Index)
	assert.Equal(t, ErrorInvalidDecision, last.ErrKind)
	assert.Contains(t, last.Err, "evaluator returned an invalid decision")
}

// TestUsageInTrace: what the roles report through AddUsage and
// PriceTable.ReportUsage is in each step, summed per role in the Result
// (a revision check counting as evaluate), and survives JSON.
func TestUsageInTrace(t *testing.T) {
	prices := provider.PriceTable{"gen-a": {Input: 1, Output: 2}, "judge-b": {Input: 1, Output: 1}}
	s := &script{decisions: []evaluator.EvaluationDecision{revise(0.4), pass(0.9)}}
	s.genHook = func(ctx context.Context, _ int) (string, error) {
		_, err := prices.ReportUsage(ctx, provider.Usage{Model: "gen-a-2026-01-01", InputTokens: 100, CachedInputTokens: 50, OutputTokens: 10})
		return "draft-0", err
	}
	s.evalHook = func(ctx context.Context, n int, _ string) (evaluator.EvaluationDecision, error) {
		provider.AddUsage(ctx, provider.Usage{Model: "judge-b", InputTokens: 200, OutputTokens: 20})
		provider.AddUsage(ctx, provider.Usage{Model: "judge-b", InputTokens: 1, OutputTokens: 1})
		return []evaluator.EvaluationDecision{revise(0.4), pass(0.9)}[n], nil
	}
	s.revHook = func(ctx context.Context, _ int, _ string) (string, error) {
		provider.AddUsage(ctx, provider.Usage{Model: "gen-a", InputTokens: 5, OutputTokens: 5})
		provider.AddUsage(ctx, provider.Usage{Model: "gen-c", InputTokens: 5, OutputTokens: 5})
		return "draft-1", nil
	}
	check := RevisionCheck[string](func(ctx context.Context, _ evaluator.Task, _, _ string) (evaluator.EvaluationDecision, error) {
		provider.AddUsage(ctx, provider.Usage{Model: "judge-b", InputTokens: 7, OutputTokens: 3})
		return pass(1), nil
	})
	res, err := s.run(context.Background(), refundTask, WithRevisionCheck(check))
	require.NoError(t, err)
	require.Len(t, res.Trace, 5)
	assert.Equal(t, []provider.Usage{{Model: "gen-a-2026-01-01", InputTokens: 100, CachedInputTokens: 50, OutputTokens: 10}}, res.Trace[0].Usage,
		"the model the provider says answered")
	assert.Len(t, res.Trace[1].Usage, 2, "every usage of the call, in order")
	assert.Equal(t, map[Role]provider.Usage{
		RoleGenerate: {Model: "gen-a-2026-01-01", InputTokens: 100, CachedInputTokens: 50, OutputTokens: 10},
		RoleEvaluate: {Model: "judge-b", InputTokens: 2*201 + 7, OutputTokens: 2*21 + 3},
		RoleRevise:   {Model: severalModels, InputTokens: 10, OutputTokens: 10},
	}, res.UsageByRole)

	b, err := res.MarshalJSON()
	require.NoError(t, err)
	assert.Contains(t, string(b), `"usage":[{"model":"gen-a-2026-01-01","inputTokens":100,"cachedInputTokens":50,"outputTokens":10}]`)
	assert.Contains(t, string(b), `"usageByRole":{"evaluate":`)
	var back Result[string]
	require.NoError(t, back.UnmarshalJSON(b))
	assert.Equal(t, res.UsageByRole, back.UsageByRole)
	assert.Equal(t, res.Trace[1].Usage, back.Trace[1].Usage)

	res, err = (&script{}).run(context.Background(), refundTask)
	require.NoError(t, err)
	assert.Nil(t, res.UsageByRole, "no usage reported: none summed")
	b, _ = res.MarshalJSON()
	assert.NotContains(t, string(b), "usage", "and none written")
}

// TestInvalidUsageFailsTheCall: a negative token count is an invalid cost
// report, never retried.
func TestInvalidUsageFailsTheCall(t *testing.T) {
	s := &script{}
	s.genHook = func(ctx context.Context, _ int) (string, error) {
		provider.AddUsage(ctx, provider.Usage{Model: "m", OutputTokens: -5})
		return "draft", nil
	}
	res, err := s.run(context.Background(), refundTask, WithRetry(3, 0))
	require.Error(t, err)
	assert.ErrorIs(t, err, provider.ErrInvalidCost)
	require.Len(t, res.Trace, 1)
	assert.Equal(t, ErrorInvalidCost, res.Trace[0].ErrKind)
	assert.Contains(t, res.Trace[0].Err, "outputTokens: must be >= 0, got -5")
}

func ExampleWithHooks() {
	task := evaluator.Task{ID: "refund-42", Input: "Reply to the customer."}
	gen := GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
		provider.AddUsage(ctx, provider.Usage{Model: "writer-2026-01", InputTokens: 120, OutputTokens: 40})
		return "Your refund is on its way.", nil
	})
	eval := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
	})
	rev := ReviserFunc[string](func(_ context.Context, _ evaluator.Task, c string, _ evaluator.EvaluationDecision) (string, error) {
		return c, nil
	})
	hooks := Hooks[string]{
		BeforeCall: func(ctx context.Context, c Call[string]) context.Context {
			fmt.Printf("-> %s attempt %d of task %s\n", c.Role, c.Attempt, c.TaskID)
			return ctx // a tracer would return the context carrying its span
		},
		AfterCall: func(_ context.Context, s Step[string]) {
			fmt.Printf("<- %s status=%q usage=%v\n", s.Role, s.Decision.Status, s.Usage)
		},
	}
	res, err := RunLoop(context.Background(), task, gen, eval, rev, WithHooks(hooks))
	fmt.Println(res.Outcome, err, res.UsageByRole[RoleGenerate].OutputTokens)
	// Output:
	// -> generate attempt 1 of task refund-42
	// <- generate status="" usage=[{writer-2026-01 120 0 0 40}]
	// -> evaluate attempt 1 of task refund-42
	// <- evaluate status="pass" usage=[]
	// succeeded <nil> 40
}
