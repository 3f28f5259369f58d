// The tests of the refund demo on the provider: the program's output
// against its golden file, the refund loop end to end with its cost by
// role, the cost budget, the self-approval guard, and a rate-limited draft
// retried by the loop.
package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// Example describes one provider example to the shared tests. Every field
// but Update is required.
type Example struct {
	// Run is the program: it serves the fake endpoint and prints the demo
	// to w (RunOn).
	Run func(w io.Writer) error
	// Golden is the file holding Run's expected output, byte for byte;
	// with Update set, TestOutput rewrites it first.
	Golden string
	Update bool
	// Serve starts the example's fake endpoint playing the
	// script (reply.go); with rateLimitFirst its first request is answered with the
	// provider's 429 (retry after 0 s). The tests close it.
	Serve func(rateLimitFirst bool) Endpoint
	// NewRoles is the example's glue: the roles on the API at baseURL,
	// with the writer and the judge on the models named.
	NewRoles func(baseURL, writerModel, judgeModel string) (Roles, error)
	// Models are the writer's and the judge's models the example runs on
	// (different families); SameFamily a writer's model and a judge's
	// model of the same family (a provider-prefixed, dated name of it),
	// which the loop must refuse.
	Models, SameFamily [2]string
	// Cost is what one call of each role costs with the example's prices
	// and the script's usage.
	Cost loop.RoleCosts
}

// roles serves the script and builds the roles on it, on models.
func (e Example) roles(t *testing.T, rateLimitFirst bool, models [2]string) (Endpoint, Roles) {
	t.Helper()
	srv := e.Serve(rateLimitFirst)
	t.Cleanup(srv.Close)
	r, err := e.NewRoles(srv.URL(), models[0], models[1])
	if err != nil {
		t.Fatal(err)
	}
	return srv, r
}

// checkOutput runs the program and compares its output, byte for byte,
// with the golden file. Run with Update after an intended change, then
// review the diff.
func checkOutput(t *testing.T, e Example) {
	var buf bytes.Buffer
	if err := e.Run(&buf); err != nil {
		t.Fatal(err)
	}
	if e.Update {
		if err := os.WriteFile(e.Golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(e.Golden)
	if err != nil {
		t.Fatal(err)
	}
	if buf.String() != string(want) {
		t.Errorf("output differs from %s:\n%s", e.Golden, buf.String())
	}
}

// TestRefundLoopEndToEnd: the draft that promises money is revised on the
// judge's instruction and then passes, in 4 requests; every call's usage
// is priced and reported, per role.
func checkRefundLoopEndToEnd(t *testing.T, e Example) {
	srv, r := e.roles(t, false, e.Models)
	res, err := loop.RunLoop(context.Background(), Tasks()[0], r.Generator, r.Judge, r.Reviser)
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != loop.OutcomeSucceeded || res.Revisions != 1 || !strings.Contains(res.Candidate, "returns team for approval") {
		t.Fatalf("outcome %s, %d revisions, candidate %q", res.Outcome, res.Revisions, res.Candidate)
	}
	if srv.Count() != 4 {
		t.Errorf("%d requests, want 4 (generate, judge, revise, judge)", srv.Count())
	}
	want := loop.RoleCosts{Generate: e.Cost.Generate, Evaluate: 2 * e.Cost.Evaluate, Revise: e.Cost.Revise}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	got := res.CostByRole
	if !near(got.Generate, want.Generate) || !near(got.Evaluate, want.Evaluate) || !near(got.Revise, want.Revise) ||
		!near(res.Cost, want.Generate+want.Evaluate+want.Revise) {
		t.Errorf("cost %v by role %+v; want %+v", res.Cost, got, want)
	}
}

// TestMaxCostStopsTheLoop: a budget smaller than the first draft plus one
// judgment stops the loop with cost_budget before any revision.
func checkMaxCostStopsTheLoop(t *testing.T, e Example) {
	srv, r := e.roles(t, false, e.Models)
	budget := (e.Cost.Generate + e.Cost.Evaluate) / 2
	res, err := loop.RunLoop(context.Background(), Tasks()[0], r.Generator, r.Judge, r.Reviser, loop.WithMaxCost(budget))
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != loop.OutcomeFailed || res.StopReason != evaluator.StopCostBudget {
		t.Fatalf("outcome %s/%s, want failed/cost_budget", res.Outcome, res.StopReason)
	}
	if res.Revisions != 0 || srv.Count() != 2 {
		t.Errorf("%d revisions, %d requests; want 0 and 2", res.Revisions, srv.Count())
	}
}

// TestSameFamilyRefused: a judge on a dated snapshot of the writer's model
// is the same family; the loop refuses to start and no request is sent.
// With loop.AllowSameModel the same roles run.
func checkSameFamilyRefused(t *testing.T, e Example) {
	srv, r := e.roles(t, false, e.SameFamily)
	_, err := loop.RunLoop(context.Background(), Tasks()[0], r.Generator, r.Judge, r.Reviser)
	if !errors.Is(err, loop.ErrSameModel) {
		t.Fatalf("err = %v, want ErrSameModel", err)
	}
	if srv.Count() != 0 {
		t.Errorf("%d requests sent before the guard refused", srv.Count())
	}
	if _, err := loop.RunLoop(context.Background(), Tasks()[0], r.Generator, r.Judge, r.Reviser, loop.AllowSameModel()); err != nil {
		t.Fatal(err)
	}
}

// TestRateLimitedDraftRetriedOnce: a 429 on the first draft is retried by
// the loop alone: one extra request, one extra generate step.
func checkRateLimitedDraftRetriedOnce(t *testing.T, e Example) {
	srv, r := e.roles(t, true, e.Models)
	res, err := loop.RunLoop(context.Background(), Tasks()[0], r.Generator, r.Judge, r.Reviser, loop.WithRetry(3, 0))
	if err != nil {
		t.Fatal(err)
	}
	if srv.Count() != 5 {
		t.Errorf("%d requests, want 5 (429, then the 4 of a clean run)", srv.Count())
	}
	if res.Trace[0].Role != loop.RoleGenerate || res.Trace[0].Err == "" || res.Trace[1].Role != loop.RoleGenerate || res.Trace[1].Attempt != 2 {
		t.Errorf("trace does not show the failed and the retried generate: %+v", res.Trace[:2])
	}
}
