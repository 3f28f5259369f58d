// Command refund runs the Evaluator-Optimizer loop on the refund case of the
// pattern: a customer says a delivered blender arrived damaged and asks for
// a refund.
//
// Policy: a refund requires evidence of the damage, and only the returns
// team approves one, so an agent must not promise money before approval.
//
// Two tasks run through the same roles:
//
//  1. Damage photos are attached. The first draft overpromises ("your money
//     is on its way"); the judge asks for a revision; the reviser fixes the
//     draft; the loop succeeds.
//  2. There is no damage evidence. The policy is a task requirement
//     (evaluator.Requirement: a draft matching "full refund" needs evidence
//     of kind damage_photo or carrier_damage_report), enforced by a checks
//     suite chained before the judge: it blocks the draft with the blocking
//     failure missing_damage_evidence and the instruction to ask for or
//     retrieve damage evidence; the judge is never asked.
//
// The generator, the judge and the reviser are scripted stand-ins for model
// calls, so the output is deterministic; the judge still answers in JSON and
// goes through evaluator.ParseDecision, as a model judge would. Run it with
//
//	go run ./examples/refund
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"text/tabwriter"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/checks/requirement"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "refund:", err)
		os.Exit(1)
	}
}

// Evidence kinds the policy accepts as proof of damage.
const (
	kindKey          = "kind"
	kindDamagePhoto  = "damage_photo"
	kindCarrierNotes = "carrier_damage_report"
)

var policy = evaluator.Evidence{
	ID:      "policy-refunds",
	Source:  "policy.md#refunds",
	Content: "A refund requires evidence of the damage (photos or a carrier report). Only the returns team approves refunds; agents must not promise money before approval.",
}

// tasks are the two refund requests.
func tasks() []evaluator.Task {
	return []evaluator.Task{
		{
			ID:           "refund-1001",
			Kind:         evaluator.KindCustomerReply,
			Requirements: []evaluator.Requirement{refundNeedsDamageEvidence},
			Input:        "Order 1001 was delivered; the customer says the blender jug arrived cracked, sent photos, and asks for a refund.",
			Evidence: []evaluator.Evidence{
				{ID: "order-1001", Source: "crm", Content: "Order 1001: blender, 89.00 EUR, delivered 3 March."},
				{ID: "photo-1", Source: "upload", Content: "Photo: the jug has a crack along its side.", Metadata: map[string]string{kindKey: kindDamagePhoto}},
				{ID: "photo-2", Source: "upload", Content: "Photo: the box has a crushed corner.", Metadata: map[string]string{kindKey: kindDamagePhoto}},
				policy,
			},
			Metadata: map[string]string{"customer": "Ana", "amount": "89.00 EUR"},
		},
		{
			ID:           "refund-1002",
			Kind:         evaluator.KindCustomerReply,
			Requirements: []evaluator.Requirement{refundNeedsDamageEvidence},
			Input:        "Order 1002 was delivered; the customer says the blender arrived broken and asks for a refund. No photos or carrier report.",
			Evidence: []evaluator.Evidence{
				{ID: "order-1002", Source: "crm", Content: "Order 1002: blender, 89.00 EUR, delivered 5 March."},
				policy,
			},
			Metadata: map[string]string{"customer": "Ben", "amount": "89.00 EUR"},
		},
	}
}

// Costs the scripted roles report, in US dollars, as a model client would
// from its token counts.
const (
	costDraft  = 0.004
	costJudge  = 0.002
	costRevise = 0.003
)

// drafter stands in for the drafting model. Like a model eager to please,
// its first draft grants the refund and promises the money.
func drafter() loop.Generator[string] {
	return loop.GeneratorFunc[string](func(ctx context.Context, t evaluator.Task) (string, error) {
		provider.AddCost(ctx, costDraft)
		return fmt.Sprintf("Hi %s, we are sorry your blender arrived damaged. We have approved a full refund of %s and your money is on its way.",
			t.Metadata["customer"], t.Metadata["amount"]), nil
	})
}

// damageEvidence returns the IDs of the task's evidence of damage.
func damageEvidence(t evaluator.Task) []string {
	var ids []string
	for _, e := range t.Evidence {
		if k := e.Metadata[kindKey]; k == kindDamagePhoto || k == kindCarrierNotes {
			ids = append(ids, e.ID)
		}
	}
	return ids
}

// refundNeedsDamageEvidence is the refund policy as data: a draft that
// grants or promises a refund needs damage evidence in the task. The
// deterministic checks enforce it before the judge is asked (package checks,
// requirement check), so no model can be talked past it.
var refundNeedsDamageEvidence = evaluator.Requirement{
	Name:        "missing_damage_evidence",
	When:        `(?i)\b(?:full refund|refund of|approved (?:a|your) refund|money is on its way)\b`,
	Needs:       []string{kindDamagePhoto, kindCarrierNotes},
	Instruction: "Ask the customer for photos of the damage, or retrieve the carrier's damage report, before offering a refund.",
}

// evidenceStage is the deterministic stage that runs before the judge: the
// task's requirements, enforced by a checks suite.
func evidenceStage() evaluator.Evaluator[string] {
	s, err := checks.NewSuite([]checks.Check{requirement.NewRequirementCheck()})
	if err != nil {
		panic(err) // one non-nil check, no options: cannot fail
	}
	return s
}

