// Command anthropic runs the refund loop of examples/refund with every
// model role on Anthropic's Messages API through the official SDK
// (github.com/anthropics/anthropic-sdk-go/v2) and the adapter
// github.com/evalopt/evalopt/adapters/anthropic (package anthropicadapter): a writer model drafts and revises, a judge model on another
// family returns decisions by calling a strict tool the request forces, and
// a deterministic evidence stage runs before the judge.
//
// The SDK talks to an in-process fake of the endpoint (the adapter's
// anthropictest package) that checks each request against the strict-tool
// rules and plays the models, so the program needs no key and no network.
// To use the real API, build the SDK client with option.WithAPIKey (or
// ANTHROPIC_API_KEY) and drop option.WithBaseURL. Run it with
//
//	cd examples/anthropic && go run .
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	anthropicadapter "github.com/evalopt/evalopt/adapters/anthropic"
	"github.com/evalopt/evalopt/adapters/anthropic/anthropictest"
	"github.com/evalopt/evalopt/evaluator/provider"
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "anthropic:", err)
		os.Exit(1)
	}
}

// The writer and the judge run on different model families: the loop's
// self-approval guard refuses a judge on the writer's family.
const (
	writerModel = "claude-haiku-4-5"
	judgeModel  = "claude-sonnet-4-5"
)

// prices are the caller's prices per million tokens, in US dollars.
var prices = provider.PriceTable{
	writerModel: {Input: 1.00, CachedInput: 0.10, CacheWrite: 1.25, Output: 5.00},
	judgeModel:  {Input: 3.00, CachedInput: 0.30, CacheWrite: 3.75, Output: 15.00},
}

// newRoles builds the demo's roles (NewRoles, run.go) on adapter
// clients for the writer and the judge model, sharing one SDK client that
// talks to the API at baseURL. The SDK's own retries are turned off by the
// adapter on every request; retries belong to the loop.
func newRoles(baseURL, writerName, judgeName string) (Roles, error) {
	sdk := anthropic.NewClient(option.WithBaseURL(baseURL), option.WithAPIKey("sk-ant-fake"))
	return NewRoles(writerName, judgeName, func(model string) (*anthropicadapter.Client, error) {
		return anthropicadapter.New(sdk, anthropicadapter.Config{Model: model, Prices: prices})
	})
}

// run serves the fake endpoint, runs both refund tasks through the loop on
// it and prints each trace and outcome to w (RunOn). The output
// is the same on every run.
func run(w io.Writer) error {
	return RunOn(w, anthropictest.New(models), func(baseURL string) (Roles, error) {
		return newRoles(baseURL, writerModel, judgeModel)
	})
}
