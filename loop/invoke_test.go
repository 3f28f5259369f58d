package loop

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

func TestInvokeClassifies(t *testing.T) {
	var leaked context.Context
	fail := func(err error) Roles[string] {
		return Roles[string]{Generator: GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
			leaked = ctx
			provider.AddCost(ctx, 0.5)
			return "", err
		})}
	}
	waiting := Roles[string]{Generator: GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
		<-ctx.Done()
		return "", ctx.Err()
	})}
	gen := Call[string]{Kind: CallRole, Role: RoleGenerate}
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name  string
		roles Roles[string]
		ctx   context.Context
		call  Call[string]
		kind  ErrorKind
		is    error
	}{
		{"unknown error", fail(errBoom), context.Background(), gen, ErrorRetryable, errBoom},
		{"permanent", fail(provider.Permanent(errBoom)), context.Background(), gen, ErrorPermanent, errBoom},
		{"the role's own deadline", fail(context.DeadlineExceeded), context.Background(), gen, ErrorRetryable, context.DeadlineExceeded},
		{"the loop's deadline", waiting, context.Background(), Call[string]{Kind: CallRole, Role: RoleGenerate, Deadline: time.Now().Add(10 * time.Millisecond)}, ErrorTimeout, context.DeadlineExceeded},
		{"the caller's cancellation", waiting, canceled, gen, ErrorCanceled, context.Canceled},
		{"nil role", Roles[string]{}, context.Background(), Call[string]{Kind: CallRole, Role: RoleEvaluate}, ErrorPermanent, ErrNilRole},
		{"not a role call", fail(nil), context.Background(), Call[string]{Kind: CallWait}, ErrorPermanent, ErrNilRole},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := tt.roles.Invoke(tt.ctx, refundTask, tt.call)
			require.NotNil(t, res.Err)
			assert.Equal(t, tt.kind, res.Err.Kind)
			assert.ErrorIs(t, res.Err, tt.is)
		})
	}

	res := fail(errBoom).Invoke(context.Background(), refundTask, gen)
	assert.Equal(t, 0.5, res.Cost, "the call's cost")
	assert.False(t, provider.AddCost(leaked, 1), "the meter is closed once the call returned")

	panics := Roles[string]{Evaluator: evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		panic("judge exploded")
	})}
	res = panics.Invoke(context.Background(), refundTask, Call[string]{Kind: CallRole, Role: RoleEvaluate})
	require.NotNil(t, res.Err)
	assert.Equal(t, ErrorPanic, res.Err.Kind)
	var pe *PanicError
	require.ErrorAs(t, res.Err, &pe)
	assert.Equal(t, RoleEvaluate, pe.Role)

	badCost := Roles[string]{Reviser: ReviserFunc[string](func(ctx context.Context, _ evaluator.Task, c string, _ evaluator.EvaluationDecision) (string, error) {
		provider.AddCost(ctx, -1)
		return c + "!", nil
	})}
	res = badCost.Invoke(context.Background(), refundTask, Call[string]{Kind: CallRole, Role: RoleRevise, Candidate: "a"})
	assert.Nil(t, res.Err)
	assert.Equal(t, "a!", res.Candidate)
	require.NotNil(t, res.CostErr)
	assert.Equal(t, ErrorInvalidCost, res.CostErr.Kind)
}

// TestRunLoopErrorIsClassified: RunLoop's error is an *Error whose kind
// says why the loop failed.
func TestRunLoopErrorIsClassified(t *testing.T) {
	tests := []struct {
		name string
		s    *script
		opts []Option
		kind ErrorKind
	}{
		{"retries exhausted", &script{genHook: func(context.Context, int) (string, error) { return "", errBoom }}, []Option{WithRetry(2, 0)}, ErrorRetryable},
		{"permanent", &script{genHook: func(context.Context, int) (string, error) { return "", provider.Permanent(errBoom) }}, nil, ErrorPermanent},
		{"invalid decision", &script{decisions: []evaluator.EvaluationDecision{{Status: "maybe"}}}, nil, ErrorInvalidDecision},
		{"refused", &script{}, []Option{WithMaxRevisions(-1)}, ErrorPermanent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.s.run(context.Background(), refundTask, tt.opts...)
			var le *Error
			require.ErrorAs(t, err, &le)
			assert.Equal(t, tt.kind, le.Kind)
		})
	}
}
