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

func TestRetry(t *testing.T) {
	tests := []struct {
		name     string
		failures int   // the generator fails this many times first
		err      error // with this error
		attempts int
		outcome  Outcome
		calls    int
	}{
		{name: "no retry by default", failures: 1, err: errBoom, attempts: 0, outcome: OutcomeFailed, calls: 1},
		{name: "transient error recovers", failures: 2, err: errBoom, attempts: 3, outcome: OutcomeSucceeded, calls: 3},
		{name: "attempts exhausted", failures: 5, err: errBoom, attempts: 3, outcome: OutcomeFailed, calls: 3},
		{name: "permanent error is not retried", failures: 5, err: provider.Permanent(errBoom), attempts: 3, outcome: OutcomeFailed, calls: 1},
		{name: "wrapped permanent error is not retried", failures: 5, err: fmt.Errorf("client: %w", provider.Permanent(errBoom)), attempts: 3, outcome: OutcomeFailed, calls: 1},
		{name: "canceled context error is not retried", failures: 5, err: fmt.Errorf("rpc: %w", context.Canceled), attempts: 3, outcome: OutcomeFailed, calls: 1},
		// A role's own per-call timeout is transient; the loop's and the
		// caller's deadlines end the loop instead (see TestRetryBackoffRespectsContext).
		{name: "per-call deadline is retried", failures: 2, err: fmt.Errorf("rpc: %w", context.DeadlineExceeded), attempts: 3, outcome: OutcomeSucceeded, calls: 3},
		{name: "provider 429 is retried", failures: 2, err: &provider.ProviderError{Provider: "openai", StatusCode: 429}, attempts: 3, outcome: OutcomeSucceeded, calls: 3},
		{name: "provider 400 is not retried", failures: 5, err: &provider.ProviderError{Provider: "openai", StatusCode: 400, Code: "invalid_request_error"}, attempts: 3, outcome: OutcomeFailed, calls: 1},
		{name: "provider 401 is not retried", failures: 5, err: &provider.ProviderError{Provider: "anthropic", StatusCode: 401}, attempts: 3, outcome: OutcomeFailed, calls: 1},
		{name: "refusal is not retried", failures: 5, err: &provider.RefusalError{Provider: "openai", Text: "I can't help with that."}, attempts: 3, outcome: OutcomeFailed, calls: 1},
		{name: "truncation is not retried", failures: 5, err: &provider.TruncatedError{Provider: "anthropic", Reason: "max_tokens"}, attempts: 3, outcome: OutcomeFailed, calls: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &script{genHook: func(_ context.Context, n int) (string, error) {
				if n < tt.failures {
					return "", tt.err
				}
				return "draft-0", nil
			}}
			var opts []Option
			if tt.attempts > 0 {
				opts = append(opts, WithRetry(tt.attempts, 0))
			}
			res, err := s.run(context.Background(), refundTask, opts...)
			assert.Equal(t, tt.outcome, res.Outcome)
			if tt.outcome == OutcomeFailed {
				assert.ErrorIs(t, err, innermost(tt.err))
				assert.Equal(t, evaluator.StopError, res.StopReason)
			}
			gens, _, _ := s.calls()
			assert.Equal(t, tt.calls, gens)
			checkConsistent(t, res, err)
			for i := 0; i < gens; i++ {
				assert.Equal(t, i+1, res.Trace[i].Attempt)
			}
		})
	}
}

func innermost(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}

func TestPermanent(t *testing.T) {
	assert.Nil(t, provider.Permanent(nil))
	p := provider.Permanent(errBoom)
	assert.Equal(t, errBoom.Error(), p.Error())
	assert.ErrorIs(t, p, errBoom)
	assert.Equal(t, provider.ClassPermanent, provider.Classify(fmt.Errorf("x: %w", p)))
	assert.NotEqual(t, provider.ClassPermanent, provider.Classify(errBoom))
}

// TestRetryBackoffRespectsContext: a long backoff ends as soon as the
// loop's timeout fires.
func TestRetryBackoffRespectsContext(t *testing.T) {
	s := &script{genHook: func(context.Context, int) (string, error) { return "", errBoom }}
	start := time.Now()
	res, err := s.run(context.Background(), refundTask, WithRetry(3, time.Hour), WithTimeout(20*time.Millisecond))
	assert.Less(t, time.Since(start), 10*time.Second)
	require.NoError(t, err)
	assert.Equal(t, evaluator.StopTimeout, res.StopReason)
	gens, _, _ := s.calls()
	assert.Equal(t, 1, gens)
}

func TestRetryBackoffDoubles(t *testing.T) {
	assert.Equal(t, 4*time.Millisecond, doubled(2*time.Millisecond))
	assert.Equal(t, time.Duration(1<<63-1), doubled(time.Duration(1<<62)))
	var starts []time.Time
	s := &script{genHook: func(context.Context, int) (string, error) {
		starts = append(starts, time.Now())
		return "", errBoom
	}}
	_, err := s.run(context.Background(), refundTask, WithRetry(3, 10*time.Millisecond))
	require.ErrorIs(t, err, errBoom)
	require.Len(t, starts, 3)
	assert.GreaterOrEqual(t, starts[1].Sub(starts[0]), 10*time.Millisecond)
	assert.GreaterOrEqual(t, starts[2].Sub(starts[1]), 20*time.Millisecond)
}
