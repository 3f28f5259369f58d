package anthropicadapter_test

import (
	"context"
	"fmt"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	anthropicadapter "github.com/evalopt/evalopt/adapters/anthropic"
	"github.com/evalopt/evalopt/adapters/anthropic/anthropictest"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// A writer on one model family and a judge on another, wired to the
// official SDK. Here the SDK talks to an in-process fake of the API; with a
// real key, drop option.WithBaseURL.
func Example() {
	srv := anthropictest.New(func(r anthropictest.Request) anthropictest.Reply {
		if r.ToolChoice.Name != "" { // the judge, forced to call its tool
			return anthropictest.ToolUse(r.Model, r.ToolChoice.Name, `{"status":"pass","score":0.9,"criteria":[{"name":"polite","passed":true,"evidenceRefs":[],"reason":"thanks the customer"}],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`,
				anthropictest.Usage{Input: 1200, Output: 80})
		}
		return anthropictest.Text(r.Model, "Thank you for your order.", anthropictest.Usage{Input: 200, Output: 10})
	})
	defer srv.Close()

	sdk := anthropic.NewClient(option.WithBaseURL(srv.URL()), option.WithAPIKey("sk-ant-fake"))
	prices := provider.PriceTable{
		"claude-haiku-4-5":  {Input: 1.00, Output: 5.00},
		"claude-sonnet-4-5": {Input: 3.00, Output: 15.00},
	}
	writer, err := anthropicadapter.New(sdk, anthropicadapter.Config{Model: "claude-haiku-4-5", Prices: prices})
	if err != nil {
		panic(err)
	}
	judge, err := anthropicadapter.New(sdk, anthropicadapter.Config{Model: "claude-sonnet-4-5", Prices: prices})
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
	// succeeded: "Thank you for your order.", cost 0.005050 USD
}
