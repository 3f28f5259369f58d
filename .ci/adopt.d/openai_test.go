package main

// The adoption check's harness for the OpenAI snippet of docs/adapters.md:
// it runs review against the adapter's fake API (openaitest).

import (
	"context"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/evalopt/evalopt/adapters/openai/openaitest"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

const pass = `{"status":"pass","score":0.9,"criteria":[{"name":"polite","passed":true,"evidenceRefs":[],"reason":"thanks the customer"}],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`

func TestSnippet(t *testing.T) {
	srv := openaitest.New(func(r openaitest.Request) openaitest.Reply {
		if r.Format != nil { // the judge, under its strict schema
			return openaitest.Completion(r.Model+"-2025-04-14", pass, openaitest.Usage{Prompt: 1200, Completion: 80})
		}
		return openaitest.Completion(r.Model, "Thank you for order 1001.", openaitest.Usage{Prompt: 200, Completion: 10})
	})
	defer srv.Close()
	sdk := openai.NewClient(option.WithBaseURL(srv.URL()), option.WithAPIKey("sk-fake"))
	res, err := review(context.Background(), sdk, evaluator.Task{ID: "order-1", Input: "Thank the customer for order 1001."})
	if err != nil || res.Outcome != loop.OutcomeSucceeded || res.Candidate != "Thank you for order 1001." || res.Cost <= 0 {
		t.Fatalf("review: %s %q cost %v, %v", res.Outcome, res.Candidate, res.Cost, err)
	}
	if srv.Count() != 2 {
		t.Errorf("%d requests, want 2 (draft, judgment)", srv.Count())
	}
}
