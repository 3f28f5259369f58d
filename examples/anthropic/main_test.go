package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/examples/anthropic/anthropicadapter"
	"github.com/evalopt/evalopt/examples/anthropic/internal/fakeanthropic"
	"github.com/evalopt/evalopt/loop"
)

var update = flag.Bool("update", false, "rewrite testdata/output.golden with the current output")

// TestOutput runs the program and compares its output, byte for byte, with
// testdata/output.golden. Run with -update after an intended change, then
// review the diff.
func TestOutput(t *testing.T) {
	var buf bytes.Buffer
	if err := run(&buf); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "output.golden")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if buf.String() != string(want) {
		t.Errorf("output differs from %s:\n%s", golden, buf.String())
	}
}

// fixture serves the scripted models and builds the roles on them.
func fixture(t *testing.T, h fakeanthropic.Handler) (*fakeanthropic.Server, roles) {
	t.Helper()
	srv := fakeanthropic.New(h)
	t.Cleanup(srv.Close)
	r, err := newRoles(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	return srv, r
}

// TestRefundLoopEndToEnd: the draft that promises money is revised on the
// judge's instruction and then passes; every call's usage is priced and
// reported, per role.
func TestRefundLoopEndToEnd(t *testing.T) {
	srv, r := fixture(t, models)
	res, err := loop.RunLoop(context.Background(), tasks()[0], r.gen, r.judge, r.rev)
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != loop.OutcomeSucceeded || res.Revisions != 1 || !strings.Contains(res.Candidate, "returns team for approval") {
		t.Fatalf("outcome %s, %d revisions, candidate %q", res.Outcome, res.Revisions, res.Candidate)
	}
	if srv.Count() != 4 {
		t.Errorf("%d requests, want 4 (generate, judge, revise, judge)", srv.Count())
	}
	// writer: 320 in, 60 out at 1.00/5.00; judge: 426 in + 1024 read from
	// cache, 210 out at 3.00/0.30/15.00; reviser: 520 in, 70 out.
	gen := (320*1.00 + 60*5.00) / 1e6
	judge := (426*3.00 + 1024*0.30 + 210*15.00) / 1e6
	rev := (520*1.00 + 70*5.00) / 1e6
	near := func(a, b float64) bool { return a-b < 1e-12 && b-a < 1e-12 }
	if !near(res.CostByRole.Generate, gen) || !near(res.CostByRole.Evaluate, 2*judge) || !near(res.CostByRole.Revise, rev) || !near(res.Cost, gen+2*judge+rev) {
		t.Errorf("cost %v by role %+v; want generate %v, evaluate %v, revise %v", res.Cost, res.CostByRole, gen, 2*judge, rev)
	}
}

// TestMaxCostStopsTheLoop: a budget smaller than the first draft plus one
// judgment stops the loop with cost_budget before any revision.
func TestMaxCostStopsTheLoop(t *testing.T) {
	srv, r := fixture(t, models)
	res, err := loop.RunLoop(context.Background(), tasks()[0], r.gen, r.judge, r.rev, loop.WithMaxCost(0.001))
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
func TestSameFamilyRefused(t *testing.T) {
	srv := fakeanthropic.New(models)
	defer srv.Close()
	sdk := anthropic.NewClient(option.WithBaseURL(srv.URL()), option.WithAPIKey("sk-ant-fake"))
	writer, err := anthropicadapter.New(sdk, anthropicadapter.Config{Model: "claude-sonnet-4-5"})
	if err != nil {
		t.Fatal(err)
	}
	judge, err := anthropicadapter.New(sdk, anthropicadapter.Config{Model: "anthropic/claude-sonnet-4-5@20250929"})
	if err != nil {
		t.Fatal(err)
	}
	gate := evaluator.Chain(evidenceStage(), judge.DecisionJudge())
	_, err = loop.RunLoop(context.Background(), tasks()[0], writer.Generator(writerInstructions), gate, writer.Reviser(reviserInstructions))
	if !errors.Is(err, loop.ErrSameModel) {
		t.Fatalf("err = %v, want ErrSameModel", err)
	}
	if srv.Count() != 0 {
		t.Errorf("%d requests sent before the guard refused", srv.Count())
	}
	// With AllowSameModel the same roles run.
	if _, err := loop.RunLoop(context.Background(), tasks()[0], writer.Generator(writerInstructions), gate, writer.Reviser(reviserInstructions), loop.AllowSameModel()); err != nil {
		t.Fatal(err)
	}
}

// TestRateLimitedDraftRetriedOnce: a 429 on the first draft is retried by
// the loop alone: one extra request, one extra generate step.
func TestRateLimitedDraftRetriedOnce(t *testing.T) {
	srv, r := fixture(t, func(req fakeanthropic.Request) fakeanthropic.Reply {
		if req.N == 1 {
			return fakeanthropic.RateLimited()
		}
		return models(req)
	})
	res, err := loop.RunLoop(context.Background(), tasks()[0], r.gen, r.judge, r.rev, loop.WithRetry(3, 0))
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
