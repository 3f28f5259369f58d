package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	anthropicadapter "github.com/evalopt/evalopt/adapters/anthropic"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// Roles are the loop's three roles, as a provider example builds them on
// its model client.
type Roles struct {
	Generator loop.Generator[string]
	Judge     evaluator.Evaluator[string]
	Reviser   loop.Reviser[string]
}

// NewRoles builds the demo's roles with newClient, the example's provider
// glue (an adapter client on model): the writer model drafts with
// WriterInstructions and revises with ReviserInstructions, and the judge
// model's decision judge runs after EvidenceStage, blockers first.
func NewRoles(writerModel, judgeModel string, newClient func(model string) (*anthropicadapter.Client, error)) (Roles, error) {
	writer, err := newClient(writerModel)
	if err != nil {
		return Roles{}, err
	}
	judge, err := newClient(judgeModel)
	if err != nil {
		return Roles{}, err
	}
	return Roles{
		Generator: writer.Generator(WriterInstructions),
		Judge:     evaluator.Chain(EvidenceStage(), judge.DecisionJudge()),
		Reviser:   writer.Reviser(ReviserInstructions),
	}, nil
}

// Endpoint is a running fake of a provider's API, as the examples'
// fakes (a fakeapi.Server) are: its base URL, the number of requests it
// received so far, and Close.
type Endpoint interface {
	URL() string
	Count() int
	Close()
}

// RunOn runs the demo against srv and closes it: the roles are
// newRoles(srv.URL()), built by the example's provider glue, and the run
// and its output are Run's, with srv.Count as the request count.
func RunOn(w io.Writer, srv Endpoint, newRoles func(baseURL string) (Roles, error)) error {
	defer srv.Close()
	r, err := newRoles(srv.URL())
	if err != nil {
		return err
	}
	return Run(w, r, srv.Count)
}

// Run runs both Tasks through loop.RunLoop with r (at most 2 revisions, 3
// attempts per role call with no backoff, at most 0.05 USD per task) and
// prints to w, per task, its input and evidence, one row per trace step,
// and the outcome with its cost by role and the number of API requests,
// which requests (the fake server's count so far) tells. The output is the
// same on every run with the same roles. A task whose loop fails ends the
// run with its error, after its trace is printed.
func Run(w io.Writer, r Roles, requests func() int) error {
	if r.Generator == nil || r.Judge == nil || r.Reviser == nil || requests == nil {
		return errors.New("Run: Roles.Generator, Roles.Judge, Roles.Reviser and requests are required")
	}
	for i, t := range Tasks() {
		if i > 0 {
			fmt.Fprintln(w)
		}
		before := requests()
		res, err := loop.RunLoop(context.Background(), t, r.Generator, r.Judge, r.Reviser,
			loop.WithMaxRevisions(2), loop.WithRetry(3, 0), loop.WithMaxCost(0.05))
		printTask(w, t)
		if err := printTrace(w, res.Trace); err != nil {
			return err
		}
		printOutcome(w, res, requests()-before)
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
			detail = DecisionDetail(s.Decision)
		}
		if s.Err != "" {
			detail = "error: " + s.Err
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%s\t%.6f\t%s\n", s.Index, s.Role, s.Attempt, status, score, s.Cost, detail)
	}
	return tw.Flush()
}

// DecisionDetail summarises a decision for a trace table: failed criteria,
// blocking failures and instructions, or the criteria that passed. The
// refund examples print it.
func DecisionDetail(d evaluator.EvaluationDecision) string {
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
