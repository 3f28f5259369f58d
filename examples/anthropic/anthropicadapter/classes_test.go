package anthropicadapter_test

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/examples/anthropic/anthropicadapter"
	"github.com/evalopt/evalopt/examples/anthropic/internal/fakeanthropic"
	"github.com/evalopt/evalopt/loop"
)

// TestStatusClasses sends one request per HTTP status and checks the class
// evaluator.Classify gives the adapter's error, and that the SDK did not
// retry any of them.
func TestStatusClasses(t *testing.T) {
	tests := []struct {
		status int
		want   evaluator.ErrorClass
	}{
		{http.StatusRequestTimeout, evaluator.ClassTransient},
		{http.StatusConflict, evaluator.ClassTransient},
		{http.StatusTooManyRequests, evaluator.ClassTransient},
		{http.StatusInternalServerError, evaluator.ClassTransient},
		{http.StatusBadGateway, evaluator.ClassTransient},
		{http.StatusServiceUnavailable, evaluator.ClassTransient},
		{529, evaluator.ClassTransient}, // overloaded
		{http.StatusBadRequest, evaluator.ClassPermanent},
		{http.StatusUnauthorized, evaluator.ClassPermanent},
		{http.StatusForbidden, evaluator.ClassPermanent},
		{http.StatusNotFound, evaluator.ClassPermanent},
		{http.StatusUnprocessableEntity, evaluator.ClassPermanent},
	}
	for _, tc := range tests {
		t.Run(http.StatusText(tc.status)+"_"+strconv.Itoa(tc.status), func(t *testing.T) {
			srv := serve(t, fakeanthropic.Error(tc.status, "some_error", "what the provider said"))
			_, err := client(t, srv, genModel, anthropicadapter.ModeTool, nil).Complete(context.Background(), "s", "u", nil)
			var pe *evaluator.ProviderError
			if !errors.As(err, &pe) || pe.StatusCode != tc.status || pe.Message != "what the provider said" {
				t.Fatalf("err = %v, want a *ProviderError with status %d and the message", err, tc.status)
			}
			if got := evaluator.Classify(err); got != tc.want {
				t.Errorf("Classify = %v, want %v", got, tc.want)
			}
			if srv.Count() != 1 {
				t.Errorf("%d requests, want 1", srv.Count())
			}
		})
	}
}

// TestCallTimeoutRetriedByLoop: a call that times out (the SDK's
// per-request timeout) is transient; the loop retries it and the second
// request succeeds.
func TestCallTimeoutRetriedByLoop(t *testing.T) {
	srv := serve(t, fakeanthropic.Stall(), fakeanthropic.Text(genModel, "Thank you for your order.", fakeanthropic.Usage{Input: 10, Output: 5}))
	sdk := anthropic.NewClient(option.WithBaseURL(srv.URL()), option.WithAPIKey("sk-ant-test"), option.WithRequestTimeout(100*time.Millisecond))
	c, err := anthropicadapter.New(sdk, anthropicadapter.Config{Model: genModel})
	if err != nil {
		t.Fatal(err)
	}
	pass := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return passDecision, nil
	})
	res, err := loop.RunLoop(context.Background(), refundTask(), c.Generator("You write."), pass, c.Reviser("You revise."), loop.WithRetry(3, 0))
	if err != nil || res.Outcome != loop.OutcomeSucceeded {
		t.Fatalf("outcome %s, err %v; want success after one retry", res.Outcome, err)
	}
	if srv.Count() != 2 || res.Trace[0].Err == "" || res.Trace[1].Attempt != 2 {
		t.Errorf("%d requests, trace %+v; want a timed-out attempt, then a retry", srv.Count(), res.Trace)
	}
}