// judge stands in for the model judge: it replies in JSON, which goes
// through the strict parser exactly as a model's reply would. calls counts
// how often it was asked.
func judge(calls *atomic.Int64) evaluator.Evaluator[string] {
	return evaluator.Func[string](func(ctx context.Context, t evaluator.Task, draft string) (evaluator.EvaluationDecision, error) {
		calls.Add(1)
		provider.AddCost(ctx, costJudge)
		refs := `"` + strings.Join(append(damageEvidence(t), policy.ID), `","`) + `"`
		var reply string
		if strings.Contains(draft, "money is on its way") || strings.Contains(draft, "approved") {
			reply = "The draft promises money before approval.\n```json\n" + `{"status":"revise","score":0.45,` +
				`"criteria":[{"name":"no_promise_before_approval","passed":false,"evidenceRefs":["policy-refunds"],"reason":"says the refund is approved and the money is on its way"},` +
				`{"name":"empathy","passed":true,"evidenceRefs":[],"reason":"apologises for the damage"}],` +
				`"blockingFailures":[],"revisionInstructions":["Do not say the refund is approved or that money is on its way: say the request has gone to the returns team for approval and when the customer will hear back."]}` +
				"\n```"
		} else {
			reply = `{"status":"pass","score":0.92,` +
				`"criteria":[{"name":"no_promise_before_approval","passed":true,"evidenceRefs":["policy-refunds"],"reason":"the refund is described as under review"},` +
				`{"name":"cites_damage_evidence","passed":true,"evidenceRefs":[` + refs + `],"reason":"acknowledges the photos"}],` +
				`"blockingFailures":[],"revisionInstructions":[]}`
		}
		return evaluator.ParseDecision([]byte(reply))
	})
}

// reviser stands in for the revising model: it follows the judge's
// instruction and replaces the promise with an honest status.
func reviser() loop.Reviser[string] {
	return loop.ReviserFunc[string](func(ctx context.Context, t evaluator.Task, draft string, d evaluator.EvaluationDecision) (string, error) {
		provider.AddCost(ctx, costRevise)
		for _, instr := range d.RevisionInstructions {
			if strings.Contains(instr, "returns team") {
				return fmt.Sprintf("Hi %s, we are sorry your blender arrived damaged, and thank you for the photos. "+
					"We have sent your refund request to our returns team for approval; you will hear from us within 2 business days.",
					t.Metadata["customer"]), nil
			}
		}
		return draft, nil
	})
}

// runTask runs the loop on one task and returns its result and how many
// times the judge was asked.
func runTask(ctx context.Context, t evaluator.Task) (loop.Result[string], int64, error) {
	var calls atomic.Int64
	gate := evaluator.Chain(evidenceStage(), judge(&calls)) // blockers first
	res, err := loop.RunLoop(ctx, t, drafter(), gate, reviser(), loop.WithMaxRevisions(2))
	return res, calls.Load(), err
}

// run runs both tasks and prints each trace and outcome to w. The output
// holds no times or durations, so that it is the same on every run.
func run(w io.Writer) error {
	for i, t := range tasks() {
		if i > 0 {
			fmt.Fprintln(w)
		}
		res, judgeCalls, err := runTask(context.Background(), t)
		printTask(w, t)
		if err := printTrace(w, res.Trace); err != nil {
			return err
		}
		printOutcome(w, res, judgeCalls)
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
	fmt.Fprintf(w, "== %s: %s\n", t.ID, t.Input)
	fmt.Fprintf(w, "   evidence: %s\n\n", strings.Join(ids, ", "))
}

// printTrace prints one row per step: role, verdict, score, cost, and what
// the step produced or asked for.
func printTrace(w io.Writer, trace []loop.Step[string]) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "step\trole\tstatus\tscore\tcost\tdetail")
	for _, s := range trace {
		status, score := "-", "-"
		var detail string
		switch s.Role {
		case loop.RoleEvaluate:
			status, score = string(s.Decision.Status), fmt.Sprintf("%.2f", s.Decision.Score)
			detail = decisionDetail(s.Decision)
		default:
			detail = fmt.Sprintf("%q", s.Candidate)
		}
		if s.Err != "" {
			detail = "error: " + s.Err
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%.3f\t%s\n", s.Index, s.Role, status, score, s.Cost, detail)
	}
	return tw.Flush()
}

// decisionDetail summarises a decision for the trace table: failed
// criteria, blocking failures and instructions, or the criteria that
// passed.
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

func printOutcome(w io.Writer, res loop.Result[string], judgeCalls int64) {
	fmt.Fprintf(w, "\noutcome: %s (stop reason %s), %d revision(s), %d step(s), cost %.3f USD, judge asked %d time(s)\n",
		res.Outcome, res.StopReason, res.Revisions, len(res.Trace), res.Cost, judgeCalls)
	switch res.Outcome {
	case loop.OutcomeSucceeded:
		fmt.Fprintf(w, "reply to send (judged at step %d):\n  %s\n", res.CandidateStep, res.Candidate)
	default:
		if len(res.Decision.BlockingFailures) > 0 {
			fmt.Fprintf(w, "blocking failures: %s\n", strings.Join(res.Decision.BlockingFailures, ", "))
		}
		for _, instr := range res.Decision.RevisionInstructions {
			fmt.Fprintf(w, "next: %s\n", instr)
		}
		fmt.Fprintln(w, "no reply is sent.")
	}
}
