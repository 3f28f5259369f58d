package adaptertest

import (
	"context"
	"errors"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// standardStatuses are the HTTP statuses every adapter must classify, with
// the class provider.Classify must give the adapter's error.
var standardStatuses = map[int]provider.ErrorClass{
	http.StatusRequestTimeout:      provider.ClassTransient,
	http.StatusConflict:            provider.ClassTransient,
	http.StatusTooManyRequests:     provider.ClassTransient,
	http.StatusInternalServerError: provider.ClassTransient,
	http.StatusBadGateway:          provider.ClassTransient,
	http.StatusServiceUnavailable:  provider.ClassTransient,
	http.StatusBadRequest:          provider.ClassPermanent,
	http.StatusUnauthorized:        provider.ClassPermanent,
	http.StatusForbidden:           provider.ClassPermanent,
	http.StatusNotFound:            provider.ClassPermanent,
	http.StatusUnprocessableEntity: provider.ClassPermanent,
}

// passJudge passes every candidate with PassDecision.
var passJudge = evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
	return PassDecision(), nil
})

// TestStatusClasses sends one request per HTTP status (the standard ones
// and p.Statuses) and checks that the adapter returns an
// *provider.ProviderError with the status and the provider's message,
// classified as the loop needs, after exactly one request: the SDK did
// not retry.
func TestStatusClasses(t *testing.T, p Provider) {
	statuses := map[int]provider.ErrorClass{}
	for _, m := range []map[int]provider.ErrorClass{standardStatuses, p.Statuses} {
		for s, c := range m {
			statuses[s] = c
		}
	}
	for _, status := range slices.Sorted(maps.Keys(statuses)) {
		want := statuses[status]
		t.Run(strconv.Itoa(status), func(t *testing.T) {
			srv := p.serve(t, p.Error(status, "some_code", "what the provider said"))
			_, err := p.client(t, srv, p.GenModel).Generator("s").Generate(context.Background(), RefundTask())
			var pe *provider.ProviderError
			if !errors.As(err, &pe) || pe.StatusCode != status || pe.Message != "what the provider said" || pe.Provider != p.Name {
				t.Fatalf("err = %v, want a %s *ProviderError with status %d and the message", err, p.Name, status)
			}
			if got := provider.Classify(err); got != want {
				t.Errorf("Classify = %v, want %v", got, want)
			}
			if srv.Count() != 1 {
				t.Errorf("%d requests, want 1", srv.Count())
			}
		})
	}
}

// TestSDKRetriesOff sends one call per transient failure (p.Transient and
// a dropped connection) through a client whose SDK keeps its default
// retries: each must be one request, classified transient so that the
// loop retries it.
func TestSDKRetriesOff(t *testing.T, p Provider) {
	for i, r := range append(append([]fakeapi.Reply(nil), p.Transient...), fakeapi.Hangup()) {
		srv := p.serve(t, r)
		_, err := p.client(t, srv, p.GenModel).Generator("s").Generate(context.Background(), RefundTask())
		if err == nil {
			t.Fatalf("failure %d: no error", i)
		}
		if srv.Count() != 1 {
			t.Errorf("failure %d: %d requests for one call, want 1: the SDK retried", i, srv.Count())
		}
		if provider.Classify(err) != provider.ClassTransient {
			t.Errorf("failure %d: error %v: class %v, want transient", i, err, provider.Classify(err))
		}
	}
}

// TestCallTimeoutRetriedByLoop: a call that times out (the SDK's
// per-request timeout) is transient; the loop retries it and the second
// request succeeds.
func TestCallTimeoutRetriedByLoop(t *testing.T, p Provider) {
	srv := p.serve(t, fakeapi.Stall(), p.Text(p.GenModel, "Thank you for your order."))
	c := p.Client(t, srv.URL(), p.GenModel, nil, 100*time.Millisecond)
	res, err := loop.RunLoop(context.Background(), RefundTask(), c.Generator("You write."), passJudge, c.Reviser("You revise."), loop.WithRetry(3, 0))
	if err != nil || res.Outcome != loop.OutcomeSucceeded {
		t.Fatalf("outcome %s, err %v; want success after one retry", res.Outcome, err)
	}
	if srv.Count() != 2 || res.Trace[0].Err == "" || res.Trace[1].Attempt != 2 {
		t.Errorf("%d requests, trace %+v; want a timed-out attempt, then a retry", srv.Count(), res.Trace)
	}
}

// TestNewRejectsBadOptions checks that the adapter's constructor refuses an
// empty model, a negative reply cap and a model its price table cannot
// price, each with an error naming the field and matching
// evaluator.ErrInvalidOption.
func TestNewRejectsBadOptions(t *testing.T, p Provider) {
	prices := provider.PriceTable{p.GenModel: {Input: 1, Output: 1}}
	tests := []struct {
		name      string
		model     string
		maxTokens int64
		prices    provider.PriceTable
		want      string
	}{
		{"no model", "  ", 0, nil, "Config.Model"},
		{"negative max tokens", p.GenModel, -1, nil, "Config.MaxTokens"},
		{"model not priced", "no-such-model", 0, prices, "Config.Prices"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := p.New(tc.model, tc.maxTokens, tc.prices)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, evaluator.ErrInvalidOption) {
				t.Fatalf("New = %v; want an error naming %s, matching evaluator.ErrInvalidOption", err, tc.want)
			}
		})
	}
	if err := p.New(p.GenModel, 0, prices); err != nil {
		t.Errorf("valid options: %v", err)
	}
}
