package openaiadapter_test

import (
	"context"
	"fmt"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	openaiadapter "github.com/evalopt/evalopt/adapters/openai"
	"github.com/evalopt/evalopt/adapters/openai/openaitest"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// A writer on one model family and a judge on another, wired to the
// official SDK. Here the SDK talks to an in-process fake of the API; with a
// real key, drop option.WithBaseURL.
func Example() {
	srv := openaitest.New(func(r openaitest.Request) openaitest.Reply {
		if r.Format != nil { // the judge
			return openaitest.Completion(r.Model, `{"status":"pass","score":0.9,"criteria":[{"name":"polite","passed":true,"evidenceRefs":[],"reason":"thanks the customer"}],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`,
				openaitest.Usage{Prompt: 1200, Completion: 80})
		}
		return openaitest.Completion(r.Model, "Thank you for your order.", openaitest.Usage{Prompt: 200, Completion: 10})
	})
	defer srv.Close()

	sdk := openai.NewClient(option.WithBaseURL(srv.URL()), option.WithAPIKey("sk-fake"))
	prices := provider.PriceTable{
		"gpt-4.1-mini": {Input: 0.40, Output: 1.60},
		"gpt-4.1":      {Input: 2.00, Output: 8.00},
	}
	writer, err := openaiadapter.New(sdk, openaiadapter.Config{Model: "gpt-4.1-mini", Prices: prices})
	if err != nil {
		panic(err)
	}
	judge, err := openaiadapter.New(sdk, openaiadapter.Config{Model: "gpt-4.1", Prices: prices})
	if err != nil {
		panic(err)
	}

	task := evaluator.Task{ID: "t1", Input: "Thank the customer for their order."}
	res, err := loop.RunLoop(context.Background(), task,
		writer.Generator("You write short customer replies."), judge.DecisionJudge(), writer.Reviser("You revise customer replies."),
		loop.WithRetry(3, 0), loop.WithMaxCost(0.10))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s: %q, cost %.6f USD\n", res.Outcome, res.Candidate, res.Cost)
	// Output:
	// succeeded: "Thank you for your order.", cost 0.003136 USD
}

// The same roles on the Responses API: the system prompt travels as
// instructions, the schema as a strict json_schema text.format.
func Example_responses() {
	srv := openaitest.New(func(r openaitest.Request) openaitest.Reply {
		if r.Format != nil { // the judge
			return openaitest.Response(r.Model, `{"status":"pass","score":0.9,"criteria":[{"name":"polite","passed":true,"evidenceRefs":[],"reason":"thanks the customer"}],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`,
				openaitest.Usage{Prompt: 1200, Completion: 80})
		}
		return openaitest.Response(r.Model, "Thank you for your order.", openaitest.Usage{Prompt: 200, Completion: 10})
	})
	defer srv.Close()

	sdk := openai.NewClient(option.WithBaseURL(srv.URL()), option.WithAPIKey("sk-fake"))
	writer, err := openaiadapter.New(sdk, openaiadapter.Config{Model: "gpt-4.1-mini", API: openaiadapter.APIResponses})
	if err != nil {
		panic(err)
	}
	judge, err := openaiadapter.New(sdk, openaiadapter.Config{Model: "gpt-4.1", API: openaiadapter.APIResponses})
	if err != nil {
		panic(err)
	}
	task := evaluator.Task{ID: "t1", Input: "Thank the customer for their order."}
	res, err := loop.RunLoop(context.Background(), task,
		writer.Generator("You write short customer replies."), judge.DecisionJudge(), writer.Reviser("You revise customer replies."))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s: %q after %d requests to %s\n", res.Outcome, res.Candidate, srv.Count(), srv.Requests()[0].API)
	// Output:
	// succeeded: "Thank you for your order." after 2 requests to responses
}
