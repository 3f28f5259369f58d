package provider_test

import (
	"context"
	"fmt"

	"github.com/evalopt/evalopt/evaluator/provider"
)

// Turning a provider's usage into cost with the caller's own prices.
func ExamplePriceTable_Cost() {
	prices := provider.PriceTable{ // per million tokens
		"gpt-4.1": {Input: 2.00, CachedInput: 0.50, Output: 8.00},
	}
	cost, err := prices.Cost(provider.Usage{
		Model:       "gpt-4.1-2025-04-14", // priced by its family
		InputTokens: 12_000, CachedInputTokens: 4_000, OutputTokens: 900,
	})
	fmt.Printf("%.4f %v\n", cost, err)
	_, err = prices.Cost(provider.Usage{Model: "o3", InputTokens: 1})
	fmt.Println(err)
	// Output:
	// 0.0332 <nil>
	// provider: no price for model "o3"
}

// What the loop retries.
func ExampleClassify() {
	for _, err := range []error{
		&provider.ProviderError{Provider: "openai", StatusCode: 429, Code: "rate_limit_exceeded"},
		&provider.ProviderError{Provider: "anthropic", StatusCode: 401, Code: "authentication_error"},
		&provider.RefusalError{Provider: "openai", Text: "I can't help with that."},
		context.DeadlineExceeded,
	} {
		fmt.Printf("%s: %v\n", provider.Classify(err), err)
	}
	// Output:
	// transient: openai: 429 rate_limit_exceeded
	// permanent: anthropic: 401 authentication_error
	// permanent: openai: model refused: I can't help with that.
	// transient: context deadline exceeded
}
