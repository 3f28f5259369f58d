package openaiadapter

import (
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
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

// responseUsage converts the Responses API's token counts into
// provider.Usage: input_tokens include the cached ones, as on Chat
// Completions.
func responseUsage(model string, u responses.ResponseUsage) provider.Usage {
	cached := u.InputTokensDetails.CachedTokens
	return provider.Usage{
		Model:             model,
		InputTokens:       u.InputTokens - cached,
		CachedInputTokens: cached,
		OutputTokens:      u.OutputTokens,
	}
}
