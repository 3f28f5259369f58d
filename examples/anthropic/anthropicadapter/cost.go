package anthropicadapter

import (
	"context"
	"fmt"

	"github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/evalopt/evalopt/evaluator"
)

// usage converts Anthropic's token counts into evaluator.Usage; both are
// disjoint (input_tokens excludes cache reads and writes).
func usage(model string, u anthropic.Usage) evaluator.Usage {
	return evaluator.Usage{
		Model:             model,
		InputTokens:       u.InputTokens,
		CachedInputTokens: u.CacheReadInputTokens,
		CacheWriteTokens:  u.CacheCreationInputTokens,
		OutputTokens:      u.OutputTokens,
	}
}

// reportCost prices the reply's usage with the Client's price table and
// reports it to the cost meter ctx carries (the loop's, or the
// evaluator-quality runner's). The reply's own model name is priced when it
// has one (it may be a dated snapshot of the requested model; the table
// matches by family). A model the table cannot price fails the call, as a
// permanent error: running unmetered would let WithMaxCost silently never
// fire. Without a table nothing is reported.
func (c *Client) reportCost(ctx context.Context, model string, u anthropic.Usage) error {
	if c.prices == nil {
		return nil
	}
	if model == "" {
		model = c.model
	}
	if _, err := c.prices.ReportUsage(ctx, usage(model, u)); err != nil {
		return evaluator.Permanent(fmt.Errorf("anthropicadapter: cost: %w", err))
	}
	return nil
}
