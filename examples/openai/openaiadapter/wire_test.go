package openaiadapter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/examples/openai/internal/fakeopenai"
	"github.com/evalopt/evalopt/examples/openai/openaiadapter"
	"github.com/evalopt/evalopt/internal/orderedjson"
	"github.com/evalopt/evalopt/rubric"
)

// checkFormat asserts that the request carried a strict json_schema
// response format named name, that its schema passes the strict-mode
// rules, and that every object's properties are in the order want gives.
func checkFormat(t *testing.T, r fakeopenai.Request, name string, want any) {
	t.Helper()
	f := r.Format
	if f == nil || f.Type != "json_schema" || f.Name != name || !f.Strict {
		t.Fatalf("response_format = %+v, want strict json_schema named %q", f, name)
	}
	if err := fakeopenai.CheckStrict(f.Schema); err != nil {
		t.Errorf("schema breaks strict mode:\n%v", err)
	}
	wantJSON, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := orderedjson.PropertyOrder(f.Schema)
	if err != nil {
		t.Fatal(err)
	}
	exp, err := orderedjson.PropertyOrder(wantJSON)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, exp) {
		t.Errorf("property order on the wire:\n got %v\nwant %v", got, exp)
	}
}

func TestDecisionJudgeSendsStrictSchemaInOrder(t *testing.T) {
	srv := serve(t, fakeopenai.Completion(judgeModel, decisionJSON(t, passDecision), fakeopenai.Usage{Prompt: 900, Completion: 120}))
	judge := client(t, srv, judgeModel, nil).DecisionJudge()
	d, err := judge.Evaluate(context.Background(), refundTask(), "We have sent your request to the returns team.")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d, passDecision) {
		t.Errorf("decision = %+v, want %+v", d, passDecision)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	r := reqs[0]
	checkFormat(t, r, openaiadapter.DecisionFormat, evaluator.DecisionSchema())
	order, _ := orderedjson.PropertyOrder(r.Format.Schema)
	// The struct's field order, not the alphabetical order a map would give.
	if want := []string{"status", "score", "criteria", "blockingFailures", "revisionInstructions", "stopReason"}; !reflect.DeepEqual(order[""], want) {
		t.Errorf("root properties on the wire = %v, want %v", order[""], want)
	}
	if r.Model != judgeModel || r.MaxTokens != openaiadapter.DefaultMaxTokens {
		t.Errorf("model %q, max tokens %d; want %q, %d", r.Model, r.MaxTokens, judgeModel, openaiadapter.DefaultMaxTokens)
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
	if got := evaluator.ModelsOf(judge); !reflect.DeepEqual(got, []string{judgeModel}) {
		t.Errorf("judge models = %q, want %q", got, judgeModel)
	}
}

// judgeReply is a judge output that scores every dimension of r at score.
func judgeReply(r rubric.Rubric, score float64) string {
	dims := make([]string, len(r.Dimensions))
	for i, d := range r.Dimensions {
		dims[i] = fmt.Sprintf(`{"name":%q,"weight":%v,"score":%v,"evidence":"policy-refunds","issues":[]}`, d.Name, d.Weight, score)
	}
	return fmt.Sprintf(`{"passed":true,"overallScore":%v,"specialistRole":"evaluator","dimensions":[%s],`+
		`"failureReasons":[],"revisionSuggestions":[],"autoFailTriggered":false,"autoFailReason":"","confidence":0.9,"summary":"Sound."}`,
		score, strings.Join(dims, ","))
}

func TestRubricJudgeSendsStrictSchemaInOrder(t *testing.T) {
	r := rubric.Deliverable()
	srv := serve(t, fakeopenai.Completion(judgeModel, judgeReply(r, 0.9), fakeopenai.Usage{Prompt: 3000, Completion: 400}))
	judge, err := openaiadapter.RubricJudge(client(t, srv, judgeModel, nil), r, rubric.Config[string]{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := judge.Evaluate(context.Background(), refundTask(), "We have sent your request to the returns team.")
	if err != nil {
		t.Fatal(err)
	}
	if d.Status != evaluator.StatusPass || d.Score < 0.89 || d.Score > 0.91 {
		t.Errorf("decision = %s %.3f, want pass 0.9", d.Status, d.Score)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	checkFormat(t, reqs[0], openaiadapter.JudgeOutputFormat, r.OutputSchema())
	if strings.Contains(reqs[0].System, `"autoFailReason"`) {
		t.Errorf("system prompt repeats the schema the provider enforces")
	}
	if got := evaluator.ModelsOf(judge); !reflect.DeepEqual(got, []string{judgeModel}) {
		t.Errorf("judge models = %q, want %q", got, judgeModel)
	}
	order, _ := orderedjson.PropertyOrder(reqs[0].Format.Schema)
	want := []string{"passed", "overallScore", "specialistRole", "dimensions", "failureReasons",
		"revisionSuggestions", "autoFailTriggered", "autoFailReason", "confidence", "summary"}
	if !reflect.DeepEqual(order[""], want) {
		t.Errorf("root properties on the wire = %v, want %v", order[""], want)
	}
	// The dimension names are an enum on the wire, in rubric order.
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
	if err := json.Unmarshal(reqs[0].Format.Schema, &schema); err != nil {
		t.Fatal(err)
	}
	names := schema.Properties.Dimensions.Items.Properties.Name.Enum
	if len(names) != len(r.Dimensions) || names[0] != r.Dimensions[0].Name {
		t.Errorf("dimension name enum = %v, want the rubric's %d names in order", names, len(r.Dimensions))
	}
}

func TestGeneratorAndReviserSendPlainText(t *testing.T) {
	srv := serve(t,
		fakeopenai.Completion(genModel, "Your refund is approved.", fakeopenai.Usage{Prompt: 200, Completion: 20}),
		fakeopenai.Completion(genModel, "Your request is with the returns team.", fakeopenai.Usage{Prompt: 300, Completion: 20}))
	c := client(t, srv, genModel, nil)
	gen, rev := c.Generator("You draft support replies."), c.Reviser("You revise support replies.")
	ctx := context.Background()
	draft, err := gen.Generate(ctx, refundTask())
	if err != nil || draft != "Your refund is approved." {
		t.Fatalf("Generate = %q, %v", draft, err)
	}
	d := evaluator.EvaluationDecision{
		Status: evaluator.StatusRevise, Score: 0.4,
		Criteria:             []evaluator.Criterion{{Name: "no_promise", Passed: false, Reason: "promises money"}},
		BlockingFailures:     []string{"promise_before_approval"},
		RevisionInstructions: []string{"Say the request went to the returns team."},
	}
	revised, err := rev.Revise(ctx, refundTask(), draft, d)
	if err != nil || revised != "Your request is with the returns team." {
		t.Fatalf("Revise = %q, %v", revised, err)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	if reqs[0].Format != nil || reqs[1].Format != nil {
		t.Error("generator or reviser sent a response format")
	}
	if reqs[0].System != "You draft support replies." || !strings.Contains(reqs[0].User, `id="photo-1"`) {
		t.Errorf("generate request: system %q, user %q", reqs[0].System, reqs[0].User)
	}
	for _, want := range []string{"Your refund is approved.", "promise_before_approval", "Say the request went to the returns team.", "promises money"} {
		if !strings.Contains(reqs[1].User, want) {
			t.Errorf("revise request lacks %q:\n%s", want, reqs[1].User)
		}
	}
	if g, r := evaluator.ModelsOf(gen), evaluator.ModelsOf(rev); !reflect.DeepEqual(g, []string{genModel}) || !reflect.DeepEqual(r, []string{genModel}) {
		t.Errorf("models %q, %q; want %q", g, r, genModel)
	}
}
