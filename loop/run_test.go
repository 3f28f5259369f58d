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

var errBoom = errors.New("model unavailable")

var refundTask = evaluator.Task{
	ID:    "refund-1",
	Input: "Customer asks for a refund of a damaged blender.",
	Evidence: []evaluator.Evidence{
		{ID: "photo-1", Source: "upload", Content: "Photo: cracked jug."},
	},
}

// TestRunLoopSemantics has one row per row of the semantics table of the
// issue (and a few variants of the rows whose cause can arise in several
// roles).
func TestRunLoopSemantics(t *testing.T) {
	var cancelDuringRevise context.CancelFunc // set by a row's ctx, called by one of its roles
	tests := []struct {
		name    string
		s       *script
		opts    []Option
		ctx     func(t *testing.T) context.Context
		outcome Outcome
		reason  evaluator.StopReason
		errIs   []error // each must match with errors.Is; nil means no error
		calls   [3]int  // generate, evaluate, revise
		check   func(t *testing.T, s *script, res Result[string], err error)
	}{
		{
			name:    "evaluator passes",
			s:       &script{decisions: []evaluator.EvaluationDecision{pass(0.9)}},
			outcome: OutcomeSucceeded, reason: evaluator.StopPassed,
			calls: [3]int{1, 1, 0},
			check: func(t *testing.T, _ *script, res Result[string], _ error) {
				assert.Equal(t, "draft-0", res.Candidate)
				assert.Equal(t, 0, res.Revisions)
			},
		},
		{
			name: "revise, revise, pass with max 2 revisions",
			s: &script{decisions: []evaluator.EvaluationDecision{
				revise(0.4, "cite the photo"), revise(0.6, "drop the promise", "say when"), pass(0.9),
			}},
			opts:    []Option{WithMaxRevisions(2)},
			outcome: OutcomeSucceeded, reason: evaluator.StopPassed,
			calls: [3]int{1, 3, 2},
			check: func(t *testing.T, s *script, res Result[string], _ error) {
				assert.Equal(t, 2, res.Revisions)
				assert.Equal(t, "draft-2", res.Candidate)
				assert.Equal(t, [][]string{{"cite the photo"}, {"drop the promise", "say when"}}, s.instructions)
				assert.Equal(t, []string{"draft-0", "draft-1", "draft-2"}, s.judged)
				roles := []Role{}
				for _, st := range res.Trace {
					roles = append(roles, st.Role)
				}
				assert.Equal(t, []Role{RoleGenerate, RoleEvaluate, RoleRevise, RoleEvaluate, RoleRevise, RoleEvaluate}, roles)
				assert.Equal(t, []string{"cite the photo"}, res.Trace[2].Instructions)
			},
		},
		{
			name:    "always revise, max 2",
			s:       &script{decisions: []evaluator.EvaluationDecision{revise(0.5)}},
			opts:    []Option{WithMaxRevisions(2)},
			outcome: OutcomeFailed, reason: evaluator.StopMaxRevisions,
			calls: [3]int{1, 3, 2},
			check: func(t *testing.T, _ *script, res Result[string], _ error) {
				assert.Equal(t, 2, res.Revisions)
				assert.Equal(t, "draft-2", res.Candidate, "ties go to the latest")
				assert.Equal(t, evaluator.StatusRevise, res.Decision.Status)
			},
		},
		{
			name:    "default max revisions is 2",
			s:       &script{decisions: []evaluator.EvaluationDecision{revise(0.5)}},
			outcome: OutcomeFailed, reason: evaluator.StopMaxRevisions,
			calls: [3]int{1, 3, 2},
		},
		{
			name:    "block",
			s:       &script{decisions: []evaluator.EvaluationDecision{block(0.2, "promise_before_approval")}},
			outcome: OutcomeBlocked, reason: evaluator.StopPolicyBlock,
			calls: [3]int{1, 1, 0},
			check: func(t *testing.T, _ *script, res Result[string], _ error) {
				assert.Equal(t, []string{"promise_before_approval"}, res.Decision.BlockingFailures)
			},
		},
		{
			name: "block whose decision says missing_evidence",
			s: &script{decisions: []evaluator.EvaluationDecision{func() evaluator.EvaluationDecision {
				d := block(0, "missing_damage_evidence")
				d.StopReason = evaluator.StopMissingEvidence
				return d
			}()}},
			outcome: OutcomeBlocked, reason: evaluator.StopMissingEvidence,
			calls: [3]int{1, 1, 0},
		},
		{
			name: "a pass that cites evidence the task does not hold",
			s: &script{decisions: []evaluator.EvaluationDecision{{
				Status: evaluator.StatusPass, Score: 1,
				Criteria: []evaluator.Criterion{{Name: "damage", Passed: true, EvidenceRefs: []string{"photo-1", "photo-9"}}},
			}}},
			outcome: OutcomeBlocked, reason: evaluator.StopMissingEvidence,
			calls: [3]int{1, 1, 0},
			check: func(t *testing.T, _ *script, res Result[string], _ error) {
				assert.Contains(t, res.Decision.BlockingFailures, missingEvidenceFailure)
				last := res.Decision.Criteria[len(res.Decision.Criteria)-1]
				assert.Equal(t, evidenceCriterion, last.Name)
				assert.Contains(t, last.Reason, "photo-9")
				assert.NotContains(t, last.Reason, "photo-1")
				assert.Equal(t, evaluator.StatusPass, res.Trace[1].Decision.Status, "the trace keeps the evaluator's decision")
				assert.NoError(t, res.Decision.Validate())
			},
		},
		{
			name:    "escalate",
			s:       &script{decisions: []evaluator.EvaluationDecision{revise(0.3), escalate(0.5)}},
			outcome: OutcomeEscalated, reason: evaluator.StopEscalated,
			calls: [3]int{1, 2, 1},
		},
		{
			name: "loop's own timeout, a role waiting on its context",
			s: &script{
				decisions: []evaluator.EvaluationDecision{revise(0.5)},
				revHook: func(ctx context.Context, _ int, _ string) (string, error) {
					<-ctx.Done()
					return "", ctx.Err()
				},
			},
			opts:    []Option{WithTimeout(200 * time.Millisecond)},
			outcome: OutcomeFailed, reason: evaluator.StopTimeout,
			calls: [3]int{1, 1, 1},
			check: func(t *testing.T, _ *script, res Result[string], _ error) {
				assert.Equal(t, "draft-0", res.Candidate)
				assert.Contains(t, res.Trace[2].Err, "deadline exceeded")
			},
		},
		{
			name: "loop's own timeout, spent between calls",
			s: &script{
				decisions: []evaluator.EvaluationDecision{revise(0.5)},
				genHook: func(ctx context.Context, _ int) (string, error) {
					// A role that ignores its context and returns after the
					// budget is spent. It sleeps past the deadline rather than
					// for a fixed time, and the budget is long enough that a
					// loaded machine still reaches the first call in time.
					if dl, ok := ctx.Deadline(); ok {
						time.Sleep(time.Until(dl) + 10*time.Millisecond)
					}
					return "draft-0", nil
				},
			},
			opts:    []Option{WithTimeout(100 * time.Millisecond)},
			outcome: OutcomeFailed, reason: evaluator.StopTimeout,
			calls: [3]int{1, 0, 0},
		},
		{
			name: "cost budget spent",
			s: &script{
				decisions: []evaluator.EvaluationDecision{revise(0.5)},
				genHook: func(ctx context.Context, _ int) (string, error) {
					provider.AddCost(ctx, 0.5)
					return "draft-0", nil
				},
				evalHook: func(ctx context.Context, _ int, _ string) (evaluator.EvaluationDecision, error) {
					provider.AddCost(ctx, 0.25)
					provider.AddCost(ctx, 0.25)
					return revise(0.5), nil
				},
			},
			opts:    []Option{WithMaxCost(1)},
			outcome: OutcomeFailed, reason: evaluator.StopCostBudget,
			calls: [3]int{1, 1, 0}, // 0.5 + 0.5 reaches the budget: no revise call
			check: func(t *testing.T, _ *script, res Result[string], _ error) {
				assert.Equal(t, 1.0, res.Cost)
				assert.Equal(t, 0.5, res.Trace[1].Cost)
			},
		},
		{
			name:    "stall limit",
			s:       &script{decisions: []evaluator.EvaluationDecision{revise(0.5), revise(0.5), revise(0.4), pass(1)}},
			opts:    []Option{WithStallLimit(2), WithMaxRevisions(10)},
			outcome: OutcomeFailed, reason: evaluator.StopStalled,
			calls: [3]int{1, 3, 2},
			check: func(t *testing.T, _ *script, res Result[string], _ error) {
				assert.Equal(t, "draft-1", res.Candidate, "best score 0.5, ties go to the latest")
				assert.Equal(t, 3, res.CandidateStep)
			},
		},
		{
			name: "generator error",
			s: &script{genHook: func(context.Context, int) (string, error) {
				return "", errBoom
			}},
			outcome: OutcomeFailed, reason: evaluator.StopError,
			errIs: []error{errBoom},
			calls: [3]int{1, 0, 0},
		},
		{
			name: "evaluator error",
			s: &script{evalHook: func(context.Context, int, string) (evaluator.EvaluationDecision, error) {
				return evaluator.EvaluationDecision{}, errBoom
			}},
			outcome: OutcomeFailed, reason: evaluator.StopError,
			errIs: []error{errBoom},
			calls: [3]int{1, 1, 0},
			check: func(t *testing.T, _ *script, res Result[string], _ error) {
				assert.Equal(t, "", res.Candidate, "an unjudged draft is never returned")
				assert.Equal(t, -1, res.CandidateStep)
				assert.Equal(t, errBoom.Error(), res.Trace[1].Err)
			},
		},
		{
			name: "reviser error after retries",
			s: &script{
				decisions: []evaluator.EvaluationDecision{revise(0.5)},
				revHook: func(context.Context, int, string) (string, error) {
					return "", errBoom
				},
			},
			opts:    []Option{WithRetry(3, time.Millisecond)},
			outcome: OutcomeFailed, reason: evaluator.StopError,
			errIs: []error{errBoom},
			calls: [3]int{1, 1, 3},
			check: func(t *testing.T, _ *script, res Result[string], _ error) {
				assert.Len(t, res.Trace, 5)
				assert.Equal(t, 3, res.Trace[4].Attempt)
				assert.Equal(t, 0, res.Revisions)
				assert.Equal(t, "draft-0", res.Candidate)
			},
		},
		{
			name: "a role panics",
			s: &script{evalHook: func(context.Context, int, string) (evaluator.EvaluationDecision, error) {
				panic("judge exploded")
			}},
			opts:    []Option{WithRetry(3, 0)},
			outcome: OutcomeFailed, reason: evaluator.StopError,
			calls: [3]int{1, 1, 0}, // panics are never retried
			check: func(t *testing.T, _ *script, _ Result[string], err error) {
				var pe *PanicError
				require.ErrorAs(t, err, &pe)
				assert.Equal(t, "judge exploded", pe.Value)
				assert.Equal(t, RoleEvaluate, pe.Role)
				assert.Contains(t, string(pe.Stack), "runtime/debug.Stack")
				assert.Contains(t, err.Error(), "judge exploded")
			},
		},
		{
			name: "a role panics with an error",
			s: &script{genHook: func(context.Context, int) (string, error) {
				panic(errBoom)
			}},
			outcome: OutcomeFailed, reason: evaluator.StopError,
			errIs: []error{errBoom},
			calls: [3]int{1, 0, 0},
		},
		{
			name: "invalid decision",
			s: &script{decisions: []evaluator.EvaluationDecision{
				{Status: evaluator.StatusPass, Score: 1.7},
			}},
			opts:    []Option{WithRetry(3, 0)},
			outcome: OutcomeFailed, reason: evaluator.StopError,
			errIs: []error{evaluator.ErrInvalidDecision},
			calls: [3]int{1, 1, 0},
			check: func(t *testing.T, _ *script, res Result[string], err error) {
				assert.Contains(t, err.Error(), "score: must be in [0,1], got 1.7")
				assert.Equal(t, evaluator.StatusPass, res.Decision.Status, "the invalid decision is reported")
				assert.Equal(t, -1, res.CandidateStep)
			},
		},
		{
			name: "caller's ctx already canceled",
			s:    &script{},
			ctx: func(t *testing.T) context.Context {
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				return ctx
			},
			outcome: OutcomeFailed, reason: evaluator.StopCanceled,
			errIs: []error{context.Canceled},
			calls: [3]int{0, 0, 0},
		},
		{
			name: "caller's ctx canceled during a call",
			s: &script{
				decisions: []evaluator.EvaluationDecision{revise(0.5)},
				revHook: func(ctx context.Context, _ int, _ string) (string, error) {
					cancelDuringRevise()
					<-ctx.Done()
					return "", ctx.Err()
				},
			},
			ctx: func(t *testing.T) context.Context {
				ctx, cancel := context.WithCancel(context.Background())
				cancelDuringRevise = cancel
				return ctx
			},
			opts:    []Option{WithTimeout(time.Minute), WithRetry(5, time.Millisecond)},
			outcome: OutcomeFailed, reason: evaluator.StopCanceled,
			errIs: []error{context.Canceled},
			calls: [3]int{1, 1, 1},
		},
		{
			name: "a pass returned after the caller canceled",
			s: &script{
				evalHook: func(ctx context.Context, _ int, _ string) (evaluator.EvaluationDecision, error) {
					cancelDuringRevise()
					<-ctx.Done()
					return pass(0.9), nil
				},
			},
			ctx: func(t *testing.T) context.Context {
				ctx, cancel := context.WithCancel(context.Background())
				cancelDuringRevise = cancel
				return ctx
			},
			outcome: OutcomeFailed, reason: evaluator.StopCanceled,
			errIs: []error{context.Canceled},
			calls: [3]int{1, 1, 0},
			check: func(t *testing.T, _ *script, res Result[string], err error) {
				var le *Error
				require.ErrorAs(t, err, &le)
				assert.Equal(t, ErrorCanceled, le.Kind)
				require.Len(t, res.Trace, 2)
				assert.Equal(t, evaluator.StatusPass, res.Trace[1].Decision.Status, "the trace keeps the pass")
				assert.Empty(t, res.Trace[1].Err)
				assert.NotEqual(t, evaluator.StatusPass, res.Decision.Status, "but the controller did not act on it")
				assert.Equal(t, 1, res.CandidateStep, "the best judged candidate, as in any failed loop")
			},
		},
		{
			name: "a block returned after the caller's deadline passed",
			s: &script{
				evalHook: func(ctx context.Context, _ int, _ string) (evaluator.EvaluationDecision, error) {
					<-ctx.Done()
					return block(0.1, "refund_without_evidence"), nil
				},
			},
			ctx: func(t *testing.T) context.Context {
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
				t.Cleanup(cancel)
				return ctx
			},
			opts:    []Option{WithTimeout(time.Minute)},
			outcome: OutcomeFailed, reason: evaluator.StopCanceled,
			errIs: []error{context.DeadlineExceeded},
			calls: [3]int{1, 1, 0},
		},
		{
			name: "caller's deadline passes, shorter than the loop's timeout",
			s: &script{
				decisions: []evaluator.EvaluationDecision{revise(0.5)},
				revHook: func(ctx context.Context, _ int, _ string) (string, error) {
					<-ctx.Done()
					return "", ctx.Err()
				},
			},
			ctx: func(t *testing.T) context.Context {
				ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
				t.Cleanup(cancel)
				return ctx
			},
			opts:    []Option{WithTimeout(time.Minute)},
			outcome: OutcomeFailed, reason: evaluator.StopCanceled,
			errIs: []error{context.DeadlineExceeded},
			calls: [3]int{1, 1, 1},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			if tt.ctx != nil {
				ctx = tt.ctx(t)
			}
			res, err := tt.s.run(ctx, refundTask, tt.opts...)
			assert.Equal(t, tt.outcome, res.Outcome)
			assert.Equal(t, tt.reason, res.StopReason)
			if tt.errIs == nil && tt.reason != evaluator.StopError {
				assert.NoError(t, err)
			} else {
				require.Error(t, err)
			}
			for _, target := range tt.errIs {
				assert.ErrorIs(t, err, target)
			}
			g, e, r := tt.s.calls()
			assert.Equal(t, tt.calls, [3]int{g, e, r}, "calls to generate, evaluate, revise")
			checkConsistent(t, res, err)
			if tt.check != nil {
				tt.check(t, tt.s, res, err)
			}
		})
	}
}

