// Command openai runs the refund loop of examples/refund with every model
// role on OpenAI's Chat Completions API through the official SDK
// (github.com/openai/openai-go/v3) and the openaiadapter package: a writer
// model drafts and revises, a judge model on another family returns
// decisions under a strict json_schema response format, and a deterministic
// evidence stage runs before the judge.
//
// The SDK talks to an in-process fake of the endpoint (internal/fakeopenai)
// that checks each request against the strict-mode rules and plays the
// models, so the program needs no key and no network. To use the real API,
// build the SDK client with option.WithAPIKey (or OPENAI_API_KEY) and drop
// option.WithBaseURL. Run it with
//
//	cd examples/openai && go run .
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/examples/openai/internal/fakeopenai"
	"github.com/evalopt/evalopt/examples/openai/openaiadapter"
	"github.com/evalopt/evalopt/loop"
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "openai:", err)
		os.Exit(1)
	}
}

// The writer and the judge run on different model families: the loop's
// self-approval guard refuses a judge on the writer's family.
const (
	writerModel = "gpt-4.1-mini"
	judgeModel  = "gpt-4.1"
)

// prices are the caller's prices per million tokens, in US dollars.
var prices = evaluator.PriceTable{
	writerModel: {Input: 0.40, CachedInput: 0.10, Output: 1.60},
	judgeModel:  {Input: 2.00, CachedInput: 0.50, Output: 8.00},
}

const (
	writerInstructions  = "You write customer-support replies. Be kind and exact; never promise a refund or money before the returns team approves it."
	reviserInstructions = "You revise customer-support replies. Apply every instruction; keep the rest of the reply as it is."
)

// roles are the loop's roles, wired to the API at baseURL.
type roles struct {
	gen   *openaiadapter.Generator
	rev   *openaiadapter.Reviser
	judge evaluator.Evaluator[string]
}

// newRoles builds the roles on one SDK client. The SDK's own retries are
// turned off by the adapter on every request; retries belong to the loop.
func newRoles(baseURL string) (roles, error) {
	sdk := openai.NewClient(option.WithBaseURL(baseURL), option.WithAPIKey("sk-fake"))
	writer, err := openaiadapter.New(sdk, openaiadapter.Config{Model: writerModel, Prices: prices})
	if err != nil {
		return roles{}, err
	}
	judge, err := openaiadapter.New(sdk, openaiadapter.Config{Model: judgeModel, Prices: prices})
	if err != nil {
		return roles{}, err
	}
	return roles{
		gen:   writer.Generator(writerInstructions),
		rev:   writer.Reviser(reviserInstructions),
		judge: evaluator.Chain(evidenceStage(), judge.DecisionJudge()), // blockers first
	}, nil
}

// run serves the fake endpoint, runs both refund tasks through the loop and
// prints each trace and outcome to w. The output is the same on every run.
func run(w io.Writer) error {
	srv := fakeopenai.New(models)
	defer srv.Close()
	r, err := newRoles(srv.URL())
	if err != nil {
		return err
	}
	for i, t := range tasks() {
		if i > 0 {
			fmt.Fprintln(w)
		}
		before := srv.Count()
		res, err := loop.RunLoop(context.Background(), t, r.gen, r.judge, r.rev,
			loop.WithMaxRevisions(2), loop.WithRetry(3, 0), loop.WithMaxCost(0.05))
		printTask(w, t)
		if err := printTrace(w, res.Trace); err != nil {
			return err
		}
		printOutcome(w, res, srv.Count()-before)
		if err != nil {
			return fmt.Errorf("task %s: %w", t.ID, err)
		}
	}
	return nil
}

func printTask(w io.Writer, t evaluator.Task) {
	ids := make([]string, len(t.Evidence))
	for i, e := range t.Evidence {
		ids[i] = e.ID
	}
	fmt.Fprintf(w, "== %s: %s\n   evidence: %s\n\n", t.ID, t.Input, strings.Join(ids, ", "))
}

// printTrace prints one row per role call: role, attempt, verdict, score,
// cost, and what the call produced or asked for.
func printTrace(w io.Writer, trace []loop.Step[string]) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "step\trole\ttry\tstatus\tscore\tcost USD\tdetail")
	for _, s := range trace {
		status, score, detail := "-", "-", fmt.Sprintf("%q", s.Candidate)
		if s.Role == loop.RoleEvaluate {
			status, score = string(s.Decision.Status), fmt.Sprintf("%.2f", s.Decision.Score)
			detail = decisionDetail(s.Decision)
		}
		if s.Err != "" {
			detail = "error: " + s.Err
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%s\t%.6f\t%s\n", s.Index, s.Role, s.Attempt, status, score, s.Cost, detail)
	}
	return tw.Flush()
}

// decisionDetail summarises a decision: failed criteria, blocking failures
// and instructions, or the criteria that passed.
func decisionDetail(d evaluator.EvaluationDecision) string {
	var parts, failed, passed []string
	for _, c := range d.Criteria {
		if c.Passed {
			passed = append(passed, c.Name)
		} else {
			failed = append(failed, c.Name)
		}
	}
	if len(failed) > 0 {
		parts = append(parts, "failed: "+strings.Join(failed, ", "))
	}
	if len(d.BlockingFailures) > 0 {
		parts = append(parts, "blocking: "+strings.Join(d.BlockingFailures, ", "))
	}
	if len(d.RevisionInstructions) > 0 {
		parts = append(parts, "instructions: "+strings.Join(d.RevisionInstructions, " "))
	}
	if len(parts) == 0 {
		parts = append(parts, "passed: "+strings.Join(passed, ", "))
	}
	return strings.Join(parts, "; ")
}

func printOutcome(w io.Writer, res loop.Result[string], requests int) {
	fmt.Fprintf(w, "\noutcome: %s (stop reason %s), %d revision(s), %d step(s), %d API request(s)\n",
		res.Outcome, res.StopReason, res.Revisions, len(res.Trace), requests)
	fmt.Fprintf(w, "cost: %.6f USD (generate %.6f, evaluate %.6f, revise %.6f)\n",
		res.Cost, res.CostByRole.Generate, res.CostByRole.Evaluate, res.CostByRole.Revise)
	if res.Outcome == loop.OutcomeSucceeded {
		fmt.Fprintf(w, "reply to send (judged at step %d):\n  %s\n", res.CandidateStep, res.Candidate)
		return
	}
	if len(res.Decision.BlockingFailures) > 0 {
		fmt.Fprintf(w, "blocking failures: %s\n", strings.Join(res.Decision.BlockingFailures, ", "))
	}
	for _, instr := range res.Decision.RevisionInstructions {
		fmt.Fprintf(w, "next: %s\n", instr)
	}
	fmt.Fprintln(w, "no reply is sent.")
}
