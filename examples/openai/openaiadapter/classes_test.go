package openaiadapter_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/examples/openai/internal/fakeopenai"
	"github.com/evalopt/evalopt/examples/openai/openaiadapter"
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
		{http.StatusBadRequest, evaluator.ClassPermanent},
		{http.StatusUnauthorized, evaluator.ClassPermanent},
		{http.StatusForbidden, evaluator.ClassPermanent},
		{http.StatusNotFound, evaluator.ClassPermanent},
		{http.StatusUnprocessableEntity, evaluator.ClassPermanent},
	}
	for _, tc := range tests {
		t.Run(http.StatusText(tc.status), func(t *testing.T) {
			srv := serve(t, fakeopenai.Error(tc.status, "some_error", "some_code", "what the provider said"))
			_, err := client(t, srv, genModel, nil).Complete(context.Background(), "s", "u", nil)
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
	srv := serve(t, fakeopenai.Stall(), fakeopenai.Completion(genModel, "Thank you for your order.", fakeopenai.Usage{Prompt: 10, Completion: 5}))
	sdk := openai.NewClient(option.WithBaseURL(srv.URL()), option.WithAPIKey("sk-test"), option.WithRequestTimeout(100*time.Millisecond))
	c, err := openaiadapter.New(sdk, openaiadapter.Config{Model: genModel})
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