// namedModel is a role that reports its model.
type namedModel struct{ model string }

func (n namedModel) Model() string { return n.model }

type modelGen struct {
	namedModel
	GeneratorFunc[string]
}

type modelEval struct {
	namedModel
	evaluator.Func[string]
}

type modelRev struct {
	namedModel
	ReviserFunc[string]
}

// TestRunLoopRefusesToStart covers the last row of the table: invalid
// options and nil roles, plus an invalid task and the self-approval guard;
// no role is ever called.
func TestRunLoopRefusesToStart(t *testing.T) {
	s := &script{}
	gen, eval, rev := s.gen(), s.eval(), s.rev()
	tests := []struct {
		name  string
		gen   Generator[string]
		eval  evaluator.Evaluator[string]
		rev   Reviser[string]
		task  evaluator.Task
		opts  []Option
		errIs error
		msg   string
	}{
		{name: "negative revisions", opts: []Option{WithMaxRevisions(-1)}, errIs: evaluator.ErrInvalidOption, msg: "WithMaxRevisions(-1): must be >= 0"},
		{name: "negative timeout", opts: []Option{WithTimeout(-time.Second)}, errIs: evaluator.ErrInvalidOption, msg: "WithTimeout(-1s)"},
		{name: "negative cost", opts: []Option{WithMaxCost(-1)}, errIs: evaluator.ErrInvalidOption, msg: "WithMaxCost(-1)"},
		{name: "negative stall limit", opts: []Option{WithStallLimit(-2)}, errIs: evaluator.ErrInvalidOption, msg: "WithStallLimit(-2)"},
		{name: "zero attempts", opts: []Option{WithRetry(0, 0)}, errIs: evaluator.ErrInvalidOption, msg: "attempts must be >= 1"},
		{name: "negative backoff", opts: []Option{WithRetry(2, -time.Second)}, errIs: evaluator.ErrInvalidOption, msg: "backoff must be >= 0"},
		{name: "nil option", opts: []Option{WithMaxRevisions(1), nil}, errIs: evaluator.ErrInvalidOption, msg: "opts[1]: nil option"},
		{name: "empty hooks", opts: []Option{WithHooks(Hooks[string]{})}, errIs: evaluator.ErrInvalidOption, msg: "WithHooks: neither BeforeCall nor AfterCall is set"},
		{name: "hooks of another type", opts: []Option{WithHooks(Hooks[int]{AfterCall: func(context.Context, Step[int]) {}})}, errIs: evaluator.ErrInvalidOption, msg: "loop.Hooks[int]"},
		{name: "nil generator", gen: GeneratorFunc[string](nil), errIs: ErrNilRole, msg: "generator"},
		{name: "nil evaluator", eval: evaluator.Func[string](nil), errIs: ErrNilRole, msg: "evaluator"},
		{name: "nil reviser interface", rev: nil, errIs: ErrNilRole, msg: "reviser"},
		{
			name:  "duplicate evidence",
			task:  evaluator.Task{Evidence: []evaluator.Evidence{{ID: "a"}, {ID: "a"}}},
			errIs: evaluator.ErrInvalidTask, msg: "evidence[1].id",
		},
		{
			name:  "same model for generator and evaluator",
			gen:   modelGen{namedModel{"gpt-x"}, GeneratorFunc[string](gen.Generate)},
			eval:  modelEval{namedModel{" GPT-X "}, evaluator.Func[string](eval.Evaluate)},
			errIs: ErrSameModel, msg: `the generator reports model "gpt-x" and the evaluator model "GPT-X"`,
		},
		{
			name:  "same model for reviser and evaluator",
			rev:   modelRev{namedModel{"m1"}, ReviserFunc[string](rev.Revise)},
			eval:  modelEval{namedModel{"m1"}, evaluator.Func[string](eval.Evaluate)},
			errIs: ErrSameModel, msg: "the reviser",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, e, r := tt.gen, tt.eval, tt.rev
			if g == nil {
				g = gen
			}
			if e == nil {
				e = eval
			}
			if r == nil && tt.name != "nil reviser interface" {
				r = rev
			}
			task := refundTask
			if tt.task.Evidence != nil {
				task = tt.task
			}
			res, err := RunLoop(context.Background(), task, g, e, r, tt.opts...)
			require.ErrorIs(t, err, tt.errIs)
			assert.Contains(t, err.Error(), tt.msg)
			assert.Equal(t, OutcomeFailed, res.Outcome)
			assert.Equal(t, evaluator.StopError, res.StopReason)
			assert.Empty(t, res.Trace)
			checkConsistent(t, res, err)
			gc, ec, rc := s.calls()
			assert.Equal(t, [3]int{0, 0, 0}, [3]int{gc, ec, rc}, "no role is called")
		})
	}
}

