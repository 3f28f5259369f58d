package openaiadapter

import (
	"context"
	"fmt"
	"math"

	"github.com/openai/openai-go/v3"

	"github.com/evalopt/evalopt/loop"
)

// Prices are a model's prices per million tokens, in the unit the loop
// budgets (WithMaxCost), usually US dollars. The zero value reports no cost.
type Prices struct {
	// Input is the price of a million prompt tokens not read from cache.
	Input float64
	// CachedInput is the price of a million prompt tokens read from cache.
	// Default (zero): the Input price.
	CachedInput float64
	// Output is the price of a million completion tokens (reasoning
	// tokens included).
	Output float64
}

func (p Prices) validate() error {
	for _, f := range []struct {
		name string
		v    float64
	}{{"Input", p.Input}, {"CachedInput", p.CachedInput}, {"Output", p.Output}} {
		if f.v < 0 || math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			return fmt.Errorf("openaiadapter: Options.Prices.%s: must be a finite number >= 0, got %v", f.name, f.v)
		}
	}
	return nil
}

// cost is the price of one reply's usage.
func (p Prices) cost(u openai.CompletionUsage) float64 {
	cached := u.PromptTokensDetails.CachedTokens
	cachedPrice := p.CachedInput
	if cachedPrice == 0 {
		cachedPrice = p.Input
	}
	return (float64(u.PromptTokens-cached)*p.Input + float64(cached)*cachedPrice + float64(u.CompletionTokens)*p.Output) / 1e6
}

// reportCost adds the reply's cost to the cost meter of the role call
// running under ctx.
func (c *Client) reportCost(ctx context.Context, u openai.CompletionUsage) error {
	loop.AddCost(ctx, c.prices.cost(u))
	return nil
}
