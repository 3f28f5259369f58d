package report

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

func TestStepTokens(t *testing.T) {
	assert.Nil(t, stepTokens(nil), "no usage, no tokens")

	// Distinct models in the order they answered, blanks skipped; inputs
	// counted cached ones included.
	got := stepTokens([]provider.Usage{
		{Model: "judge-a", InputTokens: 10, CachedInputTokens: 5, CacheWriteTokens: 2, OutputTokens: 3},
		{Model: " ", InputTokens: 1},
		{Model: "judge-b", InputTokens: 4, OutputTokens: 1},
		{Model: "judge-a", OutputTokens: 2},
	})
	assert.Equal(t, &tokens{Model: "judge-a, judge-b", Input: 22, Uncached: 15, Cached: 5, CacheWrite: 2, Output: 6}, got)

	// An ensemble of many judges: the first few named, the rest counted.
	var many []provider.Usage
	for _, m := range []string{"a", "b", "c", "d", "e", "a"} {
		many = append(many, provider.Usage{Model: m, InputTokens: 1})
	}
	assert.Equal(t, "a, b, c, +2 more", stepTokens(many).Model)

	// A usage that names no model shows tokens without one.
	assert.Equal(t, "", stepTokens([]provider.Usage{{InputTokens: 7}}).Model)

	// A long name is cut.
	long := stepTokens([]provider.Usage{{Model: strings.Repeat("m", 300)}}).Model
	assert.LessOrEqual(t, len([]rune(long)), 61)
}

func TestRolesOf(t *testing.T) {
	roles, total := rolesOf(loop.RoleCosts{Generate: 1, Evaluate: 2, Revise: 3}, nil)
	assert.Nil(t, total, "no usage reported")
	assert.Equal(t, []roleView{{Role: "generate", Cost: 1}, {Role: "evaluate", Cost: 2}, {Role: "revise", Cost: 3}}, roles)

	roles, total = rolesOf(loop.RoleCosts{Evaluate: 0.5}, map[loop.Role]provider.Usage{
		loop.RoleEvaluate: {Model: "(several models)", InputTokens: 100, CachedInputTokens: 50, OutputTokens: 20},
		loop.RoleRevise:   {Model: "gpt-4.1-mini", InputTokens: 10, OutputTokens: 5},
	})
	assert.Nil(t, roles[0].Tokens, "generate reported none")
	assert.Equal(t, &tokens{Model: "(several models)", Input: 150, Uncached: 100, Cached: 50, Output: 20}, roles[1].Tokens)
	assert.Equal(t, &tokens{Input: 160, Uncached: 110, Cached: 50, Output: 25}, total)
	assert.Equal(t, "110 uncached, 50 read from the cache, 0 written to the cache", total.Split())
}
