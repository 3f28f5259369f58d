package openaiadapter_test

import (
	"encoding/json"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/examples/openai/internal/fakeopenai"
	"github.com/evalopt/evalopt/examples/openai/openaiadapter"
)

const (
	judgeModel = "gpt-4.1-2025-04-14"
	genModel   = "gpt-4.1-mini"
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
func serve(t *testing.T, replies ...fakeopenai.Reply) *fakeopenai.Server {
	t.Helper()
	srv := fakeopenai.New(func(r fakeopenai.Request) fakeopenai.Reply {
		return replies[min(r.N, len(replies))-1]
	})
	t.Cleanup(srv.Close)
	return srv
}

// client builds an adapter over the official SDK pointed at srv. The SDK
// keeps its default retry setting (2 retries): the adapter must turn it
// off itself.
func client(t *testing.T, srv *fakeopenai.Server, model string, prices evaluator.PriceTable) *openaiadapter.Client {
	t.Helper()
	sdk := openai.NewClient(option.WithBaseURL(srv.URL()), option.WithAPIKey("sk-test"))
	c, err := openaiadapter.New(sdk, openaiadapter.Config{Model: model, Prices: prices})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// decisionJSON is a valid decision reply.
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
