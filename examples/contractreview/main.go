// Command contractreview is a newcomer's tour of evalopt on a real
// deliverable: a review memo on a Data Processing Agreement goes through the
// gate evaluator.Chain(checks.DefaultSuite(), rubricJudge) inside
// loop.RunLoop, and the program prints the trace.
//
// The writer, the reviser and the judge are scripted stand-ins for model
// calls (testdata/draft-1.md, judge-1.json, judge-2.json), so the output is
// the same on every run. The first draft misquotes Section 5.1, writes one
// date two ways, leaves a recommendation undrafted and names the wrong SCC
// module (which only the judge can know); the checks report theirs with
// line:column, the reviser fixes what the instructions ask, and the
// revision passes. Findings at warn send a draft back; a block (an unfilled
// placeholder, a hedged risk-4 recommendation with no drafted text, a
// quotation the contract does not hold) ends the loop for a human: see
// TestBlockerStopsTheLoop. Run it with
//
//	go run ./examples/contractreview
package main

import (
	"context"
	"embed"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
	"github.com/evalopt/evalopt/rubric"
)

// The contract (Apache-2.0, see testdata/NOTICE), the first draft and the
// judge's replies are embedded, so the program runs from any directory.
var (
	//go:embed testdata/dpa_gdpr.md
	contract string
	//go:embed testdata/draft-1.md
	firstDraft string
	//go:embed testdata/judge-*.json
	judgeReplies embed.FS
)

// The models behind each role. They must differ in family: a model does not
// approve its own work (loop.ErrSameModel otherwise).
const (
	writerModel = "claude-sonnet-4-5" // generator and reviser
	judgeModel  = "gpt-4.1"           // the rubric judge
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "contractreview:", err)
		os.Exit(1)
	}
}

// reviewTask is what the memo is judged against: its kind tells the checks
// what to run, and quotations are verified against evidence "source".
func reviewTask() evaluator.Task {
	return evaluator.Task{
		ID:       "dpa-review",
		Kind:     evaluator.KindReviewMemo,
		Input:    "Review the Data Processing Agreement for Company B, the Controller: rate each issue's risk from 1 to 5 and draft replacement text for every risk of 3 or more.",
		Evidence: []evaluator.Evidence{{ID: "source", Source: "testdata/dpa_gdpr.md", Content: contract}},
		// Firm policy as data, enforced without a model: a memo that
		// discusses a transfer must name its legal mechanism.
		Requirements: []evaluator.Requirement{{
			Name:        "transfer_mechanism_named",
			When:        `(?i)\btransfer`,
			Must:        `Standard Contractual Clauses|adequacy decision`,
			Instruction: "Name the legal mechanism (Standard Contractual Clauses and their module, or an adequacy decision) for every transfer outside the EEA.",
		}},
	}
}

// replayJudge stands in for the judge model: it returns the recorded
// replies in order. Like a model client it gets the prompt (p.User holds the
// task, the evidence and the memo) and returns raw text to be parsed.
func replayJudge(files ...string) rubric.JudgeFunc {
	var calls atomic.Int64
	return func(ctx context.Context, p evaluator.Prompt) (string, error) {
		i := int(calls.Add(1)) - 1
		if i >= len(files) {
			return "", fmt.Errorf("replay judge: no reply recorded for call %d", i+1)
		}
		if !strings.Contains(p.User, `<evidence id="source"`) {
			return "", fmt.Errorf("replay judge: the prompt does not hold the contract")
		}
		b, err := judgeReplies.ReadFile("testdata/" + files[i])
		return string(b), err
	}
}

// newGate returns the gate: the default checks first (a block stops there),
// then the rubric judge, whose model is declared so the loop can guard it.
// The task's kind (review_memo) picks the judge's profile, contract-reviewer.
func newGate(judge rubric.JudgeFunc, model string) (evaluator.Evaluator[string], error) {
	rubricJudge, err := rubric.NewJudge(rubric.Deliverable(), judge, rubric.Config[string]{Model: model})
	if err != nil {
		return nil, err
	}
	return evaluator.Chain[string](checks.DefaultSuite(), rubricJudge), nil
}

// edit is one change the scripted reviser can make and the words an
// instruction must hold to ask for it: it edits only what it is asked to.
type edit struct{ ask, old, new string }

var edits = []edit{
	{ask: "quote.near_verbatim", old: `becoming aware of it"`, new: `becoming aware"`},
	{ask: "consistency.date_form", old: "(effective 1 April 2024)", new: "(effective April 1, 2024)"},
	{ask: "Module Three", old: "Module One (controller to controller)", new: "Module Three (processor to processor)"},
	{ask: "Recommendation 3", old: "Tighten the objection mechanism in Section 2.2.",
		new: `Add to Section 2.2: "If Controller objects, Processor shall not use the new sub-processor to process Controller's personal data; if the parties do not agree on an alternative within 30 days of the objection, Controller may terminate the affected services without penalty."`},
}

