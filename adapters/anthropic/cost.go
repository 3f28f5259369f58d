package anthropicadapter

import (
	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// usage converts Anthropic's token counts into provider.Usage; both are
// disjoint (input_tokens excludes cache reads and writes).
func usage(model string, u anthropic.Usage) provider.Usage {
	return provider.Usage{
		Model:             model,
		InputTokens:       u.InputTokens,
		CachedInputTokens: u.CacheReadInputTokens,
		CacheWriteTokens:  u.CacheCreationInputTokens,
		OutputTokens:      u.OutputTokens,
	}
}
