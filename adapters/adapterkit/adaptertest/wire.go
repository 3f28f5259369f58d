package adaptertest

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/rubric"
)

// only returns the one request srv received.
func only(t *testing.T, p Provider, srv Endpoint, name string) Sent {
	t.Helper()
	sent := p.Sent(t, srv, name)
	if len(sent) != 1 {
		t.Fatalf("%d requests, want 1", len(sent))
	}
	return sent[0]
}

// checkRootOrder asserts the order of the root properties on the wire:
// the struct's field order, not the alphabetical order a map would give.
func checkRootOrder(t *testing.T, schema json.RawMessage, want ...string) {
	t.Helper()
	order, err := PropertyOrder(schema)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(order[""], want) {
		t.Errorf("root properties on the wire = %v, want %v", order[""], want)
	}
}

// TestDecisionJudgeSendsStrictSchemaInOrder runs the decision judge once and checks what went
// on the wire: the schema (held the provider's way, which p.Sent checks)
// is evaluator.DecisionSchema with its properties in field order, the
// prompt is evaluator.DecisionPrompt without the schema, the request names
// the judge's model and the default reply cap, and the judge reports its
// model.
func TestDecisionJudgeSendsStrictSchemaInOrder(t *testing.T, p Provider) {
	srv := p.serve(t, p.Reply(p.JudgeModel, p.DecisionName, DecisionJSON(t, PassDecision())))
	judge := p.client(t, srv, p.JudgeModel).DecisionJudge()
	d, err := judge.Evaluate(context.Background(), RefundTask(), "We have sent your request to the returns team.")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d, PassDecision()) {
		t.Errorf("decision = %+v, want %+v", d, PassDecision())
	}
	r := only(t, p, srv, p.DecisionName)
	CheckPropertyOrder(t, r.Schema, evaluator.DecisionSchema())
	checkRootOrder(t, r.Schema, "status", "score", "criteria", "blockingFailures", "revisionInstructions", "stopReason")
	if r.Model != p.JudgeModel || r.MaxTokens != p.MaxTokens {
		t.Errorf("model %q, max tokens %d; want %q, %d", r.Model, r.MaxTokens, p.JudgeModel, p.MaxTokens)
	}
	for _, want := range []string{"photo-1", "policy-refunds", "returns team"} {
		if !strings.Contains(r.User, want) {
			t.Errorf("user message lacks %q:\n%s", want, r.User)
		}
	}
	// The provider enforces the schema: the prompt does not repeat it.
	if r.System == "" || strings.Contains(r.System, `"revisionInstructions"`) {
		t.Errorf("system prompt empty or holding the schema:\n%s", r.System)
	}
	if got := evaluator.ModelsOf(judge); !reflect.DeepEqual(got, []string{p.JudgeModel}) {
		t.Errorf("judge models = %q, want %q", got, p.JudgeModel)
	}
}

