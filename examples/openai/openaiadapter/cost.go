package openaiadapter

import (
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/openai/openai-go/v3"
)

// usage converts OpenAI's token counts into provider.Usage. OpenAI's
// prompt_tokens include the cached ones; Usage's counts are disjoint.
func usage(model string, u openai.CompletionUsage) provider.Usage {
	cached := u.PromptTokensDetails.CachedTokens
	return provider.Usage{
		Model:             model,
		InputTokens:       u.PromptTokens - cached,
		CachedInputTokens: cached,
		OutputTokens:      u.CompletionTokens,
	}
}
