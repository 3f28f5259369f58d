package adaptertest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// JudgeCase is one run of the decision judge inside RunLoop against a
// sequence of replies (see RunJudgeCases).
type JudgeCase struct {
	Name string
	// Replies are the endpoint's replies in order; the last repeats.
	Replies []fakeapi.Reply
	// Requests is how many HTTP requests the run must send, each one an
	// evaluate attempt in the trace.
	Requests int
	// Check, when set, checks the run's error, which must then be
	// permanent when Permanent is set and transient otherwise; without
	// Check the run must succeed.
	Check     func(t *testing.T, err error)
	Permanent bool
}

// JudgeCases are the cases every adapter shares: a success, each of
// p.Transient then a success, and a dropped connection then a success.
// Add the provider's own (its 400 and 401 bodies, refusals, truncations).
func JudgeCases(p Provider) []JudgeCase {
	pass, _ := json.Marshal(PassDecision()) // plain fields: cannot fail
	ok := p.Reply(p.JudgeModel, p.DecisionName, string(pass))
	cases := []JudgeCase{{Name: "success", Replies: []fakeapi.Reply{ok}, Requests: 1}}
	for i, r := range p.Transient {
		cases = append(cases, JudgeCase{Name: fmt.Sprintf("HTTP %d (#%d) then success", r.Status, i+1), Replies: []fakeapi.Reply{r, ok}, Requests: 2})
	}
	return append(cases, JudgeCase{Name: "connection dropped then success", Replies: []fakeapi.Reply{fakeapi.Hangup(), ok}, Requests: 2})
}

// RunJudgeCases runs p's decision judge inside RunLoop with WithRetry(3)
// on each case and counts the HTTP requests the endpoint saw: a transient
// error is retried by the loop alone (the SDK's retries are off), a
// permanent one is sent exactly once, the trace shows one evaluate attempt
// per request, and the error keeps what the provider said.
func RunJudgeCases(t *testing.T, p Provider, cases []JudgeCase) {
	gen := loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) {
		return "We have sent your request to the returns team.", nil
	})
	rev := loop.ReviserFunc[string](func(_ context.Context, _ evaluator.Task, c string, _ evaluator.EvaluationDecision) (string, error) {
		return c, nil
	})
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			srv := p.serve(t, tc.Replies...)
			judge := p.client(t, srv, p.JudgeModel).DecisionJudge()
			res, err := loop.RunLoop(context.Background(), RefundTask(), gen, judge, rev, loop.WithRetry(3, 0))
			if got := srv.Count(); got != tc.Requests {
				t.Errorf("server saw %d requests, want %d", got, tc.Requests)
			}
			evals := 0
			for _, s := range res.Trace {
				if s.Role == loop.RoleEvaluate {
					evals++
				}
			}
			if evals != tc.Requests {
				t.Errorf("trace has %d evaluate attempts for %d HTTP requests", evals, tc.Requests)
			}
			if tc.Check == nil {
				if err != nil || res.Outcome != loop.OutcomeSucceeded {
					t.Fatalf("outcome %s, err %v; want success", res.Outcome, err)
				}
				return
			}
			if err == nil {
				t.Fatalf("outcome %s with no error", res.Outcome)
			}
			want := provider.ClassTransient
			if tc.Permanent {
				want = provider.ClassPermanent
			}
			if got := provider.Classify(err); got != want {
				t.Errorf("Classify = %v, want %v (%v)", got, want, err)
			}
			tc.Check(t, err)
		})
	}
}

// ProviderError returns a JudgeCase check that err is an
// *provider.ProviderError from p with the status, code and message the
// server sent and a request id, transient or not as said.
func ProviderError(p Provider, status int, code, message string, transient bool) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		t.Helper()
		var pe *provider.ProviderError
		if !errors.As(err, &pe) {
			t.Fatalf("error %v (%T): want an *provider.ProviderError", err, err)
		}
		if pe.Provider != p.Name || pe.StatusCode != status || pe.Code != code || !strings.Contains(pe.Message, message) || !strings.HasPrefix(pe.RequestID, "req_fake") {
			t.Errorf("got %q status %d code %q message %q request id %q; want %s %d %q %q req_fake…", pe.Provider, pe.StatusCode, pe.Code, pe.Message, pe.RequestID, p.Name, status, code, message)
		}
		if got := provider.Classify(err); (got == provider.ClassTransient) != transient {
			t.Errorf("Classify = %v, want transient %v", got, transient)
		}
	}
}

// RefusalError returns a JudgeCase check that err is an
// *provider.RefusalError (matching provider.ErrRefused) from p whose text
// holds each of texts, with the first request's id.
func RefusalError(p Provider, texts ...string) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		t.Helper()
		var re *provider.RefusalError
		if !errors.As(err, &re) || !errors.Is(err, provider.ErrRefused) || re.Provider != p.Name || re.RequestID != fakeapi.RequestID(1) {
			t.Fatalf("error %v: want a %s *RefusalError with the request id", err, p.Name)
		}
		for _, s := range texts {
			if !strings.Contains(re.Text, s) {
				t.Errorf("refusal text %q lacks %q", re.Text, s)
			}
		}
	}
}

// TruncatedError returns a JudgeCase check that err is an
// *provider.TruncatedError (matching provider.ErrTruncated) with the
// partial text, the provider's reason and the first request's id.
func TruncatedError(reason, partial string) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		t.Helper()
		var te *provider.TruncatedError
		if !errors.As(err, &te) || !errors.Is(err, provider.ErrTruncated) || te.Text != partial || te.Reason != reason || te.RequestID != fakeapi.RequestID(1) {
			t.Errorf("error %v: want a *TruncatedError %q with the partial text %q and the request id", err, reason, partial)
		}
	}
}
