package adapterkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/rubric"
)

var task = evaluator.Task{
	ID:       "t1",
	Input:    "Answer the refund request.",
	Evidence: []evaluator.Evidence{{ID: "inv-7", Source: "billing", Content: "Invoice 7: 59.99 EUR"}},
}

// recorder is a CompleteFunc that keeps what it was sent and replies with
// reply (or err).
type recorder struct {
	system, user string
	calls        int
	reply        string
	err          error
}

func (r *recorder) complete(_ context.Context, system, user string) (string, error) {
	r.system, r.user = system, user
	r.calls++
	return r.reply, r.err
}

func TestGeneratorAndReviser(t *testing.T) {
	rec := &recorder{reply: "draft"}
	g := NewGenerator(rec.complete, "gpt-4.1-mini", "You write.")
	got, err := g.Generate(context.Background(), task)
	want := evaluator.GenerationPrompt("You write.", task)
	if err != nil || got != "draft" || rec.system != want.System || rec.user != want.User {
		t.Errorf("Generate = %q, %v; sent %q / %q, want GenerationPrompt's", got, err, rec.system, rec.user)
	}
	if m := evaluator.ModelsOf(g); len(m) != 1 || m[0] != "gpt-4.1-mini" {
		t.Errorf("generator models %v", m)
	}

	d := evaluator.EvaluationDecision{Status: evaluator.StatusRevise, RevisionInstructions: []string{"Cite inv-7."}}
	r := NewReviser(rec.complete, "gpt-4.1-mini", "You revise.")
	rec.reply = "revised"
	got, err = r.Revise(context.Background(), task, "draft", d)
	want = evaluator.RevisionPrompt("You revise.", task, "draft", d)
	if err != nil || got != "revised" || rec.system != want.System || rec.user != want.User {
		t.Errorf("Revise = %q, %v; sent %q / %q, want RevisionPrompt's", got, err, rec.system, rec.user)
	}
	if m := evaluator.ModelsOf(r); len(m) != 1 || m[0] != "gpt-4.1-mini" {
		t.Errorf("reviser models %v", m)
	}

	boom := errors.New("boom")
	rec.err = boom
	if _, err := g.Generate(context.Background(), task); !errors.Is(err, boom) {
		t.Errorf("generate error %v, want the client's", err)
	}
	if _, err := r.Revise(context.Background(), task, "draft", d); !errors.Is(err, boom) {
		t.Errorf("revise error %v, want the client's", err)
	}
}

func TestDecisionJudge(t *testing.T) {
	pass := `{"status":"pass","score":0.9,"criteria":[{"name":"amount","passed":true,"evidenceRefs":["inv-7"],"reason":"matches"}],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`
	rec := &recorder{reply: pass}
	j := DecisionJudge(rec.complete, "claude-sonnet-4-5")
	d, err := j.Evaluate(context.Background(), task, "We refund 59.99 EUR [inv-7].")
	if err != nil || d.Status != evaluator.StatusPass {
		t.Fatalf("decision %+v, %v", d, err)
	}
	p, err := evaluator.DecisionPrompt(task, "We refund 59.99 EUR [inv-7].", evaluator.WithoutSchema())
	if err != nil {
		t.Fatal(err)
	}
	if rec.system != p.System || rec.user != p.User {
		t.Error("the judge did not send DecisionPrompt without the schema")
	}
	if m := evaluator.ModelsOf(j); len(m) != 1 || m[0] != "claude-sonnet-4-5" {
		t.Errorf("judge models %v", m)
	}

	rec.reply = `{"status":"pass"` // cut off
	if _, err := j.Evaluate(context.Background(), task, "x"); !errors.Is(err, evaluator.ErrInvalidDecision) || provider.Classify(err) != provider.ClassPermanent {
		t.Errorf("unreadable reply: err %v, want a permanent ErrInvalidDecision", err)
	}
	rec.err = provider.Transient(errors.New("429"))
	if _, err := j.Evaluate(context.Background(), task, "x"); provider.Classify(err) != provider.ClassTransient {
		t.Errorf("client error %v, want it unchanged (transient)", err)
	}
	calls := rec.calls
	bad := task
	bad.Evidence = append(bad.Evidence, bad.Evidence[0]) // duplicate ID
	if _, err := j.Evaluate(context.Background(), bad, "x"); err == nil || rec.calls != calls {
		t.Errorf("an invalid task: err %v after %d calls; want an error and no call", err, rec.calls-calls)
	}
}

