package anthropicadapter_test

import (
	"encoding/json"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/examples/anthropic/anthropicadapter"
	"github.com/evalopt/evalopt/examples/anthropic/internal/fakeanthropic"
)

const (
	judgeModel = "claude-sonnet-4-5-20250929"
	genModel   = "claude-haiku-4-5"
)

// refundTask is a support reply with evidence, as in examples/refund.
func refundTask() evaluator.Task {
	return evaluator.Task{
		ID:    "refund-1001",
		Input: "The customer says the blender jug arrived cracked, sent photos, and asks for a refund.",
		Evidence: []evaluator.Evidence{
			{ID: "photo-1", Source: "upload", Content: "Photo: the jug has a crack along its side."},
			{ID: "policy-refunds", Source: "policy.md", Content: "Only the returns team approves refunds."},
		},
	}
}

// serve starts a fake server that answers with the replies in order, then
// repeats the last one.
func serve(t *testing.T, replies ...fakeanthropic.Reply) *fakeanthropic.Server {
	t.Helper()
	srv := fakeanthropic.New(func(r fakeanthropic.Request) fakeanthropic.Reply {
		return replies[min(r.N, len(replies))-1]
	})
	t.Cleanup(srv.Close)
	return srv
}

// client builds an adapter over the official SDK pointed at srv. The SDK
// keeps its default retry setting (2 retries): the adapter must turn it
// off itself.
func client(t *testing.T, srv *fakeanthropic.Server, model string, mode anthropicadapter.Mode, prices evaluator.PriceTable) *anthropicadapter.Client {
	t.Helper()
	sdk := anthropic.NewClient(option.WithBaseURL(srv.URL()), option.WithAPIKey("sk-ant-test"))
	c, err := anthropicadapter.New(sdk, anthropicadapter.Config{Model: model, Mode: mode, Prices: prices})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// decisionJSON is a decision as JSON.
func decisionJSON(t *testing.T, d evaluator.EvaluationDecision) string {
	t.Helper()
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var passDecision = evaluator.EvaluationDecision{
	Status: evaluator.StatusPass,
	Score:  0.9,
	Criteria: []evaluator.Criterion{{
		Name: "no_promise_before_approval", Passed: true,
		EvidenceRefs: []string{"policy-refunds"}, Reason: "the refund is described as under review",
	}},
	BlockingFailures:     []string{},
	RevisionInstructions: []string{},
}

// judgeReply is the reply of a judge that answers with body (a JSON
// object) in the given mode: a call of the forced tool, or text.
func judgeReply(mode anthropicadapter.Mode, tool, body string, u fakeanthropic.Usage) fakeanthropic.Reply {
	if mode == anthropicadapter.ModeTool {
		return fakeanthropic.ToolUse(judgeModel, tool, body, u)
	}
	return fakeanthropic.Text(judgeModel, body, u)
}
