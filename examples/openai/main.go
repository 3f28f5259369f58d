// Command openai runs the refund loop of examples/refund with every model
// role on OpenAI's Chat Completions API through the official SDK
// (github.com/openai/openai-go/v3) and the adapter
// github.com/evalopt/evalopt/adapters/openai (package openaiadapter): a writer model drafts and revises, a judge model on another
// family returns decisions under a strict json_schema response format, and
// a deterministic evidence stage runs before the judge.
//
// The SDK talks to an in-process fake of the endpoint (the adapter's
// openaitest package) that checks each request against the strict-mode rules and plays the
// models, so the program needs no key and no network. To use the real API,
// build the SDK client with option.WithAPIKey (or OPENAI_API_KEY) and drop
// option.WithBaseURL. Run it with
//
//	cd examples/openai && go run .
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	openaiadapter "github.com/evalopt/evalopt/adapters/openai"
	"github.com/evalopt/evalopt/adapters/openai/openaitest"
	"github.com/evalopt/evalopt/evaluator/provider"
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "openai:", err)
		os.Exit(1)
	}
}

// The writer and the judge run on different model families: the loop's
// self-approval guard refuses a judge on the writer's family.
const (
	writerModel = "gpt-4.1-mini"
	judgeModel  = "gpt-4.1"
)

// prices are the caller's prices per million tokens, in US dollars.
var prices = provider.PriceTable{
	writerModel: {Input: 0.40, CachedInput: 0.10, Output: 1.60},
	judgeModel:  {Input: 2.00, CachedInput: 0.50, Output: 8.00},
}

// newRoles builds the demo's roles (NewRoles, run.go) on adapter
// clients for the writer and the judge model, sharing one SDK client that
// talks to the API at baseURL. The SDK's own retries are turned off by the
// adapter on every request; retries belong to the loop.
func newRoles(baseURL, writerName, judgeName string) (Roles, error) {
	sdk := openai.NewClient(option.WithBaseURL(baseURL), option.WithAPIKey("sk-fake"))
	return NewRoles(writerName, judgeName, func(model string) (*openaiadapter.Client, error) {
		return openaiadapter.New(sdk, openaiadapter.Config{Model: model, Prices: prices})
	})
}

// run serves the fake endpoint, runs both refund tasks through the loop on
// it and prints each trace and outcome to w (RunOn). The output
// is the same on every run.
func run(w io.Writer) error {
	return RunOn(w, openaitest.New(models), func(baseURL string) (Roles, error) {
		return newRoles(baseURL, writerModel, judgeModel)
	})
}