// TestRubricJudgeSendsStrictSchemaInOrder runs the adapter's rubric judge for the deliverable
// rubric once: the schema on the wire is the rubric's output schema in
// order, with the dimension names as an enum in rubric order, and the
// system prompt leaves it out.
func TestRubricJudgeSendsStrictSchemaInOrder(t *testing.T, p Provider) {
	r := rubric.Deliverable()
	srv := p.serve(t, p.Reply(p.JudgeModel, p.RubricName, RubricReply(r, 0.9)))
	judge, err := p.client(t, srv, p.JudgeModel).RubricJudge(r)
	if err != nil {
		t.Fatal(err)
	}
	d, err := judge.Evaluate(context.Background(), RefundTask(), "We have sent your request to the returns team.")
	if err != nil {
		t.Fatal(err)
	}
	if d.Status != evaluator.StatusPass || d.Score < 0.89 || d.Score > 0.91 {
		t.Errorf("decision = %s %.3f, want pass 0.9", d.Status, d.Score)
	}
	sent := only(t, p, srv, p.RubricName)
	CheckPropertyOrder(t, sent.Schema, r.OutputSchema())
	checkRootOrder(t, sent.Schema, "passed", "overallScore", "specialistRole", "dimensions", "failureReasons",
		"revisionSuggestions", "autoFailTriggered", "autoFailReason", "confidence", "summary")
	if strings.Contains(sent.System, `"autoFailReason"`) {
		t.Errorf("system prompt repeats the schema the provider enforces")
	}
	if got := evaluator.ModelsOf(judge); !reflect.DeepEqual(got, []string{p.JudgeModel}) {
		t.Errorf("judge models = %q, want %q", got, p.JudgeModel)
	}
	var schema struct {
		Properties struct {
			Dimensions struct {
				Items struct {
					Properties struct {
						Name struct {
							Enum []string `json:"enum"`
						} `json:"name"`
					} `json:"properties"`
				} `json:"items"`
			} `json:"dimensions"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(sent.Schema, &schema); err != nil {
		t.Fatal(err)
	}
	names := schema.Properties.Dimensions.Items.Properties.Name.Enum
	if len(names) != len(r.Dimensions) || names[0] != r.Dimensions[0].Name {
		t.Errorf("dimension name enum = %v, want the rubric's %d names in order", names, len(r.Dimensions))
	}
}

// TestGeneratorAndReviserSendPlainText drafts and revises once: both requests are
// free text (no schema), the generator sends evaluator.GenerationPrompt and
// the reviser evaluator.RevisionPrompt with the draft and everything the
// decision asked for, and both roles report the writer's model.
func TestGeneratorAndReviserSendPlainText(t *testing.T, p Provider) {
	srv := p.serve(t, p.Text(p.GenModel, "Your refund is approved."), p.Text(p.GenModel, "Your request is with the returns team."))
	c := p.client(t, srv, p.GenModel)
	gen, rev := c.Generator("You draft support replies."), c.Reviser("You revise support replies.")
	ctx := context.Background()
	draft, err := gen.Generate(ctx, RefundTask())
	if err != nil || draft != "Your refund is approved." {
		t.Fatalf("Generate = %q, %v", draft, err)
	}
	d := evaluator.EvaluationDecision{
		Status: evaluator.StatusRevise, Score: 0.4,
		Criteria:             []evaluator.Criterion{{Name: "no_promise", Passed: false, Reason: "promises money"}},
		BlockingFailures:     []string{"promise_before_approval"},
		RevisionInstructions: []string{"Say the request went to the returns team."},
	}
	revised, err := rev.Revise(ctx, RefundTask(), draft, d)
	if err != nil || revised != "Your request is with the returns team." {
		t.Fatalf("Revise = %q, %v", revised, err)
	}
	sent := p.Sent(t, srv, "")
	if len(sent) != 2 {
		t.Fatalf("%d requests, want 2", len(sent))
	}
	if sent[0].Schema != nil || sent[1].Schema != nil {
		t.Error("generator or reviser held its reply to a schema")
	}
	want := evaluator.GenerationPrompt("You draft support replies.", RefundTask())
	if sent[0].System != want.System || sent[0].User != want.User {
		t.Errorf("generate request: system %q, user %q; want GenerationPrompt's", sent[0].System, sent[0].User)
	}
	want = evaluator.RevisionPrompt("You revise support replies.", RefundTask(), draft, d)
	if sent[1].System != want.System || sent[1].User != want.User {
		t.Errorf("revise request: system %q, user %q; want RevisionPrompt's", sent[1].System, sent[1].User)
	}
	if g, r := evaluator.ModelsOf(gen), evaluator.ModelsOf(rev); !reflect.DeepEqual(g, []string{p.GenModel}) || !reflect.DeepEqual(r, []string{p.GenModel}) {
		t.Errorf("models %q, %q; want %q", g, r, p.GenModel)
	}
}
