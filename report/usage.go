package report

import (
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// maxModelsShown is how many distinct models one step's row names; a step
// that called more (an ensemble of judges, say) says how many it left out.
const maxModelsShown = 3

// tokens is the token usage shown for a step, a role or a whole loop.
type tokens struct {
	// Model names the model or models that answered, as the provider
	// said; empty when no usage named one.
	Model string
	// Input counts every input token, cached ones included, as the loop's
	// spans and logs count gen_ai.usage.input_tokens; Uncached, Cached and
	// CacheWrite split it.
	Input, Uncached, Cached, CacheWrite int64
	// Output counts the output tokens, reasoning included.
	Output int64
}

// add adds u to t, leaving Model alone.
func (t *tokens) add(u provider.Usage) {
	t.Uncached += u.InputTokens
	t.Cached += u.CachedInputTokens
	t.CacheWrite += u.CacheWriteTokens
	t.Input += u.InputTokens + u.CachedInputTokens + u.CacheWriteTokens
	t.Output += u.OutputTokens
}

// Split says how the input tokens divide, for a tooltip: "1200 uncached,
// 400 cached, 0 written to the cache".
func (t *tokens) Split() string {
	return fmt.Sprintf("%d uncached, %d read from the cache, %d written to the cache", t.Uncached, t.Cached, t.CacheWrite)
}

// stepTokens sums the usages one call reported, naming the distinct models
// that answered in the order they did; nil when the call reported none.
func stepTokens(usage []provider.Usage) *tokens {
	if len(usage) == 0 {
		return nil
	}
	t := &tokens{}
	var models []string
	seen := map[string]bool{}
	for _, u := range usage {
		t.add(u)
		if m := strings.TrimSpace(u.Model); m != "" && !seen[m] {
			seen[m] = true
			models = append(models, clipModel(m))
		}
	}
	if len(models) > maxModelsShown {
		models = append(models[:maxModelsShown], fmt.Sprintf("+%d more", len(models)-maxModelsShown))
	}
	t.Model = strings.Join(models, ", ")
	return t
}

// roleView is one role's share of a loop's cost and tokens.
type roleView struct {
	Role string
	Cost float64
	// Tokens is nil when the role reported no usage.
	Tokens *tokens
}

// rolesOf splits cost and token usage by role, in the order the loop calls
// the roles, and sums the tokens of them all (nil when no role reported
// usage). A role's model is the one Result.UsageByRole names: the single
// model its calls named, or "(several models)".
func rolesOf(costs loop.RoleCosts, usage map[loop.Role]provider.Usage) ([]roleView, *tokens) {
	roles := []roleView{
		{Role: string(loop.RoleGenerate), Cost: costs.Generate},
		{Role: string(loop.RoleEvaluate), Cost: costs.Evaluate},
		{Role: string(loop.RoleRevise), Cost: costs.Revise},
	}
	var total *tokens
	for i := range roles {
		u, ok := usage[loop.Role(roles[i].Role)]
		if !ok {
			continue
		}
		t := &tokens{Model: clipModel(strings.TrimSpace(u.Model))}
		t.add(u)
		roles[i].Tokens = t
		if total == nil {
			total = &tokens{}
		}
		total.add(u)
	}
	return roles, total
}

// clipModel bounds a model name as shown (the loop already cuts names at
// 256 bytes; a table cell needs less).
func clipModel(m string) string { return oneLine(m, 60) }
