package evaluator_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
)

// A model judge's reply, parsed strictly, that passes the candidate.
func ExampleParseDecision_pass() {
	reply := "Here is my evaluation:\n```json\n" + `{
  "status": "pass",
  "score": 0.92,
  "criteria": [{"name": "cites_order", "passed": true, "evidenceRefs": ["order-1"], "reason": "quotes the delivery date"}],
  "blockingFailures": [],
  "revisionInstructions": [],
  "stopReason": ""
}` + "\n```"
	d, err := evaluator.ParseDecision([]byte(reply))
	if err != nil {
		fmt.Println("rejected:", err)
		return
	}
	fmt.Println(d.Status, d.Score, d.Criteria[0].Name)
	// Output: pass 0.92 cites_order
}

// A block must say what blocks it; a reply that does not is rejected, so
// it can never be mistaken for a verdict.
func ExampleParseDecision_block() {
	d, err := evaluator.ParseDecision([]byte(`{"status":"block","score":0,"blockingFailures":["missing_damage_evidence"],"stopReason":"missing_evidence"}`))
	fmt.Println(d.Status, d.BlockingFailures, d.StopReason, err)

	_, err = evaluator.ParseDecision([]byte(`{"status":"block","score":0}`))
	fmt.Println(err)
	// Output:
	// block [missing_damage_evidence] missing_evidence <nil>
	// evaluator: parse decision: blockingFailures: a block needs at least one blocking failure
}

// A deterministic stage runs first and blocks; the model stage, which would
// have passed the draft, is never called.
func ExampleChain() {
	task := evaluator.Task{
		ID:       "refund-7",
		Input:    "Customer wants a full refund for a delivered kettle.",
		Evidence: []evaluator.Evidence{{ID: "order-7", Source: "crm", Content: "Delivered 2026-11-02."}},
	}
	damageEvidence := evaluator.Func[string](func(_ context.Context, t evaluator.Task, draft string) (evaluator.EvaluationDecision, error) {
		grants := strings.Contains(strings.ToLower(draft), "full refund")
		if grants && !t.HasEvidence("damage-photos") {
			return evaluator.EvaluationDecision{
				Status:               evaluator.StatusBlock,
				Criteria:             []evaluator.Criterion{{Name: "refund_requires_damage_evidence", Reason: "no damage evidence on file"}},
				BlockingFailures:     []string{"missing_damage_evidence"},
				RevisionInstructions: []string{"Ask the customer for photos of the damage before offering a refund."},
				StopReason:           evaluator.StopMissingEvidence,
			}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
	})
	modelCalled := false
	modelJudge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		modelCalled = true
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.97}, nil
	})

	gate := evaluator.Chain(damageEvidence, modelJudge)
	d, err := gate.Evaluate(context.Background(), task, "We are sorry! A full refund has been issued.")
	fmt.Println(d.Status, d.BlockingFailures, d.StopReason, err)
	fmt.Println("model judge called:", modelCalled)
	// Output:
	// block [missing_damage_evidence] missing_evidence <nil>
	// model judge called: false
}

// MissingEvidence finds refs a decision cites that the task never supplied.
func ExampleMissingEvidence() {
	task := evaluator.Task{Evidence: []evaluator.Evidence{{ID: "order-7"}}}
	d := evaluator.EvaluationDecision{
		Status: evaluator.StatusPass, Score: 0.9,
		Criteria: []evaluator.Criterion{{Name: "grounded", Passed: true, EvidenceRefs: []string{"order-7", "photo-3"}}},
	}
	fmt.Println(evaluator.MissingEvidence(task, d))
	// Output: [photo-3]
}

// A judge on a model client: the library's decision prompt in, the strict
// parser out, the model declared so the loop's self-approval guard sees it.
func ExampleDecisionPrompt() {
	task := evaluator.Task{
		Input:    "Answer the refund request.",
		Evidence: []evaluator.Evidence{{ID: "inv-7", Content: "Invoice 7: 59.99 EUR"}},
	}
	complete := func(ctx context.Context, p evaluator.Prompt) (string, error) { // your model client
		return `{"status":"pass","score":0.9,"criteria":[{"name":"amount","passed":true,"evidenceRefs":["inv-7"],"reason":"59.99 matches"}],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`, nil
	}
	judge := evaluator.WithModel[string](evaluator.Func[string](func(ctx context.Context, t evaluator.Task, draft string) (evaluator.EvaluationDecision, error) {
		p, err := evaluator.DecisionPrompt(t, draft, evaluator.WithoutSchema()) // the provider enforces DecisionSchema()
		if err != nil {
			return evaluator.EvaluationDecision{}, err
		}
		reply, err := complete(ctx, p)
		if err != nil {
			return evaluator.EvaluationDecision{}, err
		}
		return evaluator.ParseDecision([]byte(reply))
	}), "gpt-4.1")

	d, err := judge.Evaluate(context.Background(), task, "We refund 59.99 EUR [inv-7].")
	fmt.Println(d.Status, err, evaluator.ModelsOf(judge))
	// Output: pass <nil> [gpt-4.1]
}