// revise stands in for the reviser model: it applies each edit that one of
// the decision's revision instructions asks for, and nothing else.
func revise(_ context.Context, _ evaluator.Task, memo string, d evaluator.EvaluationDecision) (string, error) {
	for _, e := range edits {
		for _, instr := range d.RevisionInstructions {
			if strings.Contains(instr, e.ask) {
				if !strings.Contains(memo, e.old) {
					return "", fmt.Errorf("reviser: %q not found in the memo", e.old)
				}
				memo = strings.Replace(memo, e.old, e.new, 1)
				break
			}
		}
	}
	return memo, nil
}

// review runs the loop on the task with draft as the generator's output and
// a judge on judgeModel replaying the recorded replies.
func review(ctx context.Context, draft, judgeModel string) (loop.Result[string], error) {
	gate, err := newGate(replayJudge("judge-1.json", "judge-2.json"), judgeModel)
	if err != nil {
		return loop.Result[string]{}, err
	}
	generate := func(context.Context, evaluator.Task) (string, error) { return draft, nil }
	return loop.RunLoop(ctx, reviewTask(), loop.GeneratorFunc[string](generate), gate, loop.ReviserFunc[string](revise),
		loop.WithMaxRevisions(2), loop.WithModels(loop.RoleGenerate, writerModel), loop.WithModels(loop.RoleRevise, writerModel))
}

// run reviews the first draft and prints the trace and the outcome to w.
func run(w io.Writer) error {
	ctx := context.Background()
	res, err := review(ctx, firstDraft, judgeModel)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "task %s (%s) on evidence \"source\"; writer %s, judge %s\n", reviewTask().ID, reviewTask().Kind, writerModel, judgeModel)
	var prev string // the memo before the current step
	for _, s := range res.Trace {
		fmt.Fprintf(w, "\nstep %d  %s", s.Index, s.Role)
		switch s.Role {
		case loop.RoleGenerate:
			fmt.Fprintf(w, "  first draft, %d lines\n", strings.Count(s.Candidate, "\n"))
			prev = s.Candidate
		case loop.RoleEvaluate:
			fmt.Fprintf(w, "  %s  score %.2f\n", s.Decision.Status, s.Decision.Score)
			if err := printEvaluation(ctx, w, s); err != nil {
				return err
			}
		case loop.RoleRevise:
			fmt.Fprintf(w, "  %d instructions in, changes out:\n", len(s.Instructions))
			printChanges(w, prev, s.Candidate)
			prev = s.Candidate
		}
	}
	fmt.Fprintf(w, "\noutcome: %s (%s) after %d revision(s)\n", res.Outcome, res.StopReason, res.Revisions)
	if res.Outcome == loop.OutcomeSucceeded {
		lines := strings.Split(res.Candidate, "\n")
		fmt.Fprintf(w, "accepted memo (judged at step %d), first lines:\n", res.CandidateStep)
		for _, l := range lines[:min(len(lines), 10)] {
			fmt.Fprintf(w, "  | %s\n", l)
		}
	}
	return nil
}

// printEvaluation prints what each stage of the gate said about the memo
// judged at step s: the checks' findings with line:column (the suite is
// deterministic, so asking it again gives the findings behind the
// decision), the judge's failed dimensions, and the revision instructions.
func printEvaluation(ctx context.Context, w io.Writer, s loop.Step[string]) error {
	findings, err := checks.DefaultSuite().Findings(ctx, reviewTask(), s.Candidate)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "  checks: %d finding(s)\n", len(findings))
	for _, f := range findings {
		fmt.Fprintf(w, "    %-6v %-5s %s: %s %q\n", f.Location, f.Severity, f.Rule, f.Message, f.Location.Text)
	}
	judged, failed := false, []string{}
	for _, c := range s.Decision.Criteria {
		if slices.ContainsFunc(rubric.Deliverable().Dimensions, func(d rubric.Dimension) bool { return d.Name == c.Name }) {
			judged = true
			if !c.Passed {
				failed = append(failed, c.Name)
			}
		}
	}
	judge := "not asked (the checks blocked)"
	if judged {
		judge = fmt.Sprintf("%d dimension(s) failed %v", len(failed), failed)
	}
	fmt.Fprintf(w, "  judge (%s): %s\n", judgeModel, judge)
	if len(s.Decision.RevisionInstructions) > 0 {
		fmt.Fprintln(w, "  revision instructions:")
		for i, instr := range s.Decision.RevisionInstructions {
			fmt.Fprintf(w, "    %d. %s\n", i+1, instr)
		}
	}
	return nil
}

// printChanges prints, for each line the revision changed, the words that
// changed: the revision is targeted, so this is short.
func printChanges(w io.Writer, before, after string) {
	was, is := strings.Split(before, "\n"), strings.Split(after, "\n")
	for i := range min(len(was), len(is)) {
		if was[i] == is[i] {
			continue
		}
		a, b := was[i], is[i]
		p, s := 0, 0 // common prefix and suffix, widened to whole words
		for p < len(a) && p < len(b) && a[p] == b[p] {
			p++
		}
		for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
			s++
		}
		for p > 0 && a[p-1] != ' ' {
			p--
		}
		for s > 0 && a[len(a)-s] != ' ' {
			s--
		}
		fmt.Fprintf(w, "    line %d: %q -> %q\n", i+1, a[p:len(a)-s], b[p:len(b)-s])
	}
}
