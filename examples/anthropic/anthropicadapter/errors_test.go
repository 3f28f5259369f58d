package anthropicadapter_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/examples/anthropic/anthropicadapter"
	"github.com/evalopt/evalopt/examples/anthropic/internal/fakeanthropic"
	"github.com/evalopt/evalopt/internal/fakeapi"
	"github.com/evalopt/evalopt/loop"
)

// TestJudgeErrorsInLoop runs the decision judge inside RunLoop with
// WithRetry(3) against each recorded failure and counts the HTTP requests
// the server saw: a transient error is retried by the loop alone (the SDK's
// retries are off), a permanent one is sent exactly once, and the error
// keeps what the provider said.
func TestJudgeErrorsInLoop(t *testing.T) {
	u := fakeanthropic.Usage{Input: 10, Output: 10}
	ok := fakeanthropic.ToolUse(judgeModel, anthropicadapter.DecisionTool, decisionJSON(t, passDecision), u)
	tests := []struct {
		name      string
		replies   []fakeanthropic.Reply
		requests  int
		permanent bool
		check     func(t *testing.T, err error)
	}{
		{name: "success", replies: []fakeanthropic.Reply{ok}, requests: 1},
		{name: "429 then success", replies: []fakeanthropic.Reply{fakeanthropic.RateLimited(), ok}, requests: 2},
		{name: "529 overloaded then success", replies: []fakeanthropic.Reply{fakeanthropic.Overloaded(), ok}, requests: 2},
		{name: "connection dropped then success", replies: []fakeanthropic.Reply{fakeapi.Hangup(), ok}, requests: 2},
		{name: "forced tool not called, then called", replies: []fakeanthropic.Reply{fakeanthropic.Text(judgeModel, "Looks fine.", u), ok}, requests: 2},
		{name: "500 every time", replies: []fakeanthropic.Reply{fakeanthropic.ServerError()}, requests: 3,
			check: providerError(500, "api_error", "Internal server error", true)},
		{name: "400", replies: []fakeanthropic.Reply{fakeanthropic.BadRequest()}, requests: 1, permanent: true,
			check: providerError(400, "invalid_request_error", "prompt is too long", false)},
		{name: "401", replies: []fakeanthropic.Reply{fakeanthropic.Unauthorized()}, requests: 1, permanent: true,
			check: providerError(401, "authentication_error", "invalid x-api-key", false)},
		{name: "refusal", replies: []fakeanthropic.Reply{fakeanthropic.Refusal(judgeModel, "I can't help with that.", "The request asks for malware.", u)},
			requests: 1, permanent: true, check: func(t *testing.T, err error) {
				var re *evaluator.RefusalError
				if !errors.As(err, &re) || !strings.Contains(re.Text, "I can't help with that.") || !strings.Contains(re.Text, "malware") || re.RequestID != "req_fake0001" || re.Provider != "anthropic" {
					t.Errorf("error %v: want a *RefusalError with the model's text, the explanation and the request id", err)
				}
				if !errors.Is(err, evaluator.ErrRefused) {
					t.Errorf("error %v does not match evaluator.ErrRefused", err)
				}
			}},
		{name: "truncation", replies: []fakeanthropic.Reply{fakeanthropic.Truncated(judgeModel, `{"status":"pa`, fakeanthropic.Usage{Input: 10, Output: 4096})},
			requests: 1, permanent: true, check: func(t *testing.T, err error) {
				var te *evaluator.TruncatedError
				if !errors.As(err, &te) || te.Text != `{"status":"pa` || te.Reason != "max_tokens" || te.RequestID != "req_fake0001" {
					t.Errorf("error %v: want a *TruncatedError with the partial text and request id", err)
				}
				if !errors.Is(err, evaluator.ErrTruncated) {
					t.Errorf("error %v does not match evaluator.ErrTruncated", err)
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := serve(t, tc.replies...)
			judge := client(t, srv, judgeModel, anthropicadapter.ModeTool, nil).DecisionJudge()
			gen := loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) {
				return "We have sent your request to the returns team.", nil
			})
			rev := loop.ReviserFunc[string](func(_ context.Context, _ evaluator.Task, c string, _ evaluator.EvaluationDecision) (string, error) {
				return c, nil
			})
			res, err := loop.RunLoop(context.Background(), refundTask(), gen, judge, rev, loop.WithRetry(3, 0))
			if got := srv.Count(); got != tc.requests {
				t.Errorf("server saw %d requests, want %d", got, tc.requests)
			}
			evals := 0
			for _, s := range res.Trace {
				if s.Role == loop.RoleEvaluate {
					evals++
				}
			}
			if evals != tc.requests {
				t.Errorf("trace has %d evaluate attempts for %d HTTP requests", evals, tc.requests)
			}
			if tc.check == nil {
				if err != nil || res.Outcome != loop.OutcomeSucceeded {
					t.Fatalf("outcome %s, err %v; want success", res.Outcome, err)
				}
				return
			}
			if err == nil {
				t.Fatalf("outcome %s with no error", res.Outcome)
			}
			want := evaluator.ClassTransient
			if tc.permanent {
				want = evaluator.ClassPermanent
			}
			if got := evaluator.Classify(err); got != want {
				t.Errorf("Classify = %v, want %v (%v)", got, want, err)
			}
			tc.check(t, err)
		})
	}
}

// providerError checks that err is an *evaluator.ProviderError with the
// status, error type and message the server sent, its request id, and the
// classification.
func providerError(status int, code, message string, transient bool) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		t.Helper()
		var pe *evaluator.ProviderError
		if !errors.As(err, &pe) {
			t.Fatalf("error %v (%T): want an *evaluator.ProviderError", err, err)
		}
		if pe.Provider != "anthropic" || pe.StatusCode != status || pe.Code != code || !strings.Contains(pe.Message, message) || !strings.HasPrefix(pe.RequestID, "req_fake") {
			t.Errorf("got %q status %d code %q message %q request id %q; want anthropic %d %q %q req_fake…", pe.Provider, pe.StatusCode, pe.Code, pe.Message, pe.RequestID, status, code, message)
		}
		if evaluator.IsTransient(err) != transient {
			t.Errorf("IsTransient = %v, want %v", evaluator.IsTransient(err), transient)
		}
	}
}

// TestSDKRetriesOff calls the client directly: the SDK was built with its
// default of 2 retries, and a transient failure must still be one request
// (and classified transient, so that the loop retries it).
func TestSDKRetriesOff(t *testing.T) {
	for _, r := range []fakeanthropic.Reply{fakeanthropic.ServerError(), fakeanthropic.RateLimited(), fakeanthropic.Overloaded(), fakeapi.Hangup()} {
		srv := serve(t, r)
		_, err := client(t, srv, genModel, anthropicadapter.ModeTool, nil).Complete(context.Background(), "s", "u", nil)
		if err == nil {
			t.Fatal("no error")
		}
		if srv.Count() != 1 {
			t.Errorf("%d requests for one call, want 1: the SDK retried", srv.Count())
		}
		if !evaluator.IsTransient(err) {
			t.Errorf("error %v: class %v, want transient", err, evaluator.Classify(err))
		}
	}
}
