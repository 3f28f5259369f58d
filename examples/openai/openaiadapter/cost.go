package openaiadapter

import (
	"context"
	"fmt"

	"github.com/openai/openai-go/v3"

	"github.com/evalopt/evalopt/evaluator"
)

// usage converts OpenAI's token counts into evaluator.Usage. OpenAI's
// prompt_tokens include the cached ones; Usage's counts are disjoint.
func usage(model string, u openai.CompletionUsage) evaluator.Usage {
	cached := u.PromptTokensDetails.CachedTokens
	return evaluator.Usage{
		Model:             model,
		InputTokens:       u.PromptTokens - cached,
		CachedInputTokens: cached,
		OutputTokens:      u.CompletionTokens,
	}
}

// reportCost prices the reply's usage with the Client's price table and
// reports it to the cost meter ctx carries (the loop's, or the
// evaluator-quality runner's). The reply's own model name is priced when it
// has one (it may be a dated snapshot of the requested model; the table
// matches by family). A model the table cannot price fails the call, as a
// permanent error: running unmetered would let WithMaxCost silently never
// fire. Without a table nothing is reported.
func (c *Client) reportCost(ctx context.Context, model string, u openai.CompletionUsage) error {
	if c.prices == nil {
		return nil
	}
	if model == "" {
		model = c.model
	}
	if _, err := c.prices.ReportUsage(ctx, usage(model, u)); err != nil {
		return evaluator.Permanent(fmt.Errorf("openaiadapter: cost: %w", err))
	}
	return nil
}