// TestDecisionJudgeKeysItsCalls: a cached DecisionJudge needs no KeyFunc;
// its key part is the prompt it sends.
func TestDecisionJudgeKeysItsCalls(t *testing.T) {
	pass := `{"status":"pass","score":0.9,"criteria":[],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`
	rec := &recorder{reply: pass}
	j := DecisionJudge(rec.complete, "claude-sonnet-4-5")
	k, err := j.(judgecache.Keyer[string]).CacheKey(task, "x")
	if err != nil || k.System == "" || !strings.Contains(k.Prompt, "inv-7") {
		t.Fatalf("key part %+v, %v: want the decision prompt", k, err)
	}
	c, err := judgecache.NewCache(j, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := c.Evaluate(context.Background(), task, "x"); err != nil {
			t.Fatal(err)
		}
	}
	if rec.calls != 1 {
		t.Errorf("%d judge calls for two identical evaluations, want 1", rec.calls)
	}
}

func TestRubricJudge(t *testing.T) {
	var prompt evaluator.Prompt
	judge := func(_ context.Context, p evaluator.Prompt) (string, error) {
		prompt = p
		return "", errors.New("offline")
	}
	e, err := RubricJudge(rubric.Deliverable(), judge, "gpt-4.1", rubric.Config[string]{})
	if err != nil {
		t.Fatal(err)
	}
	if m := e.Models(); len(m) != 1 || m[0] != "gpt-4.1" {
		t.Errorf("models %v, want the adapter's", m)
	}
	withSchema, err := rubric.NewJudge(rubric.Deliverable(), judge, rubric.Config[string]{})
	if err != nil {
		t.Fatal(err)
	}
	if len(e.SystemPrompt(task.Kind)) >= len(withSchema.SystemPrompt(task.Kind)) {
		t.Errorf("the schema is still in the prompt: %d bytes, %d with it", len(e.SystemPrompt(task.Kind)), len(withSchema.SystemPrompt(task.Kind)))
	}
	if _, err := e.Evaluate(context.Background(), task, "draft"); err == nil || prompt.System != e.SystemPrompt(task.Kind) {
		t.Errorf("evaluate: err %v; the judge got another system prompt", err)
	}
	own, err := RubricJudge(rubric.Deliverable(), judge, "gpt-4.1", rubric.Config[string]{Model: "gpt-4.1-2025-04-14"})
	if err != nil || own.Models()[0] != "gpt-4.1-2025-04-14" {
		t.Errorf("the caller's Config.Model is kept: %v, %v", own.Models(), err)
	}
}

func TestCheckConfig(t *testing.T) {
	prices := provider.PriceTable{"gpt-4.1": {Input: 2, Output: 8}}
	cases := []struct {
		model     string
		maxTokens int64
		prices    provider.PriceTable
		field     string
	}{
		{"gpt-4.1", 0, nil, ""},
		{"gpt-4.1-2025-04-14", 100, prices, ""},
		{" ", 0, nil, "x: Config.Model: empty"},
		{"gpt-4.1", -1, nil, "x: Config.MaxTokens: must be >= 0 (0 means the default, 4096), got -1"},
		{"o3", 0, prices, "x: Config.Prices:"},
	}
	for _, c := range cases {
		err := CheckConfig("x", c.model, c.maxTokens, 4096, c.prices)
		if c.field == "" {
			if err != nil {
				t.Errorf("%q: %v", c.model, err)
			}
			continue
		}
		if err == nil || !strings.HasPrefix(err.Error(), c.field) || !errors.Is(err, evaluator.ErrInvalidOption) {
			t.Errorf("%q, %d: err %v, want %q", c.model, c.maxTokens, err, c.field)
		}
	}
	if err := CheckConfig("x", "o3", 0, 4096, prices); !errors.Is(err, provider.ErrUnknownModel) {
		t.Errorf("unpriced model: %v, want ErrUnknownModel", err)
	}
}

