package anthropicadapter

import (
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
