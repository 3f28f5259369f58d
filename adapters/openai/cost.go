package openaiadapter

import (
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"

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

// responseUsage converts the Responses API's token counts into
// evaluator.Usage: input_tokens include the cached ones, as on Chat
// Completions.
func responseUsage(model string, u responses.ResponseUsage) evaluator.Usage {
	cached := u.InputTokensDetails.CachedTokens
	return evaluator.Usage{
		Model:             model,
		InputTokens:       u.InputTokens - cached,
		CachedInputTokens: cached,
		OutputTokens:      u.OutputTokens,
	}
}