func TestCheckSchema(t *testing.T) {
	if err := CheckSchema("x", "decision", json.RawMessage(`{"type":"object"}`)); err != nil {
		t.Error(err)
	}
	for _, c := range []struct {
		name, schema, want string
	}{
		{"", `{}`, "x: Schema.Name: empty"},
		{"decision", `{"type":`, "x: Schema.JSON (decision): not valid JSON"},
		{"decision", ``, "x: Schema.JSON (decision): not valid JSON"},
	} {
		err := CheckSchema("x", c.name, json.RawMessage(c.schema))
		if err == nil || err.Error() != c.want || provider.Classify(err) != provider.ClassPermanent {
			t.Errorf("CheckSchema(%q, %q) = %v, want permanent %q", c.name, c.schema, err, c.want)
		}
	}
}

func TestTransportError(t *testing.T) {
	cases := []struct {
		err   error
		class provider.ErrorClass
	}{
		{fmt.Errorf("Post: %w", io.EOF), provider.ClassTransient},
		{fmt.Errorf("Post: %w", context.DeadlineExceeded), provider.ClassTransient},
		{context.Canceled, provider.ClassPermanent},
		{errors.Join(io.EOF, context.Canceled), provider.ClassPermanent},
	}
	for _, c := range cases {
		err := TransportError("x", c.err)
		if !errors.Is(err, c.err) || !strings.HasPrefix(err.Error(), "x: ") {
			t.Errorf("%v: %v does not wrap it with the prefix", c.err, err)
		}
		if got := provider.Classify(err); got != c.class {
			t.Errorf("%v: class %s, want %s", c.err, got, c.class)
		}
	}
	if err := TransportError("x", io.EOF); !strings.Contains(err.Error(), "connection closed without a reply") {
		t.Errorf("a dropped connection says so: %v", err)
	}
}

func TestReportCost(t *testing.T) {
	prices := provider.PriceTable{"gpt-4.1": {Input: 2, CachedInput: 0.5, Output: 8}}
	u := provider.Usage{InputTokens: 1000, CachedInputTokens: 1000, OutputTokens: 100}
	want := (1000*2 + 1000*0.5 + 100*8) / 1e6

	ctx, meter := provider.WithCostMeter(context.Background())
	if err := ReportCost(ctx, "x", prices, "gpt-4.1", u); err != nil { // no model in the reply: the requested one
		t.Fatal(err)
	}
	u.Model = "gpt-4.1-2025-04-14" // a dated snapshot: priced by family
	if err := ReportCost(ctx, "x", prices, "gpt-4.1", u); err != nil {
		t.Fatal(err)
	}
	if got := meter.Total(); math.Abs(got-2*want) > 1e-12 {
		t.Errorf("meter %v, want %v", got, 2*want)
	}
	u.Model = "o3"
	err := ReportCost(ctx, "x", prices, "gpt-4.1", u)
	if !errors.Is(err, provider.ErrUnknownModel) || provider.Classify(err) != provider.ClassPermanent || !strings.HasPrefix(err.Error(), "x: cost: ") {
		t.Errorf("unpriced reply model: %v, want a permanent ErrUnknownModel", err)
	}
	if err := ReportCost(ctx, "x", nil, "o3", u); err != nil {
		t.Errorf("no table: %v, want nothing reported", err)
	}
	if got := meter.Total(); math.Abs(got-2*want) > 1e-12 {
		t.Errorf("meter %v after the failures, want %v", got, 2*want)
	}
}

func TestBindAndJudgeFunc(t *testing.T) {
	type schema struct{ Name string }
	var got *schema
	var sent [2]string
	complete := func(_ context.Context, system, user string, s *schema) (string, error) {
		got, sent = s, [2]string{system, user}
		return "reply", nil
	}
	s := &schema{Name: "decision"}
	reply, err := Bind(complete, s)(context.Background(), "sys", "usr")
	if err != nil || reply != "reply" || got != s || sent != [2]string{"sys", "usr"} {
		t.Errorf("Bind with a schema: %q, %v, schema %v, sent %q", reply, err, got, sent)
	}
	if _, err := Bind(complete, nil)(context.Background(), "a", "b"); err != nil || got != nil {
		t.Errorf("Bind without a schema passed %v", got)
	}
	reply, err = JudgeFunc(Bind(complete, s))(context.Background(), evaluator.Prompt{System: "rs", User: "ru"})
	if err != nil || reply != "reply" || sent != [2]string{"rs", "ru"} || got != s {
		t.Errorf("JudgeFunc: %q, %v, sent %q", reply, err, sent)
	}
}
