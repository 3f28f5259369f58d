package loop

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// hugeText is a 50 MB text, as a provider's error page or a panic value
// can be; made once, when a test first needs it.
var hugeText = sync.OnceValue(func() string {
	if testing.Short() {
		return strings.Repeat("x", 8<<20) // still 2,000 times the bound; the local test command runs -short
	}
	return strings.Repeat("x", 50<<20)
})

// assertBounded checks that text is within n bytes and ends with the size
// of what it was cut from.
func assertBounded(t *testing.T, text string, n int, what string) {
	t.Helper()
	assert.LessOrEqual(t, len(text), n, "%s is %d bytes", what, len(text))
	assert.True(t, strings.Contains(text, "... (") && strings.Contains(text, " bytes)"), "%s says the size of what was cut", what)
}

// A 50 MB role error, provider message, panic value or cancellation cause
// gives a RunLoop error and a Step.Err of at most 4 KiB, and errors.Is and
// errors.As still see the role's error.
func TestErrorTextIsBounded(t *testing.T) {
	huge := hugeText()
	sentinel := errors.New("upstream failure")
	tests := []struct {
		name string
		gen  func(ctx context.Context, n int) (string, error)
		is   error
	}{
		{"role error", func(context.Context, int) (string, error) {
			return "", provider.Permanent(errors.Join(sentinel, errors.New(huge)))
		}, sentinel},
		{"provider message", func(context.Context, int) (string, error) {
			// 5 MB: the path is the role error's; the test stays quick.
			return "", &provider.ProviderError{Provider: "openai", StatusCode: 400, Message: huge[:5<<20], Err: sentinel}
		}, sentinel},
		{"panic value", func(context.Context, int) (string, error) { panic(huge) }, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &script{genHook: tt.gen}
			res, err := RunLoop(context.Background(), refundTask, s.gen(), s.eval(), s.rev())
			require.Error(t, err)
			assertBounded(t, err.Error(), strictjson.MaxError, "the RunLoop error")
			assert.True(t, strings.HasPrefix(err.Error(), "loop: step 0 (generate): "), err.Error()[:60])
			require.Len(t, res.Trace, 1)
			assertBounded(t, res.Trace[0].Err, strictjson.MaxError, "Step.Err")
			if tt.is != nil {
				assert.ErrorIs(t, err, tt.is)
			} else {
				var pe *PanicError
				require.ErrorAs(t, err, &pe)
				assert.Len(t, pe.Value, len(huge), "the panic value itself is kept")
			}
		})
	}
}

// A role error and an invalid cost join into one error of at most 64 KiB;
// a caller's cancellation cause is bounded like any error.
func TestJoinedAndCanceledErrorTextIsBounded(t *testing.T) {
	huge := hugeText()
	s := &script{evalHook: func(ctx context.Context, _ int, _ string) (evaluator.EvaluationDecision, error) {
		provider.AddCost(ctx, -1)
		return evaluator.EvaluationDecision{}, errors.New(huge)
	}}
	res, err := RunLoop(context.Background(), refundTask, s.gen(), s.eval(), s.rev())
	require.ErrorIs(t, err, provider.ErrInvalidCost)
	assert.LessOrEqual(t, len(err.Error()), strictjson.MaxJoinedError)
	assert.Contains(t, err.Error(), "AddCost(-1)")
	assert.LessOrEqual(t, len(res.Trace[len(res.Trace)-1].Err), strictjson.MaxJoinedError)

	ctx, cancel := context.WithCancelCause(context.Background())
	cause := errors.New(huge)
	s = &script{genHook: func(context.Context, int) (string, error) {
		cancel(cause)
		return "draft", nil
	}}
	_, err = RunLoop(ctx, refundTask, s.gen(), s.eval(), s.rev())
	require.ErrorIs(t, err, context.Canceled)
	require.ErrorIs(t, err, cause)
	// The context's error and its cause, the cause bounded on its own.
	assertBounded(t, err.Error(), 2*strictjson.MaxError, "the canceled loop's error")
}

// A durable driver's own error text is bounded when the machine records it.
func TestRecordBoundsADriversError(t *testing.T) {
	huge := hugeText()
	m, err := Start[string](t0, Config{}, refundTask)
	require.NoError(t, err)
	m.Next(t0)
	step := m.Record(t0, CallResult[string]{Err: &Error{Kind: ErrorPermanent, Message: huge}})
	assertBounded(t, step.Err, strictjson.MaxError, "the recorded Step.Err")
	_, err = m.Finish(t0)
	assertBounded(t, err.Error(), strictjson.MaxError, "Finish's error")
}
