package openaiadapter_test

import (
	"context"
	"fmt"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/examples/openai/internal/fakeopenai"
	"github.com/evalopt/evalopt/examples/openai/openaiadapter"
	"github.com/evalopt/evalopt/loop"
)

// A writer on one model family and a judge on another, wired to the
// official SDK. Here the SDK talks to an in-process fake of the API; with a
// real key, drop option.WithBaseURL.
func Example() {
	srv := fakeopenai.New(func(r fakeopenai.Request) fakeopenai.Reply {
		if r.Format != nil { // the judge
			return fakeopenai.Completion(r.Model, `{"status":"pass","score":0.9,"criteria":[{"name":"polite","passed":true,"evidenceRefs":[],"reason":"thanks the customer"}],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`,
				fakeopenai.Usage{Prompt: 1200, Completion: 80})
		}
		return fakeopenai.Completion(r.Model, "Thank you for your order.", fakeopenai.Usage{Prompt: 200, Completion: 10})
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
