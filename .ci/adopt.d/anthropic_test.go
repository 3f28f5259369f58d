package main

// The adoption check's harness for the Anthropic snippet of
// docs/adapters.md: it runs review against the adapter's fake API
// (anthropictest).

import (
	"context"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/evalopt/evalopt/adapters/anthropic/anthropictest"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

const pass = `{"status":"pass","score":0.9,"criteria":[{"name":"polite","passed":true,"evidenceRefs":[],"reason":"thanks the customer"}],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`

func TestSnippet(t *testing.T) {
	srv := anthropictest.New(func(r anthropictest.Request) anthropictest.Reply {
		if r.ToolChoice.Type == "tool" { // the judge, calling its forced strict tool
			return anthropictest.ToolUse(r.Model+"-20250929", r.ToolChoice.Name, pass, anthropictest.Usage{Input: 1200, Output: 80})
		}
		return anthropictest.Text(r.Model, "Thank you for order 1001.", anthropictest.Usage{Input: 200, Output: 10})
	})
	defer srv.Close()
	sdk := anthropic.NewClient(option.WithBaseURL(srv.URL()), option.WithAPIKey("sk-ant-fake"))
	res, err := review(context.Background(), sdk, evaluator.Task{ID: "order-1", Input: "Thank the customer for order 1001."})
	if err != nil || res.Outcome != loop.OutcomeSucceeded || res.Candidate != "Thank you for order 1001." || res.Cost <= 0 {
		t.Fatalf("review: %s %q cost %v, %v", res.Outcome, res.Candidate, res.Cost, err)
	}
	if srv.Count() != 2 {
		t.Errorf("%d requests, want 2 (draft, judgment)", srv.Count())
	}
}
