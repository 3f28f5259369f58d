package anthropicadapter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/examples/anthropic/anthropicadapter"
	"github.com/evalopt/evalopt/examples/anthropic/internal/fakeanthropic"
	"github.com/evalopt/evalopt/internal/orderedjson"
	"github.com/evalopt/evalopt/rubric"
)

var modes = []struct {
	name string
	mode anthropicadapter.Mode
}{{"tool", anthropicadapter.ModeTool}, {"output_config", anthropicadapter.ModeOutputFormat}}

// sentSchema returns the schema the request carried and checks that it
// was carried as mode says: a strict tool the request forces, with no
// output format, or output_config.format with no tool.
func sentSchema(t *testing.T, r fakeanthropic.Request, mode anthropicadapter.Mode, name string) json.RawMessage {
	t.Helper()
	if mode == anthropicadapter.ModeTool {
		if len(r.Tools) != 1 || r.Tools[0].Name != name || !r.Tools[0].Strict {
			t.Fatalf("tools = %+v, want one strict tool named %q", r.Tools, name)
		}
		if r.ToolChoice.Type != "tool" || r.ToolChoice.Name != name {
			t.Errorf("tool_choice = %+v, want the tool %q forced", r.ToolChoice, name)
		}
		if r.OutputFormat != nil {
			t.Error("output_config.format sent in tool mode")
		}
		return r.Tools[0].InputSchema
	}
	if len(r.Tools) != 0 || r.ToolChoice.Type != "" {
		t.Errorf("tools %+v, tool_choice %+v sent in output_config mode", r.Tools, r.ToolChoice)
	}
	if r.OutputFormat == nil {
		t.Fatal("no output_config.format")
	}
	return r.OutputFormat
}

// checkSchema asserts that schema passes the strict rules and that every
// object's properties are in the order want gives.
func checkSchema(t *testing.T, schema json.RawMessage, want json.RawMessage) {
	t.Helper()
	if err := fakeanthropic.CheckStrict(schema, nil); err != nil {
		t.Errorf("schema breaks strict mode:\n%v", err)
	}
	got, err := orderedjson.PropertyOrder(schema)
	if err != nil {
		t.Fatal(err)
	}
	exp, err := orderedjson.PropertyOrder(want)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, exp) {
		t.Errorf("property order on the wire:\n got %v\nwant %v", got, exp)
	}
}

func TestDecisionJudgeSendsStrictSchemaInOrder(t *testing.T) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			srv := serve(t, judgeReply(m.mode, anthropicadapter.DecisionTool, decisionJSON(t, passDecision), fakeanthropic.Usage{Input: 900, Output: 120}))
			judge := client(t, srv, judgeModel, m.mode, nil).DecisionJudge()
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
			schema := sentSchema(t, r, m.mode, anthropicadapter.DecisionTool)
			checkSchema(t, schema, evaluator.DecisionSchema())
			order, _ := orderedjson.PropertyOrder(schema)
			// The struct's field order, not the alphabetical order a map would give.
			if want := []string{"status", "score", "criteria", "blockingFailures", "revisionInstructions", "stopReason"}; !reflect.DeepEqual(order[""], want) {
				t.Errorf("root properties on the wire = %v, want %v", order[""], want)
			}
			if r.Model != judgeModel || r.MaxTokens != anthropicadapter.DefaultMaxTokens {
				t.Errorf("model %q, max tokens %d; want %q, %d", r.Model, r.MaxTokens, judgeModel, anthropicadapter.DefaultMaxTokens)
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
		})
	}
}

// rubricReply is a judge output that scores every dimension of r at score.
func rubricReply(r rubric.Rubric, score float64) string {
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
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			srv := serve(t, judgeReply(m.mode, anthropicadapter.JudgeOutputTool, rubricReply(r, 0.9), fakeanthropic.Usage{Input: 3000, Output: 400}))
			judge, err := anthropicadapter.RubricJudge(client(t, srv, judgeModel, m.mode, nil), r, rubric.Config[string]{})
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
			schema := sentSchema(t, reqs[0], m.mode, anthropicadapter.JudgeOutputTool)
			checkSchema(t, schema, r.OutputSchema())
			order, _ := orderedjson.PropertyOrder(schema)
			want := []string{"passed", "overallScore", "specialistRole", "dimensions", "failureReasons",
				"revisionSuggestions", "autoFailTriggered", "autoFailReason", "confidence", "summary"}
			if !reflect.DeepEqual(order[""], want) {
				t.Errorf("root properties on the wire = %v, want %v", order[""], want)
			}
			if strings.Contains(reqs[0].System, `"autoFailReason"`) {
				t.Errorf("system prompt repeats the schema the provider enforces")
			}
			if got := evaluator.ModelsOf(judge); !reflect.DeepEqual(got, []string{judgeModel}) {
				t.Errorf("judge models = %q, want %q", got, judgeModel)
			}
		})
	}
}

func TestGeneratorAndReviserSendPlainText(t *testing.T) {
	srv := serve(t,
		fakeanthropic.Text(genModel, "Your refund is approved.", fakeanthropic.Usage{Input: 200, Output: 20}),
		fakeanthropic.Text(genModel, "Your request is with the returns team.", fakeanthropic.Usage{Input: 300, Output: 20}))
	c := client(t, srv, genModel, anthropicadapter.ModeTool, nil)
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
	for _, r := range reqs {
		if len(r.Tools) != 0 || r.OutputFormat != nil {
			t.Error("generator or reviser sent a tool or an output format")
		}
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