func TestAllowSameModel(t *testing.T) {
	s := &script{}
	gen := modelGen{namedModel{"m1"}, GeneratorFunc[string](s.gen().Generate)}
	eval := modelEval{namedModel{"m1"}, evaluator.Func[string](s.eval().Evaluate)}
	res, err := RunLoop[string](context.Background(), refundTask, gen, eval, s.rev(), AllowSameModel())
	require.NoError(t, err)
	assert.Equal(t, OutcomeSucceeded, res.Outcome)

	// Different models, or a model that is not named, start without the option.
	other := modelEval{namedModel{"m2"}, evaluator.Func[string](s.eval().Evaluate)}
	_, err = RunLoop[string](context.Background(), refundTask, gen, other, s.rev())
	require.NoError(t, err)
	unnamed := modelEval{namedModel{""}, evaluator.Func[string](s.eval().Evaluate)}
	_, err = RunLoop[string](context.Background(), refundTask, modelGen{namedModel{""}, gen.GeneratorFunc}, unnamed, s.rev())
	require.NoError(t, err)
}

func TestNilContext(t *testing.T) {
	s := &script{}
	//lint:ignore SA1012 the nil context is the point of the test
	res, err := RunLoop(nil, refundTask, s.gen(), s.eval(), s.rev()) //nolint:staticcheck
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nil context")
	assert.Equal(t, OutcomeFailed, res.Outcome)
}

func TestEvidenceIDsOK(t *testing.T) {
	ev := func(ids ...string) []evaluator.Evidence {
		out := make([]evaluator.Evidence, len(ids))
		for i, id := range ids {
			out[i] = evaluator.Evidence{ID: id}
		}
		return out
	}
	many := make([]string, 40)
	for i := range many {
		many[i] = fmt.Sprint("e", i)
	}
	tests := []struct {
		name string
		ev   []evaluator.Evidence
		ok   bool
	}{
		{"none", nil, true},
		{"unique", ev("a", "b", "c"), true},
		{"blank", ev("a", "  "), false},
		{"duplicate", ev("a", "b", "a"), false},
		{"large sets go to Validate", ev(many...), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.ok, evidenceIDsOK(tt.ev))
			// Whatever the fast path says, a task is refused exactly when
			// Validate fails.
			s := &script{}
			_, err := s.run(context.Background(), evaluator.Task{Evidence: tt.ev})
			assert.Equal(t, evaluator.Task{Evidence: tt.ev}.Validate() != nil, errors.Is(err, evaluator.ErrInvalidTask))
		})
	}
}
