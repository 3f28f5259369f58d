package provider

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAddUsage(t *testing.T) {
	assert.False(t, AddUsage(context.Background(), Usage{Model: "m"}), "no meter: nothing recorded")

	ctx, m := WithCostMeter(context.Background())
	assert.True(t, AddUsage(ctx, Usage{Model: " gpt-4.1-2025-04-14 ", InputTokens: 10, CachedInputTokens: 5, OutputTokens: 3}))
	assert.True(t, AddUsage(ctx, Usage{Model: "claude-sonnet-4-5", InputTokens: 1, CacheWriteTokens: 2, OutputTokens: 4}))
	assert.False(t, AddUsage(ctx, Usage{Model: "bad", OutputTokens: -1}), "a negative count is refused")
	assert.False(t, AddUsage(ctx, Usage{Model: "bad", CachedInputTokens: -2}))

	cost, usage, err := m.Take()
	assert.Equal(t, 0.0, cost, "a usage costs nothing by itself")
	assert.Equal(t, []Usage{
		{Model: "gpt-4.1-2025-04-14", InputTokens: 10, CachedInputTokens: 5, OutputTokens: 3},
		{Model: "claude-sonnet-4-5", InputTokens: 1, CacheWriteTokens: 2, OutputTokens: 4},
	}, usage, "kept in order, the model trimmed")
	require.ErrorIs(t, err, ErrInvalidCost, "an invalid usage fails like an invalid cost")
	assert.Contains(t, err.Error(), "outputTokens: must be >= 0, got -1", "the first invalid report is kept, naming the field")

	_, usage, err = m.Take()
	assert.Nil(t, usage, "Take starts a new span")
	assert.NoError(t, err)

	m.Close()
	assert.False(t, AddUsage(ctx, Usage{Model: "m", InputTokens: 1}), "a closed meter records nothing")
}

// TestAddUsageBounded: a role that calls a model without end leaves a
// bounded list whose totals are still exact.
func TestAddUsageBounded(t *testing.T) {
	ctx, m := WithCostMeter(context.Background())
	for i := range 1000 {
		AddUsage(ctx, Usage{Model: fmt.Sprintf("m%d", i%100), InputTokens: 1, OutputTokens: 2})
	}
	AddUsage(ctx, Usage{Model: strings.Repeat("é", 300), OutputTokens: 1})
	_, usage, err := m.Take()
	require.NoError(t, err)
	require.Len(t, usage, maxUsages)
	var in, out int64
	for _, u := range usage {
		in += u.InputTokens
		out += u.OutputTokens
		assert.LessOrEqual(t, len(u.Model), maxModelName)
	}
	assert.Equal(t, int64(1000), in)
	assert.Equal(t, int64(2001), out)
	assert.Equal(t, "m0", usage[0].Model)
	assert.Equal(t, int64(10), usage[0].InputTokens, "m0's later reports join its kept usage")
	assert.Equal(t, severalModels, usage[maxUsages-1].Model, "models past the bound share the last usage")

	long := boundModel(strings.Repeat("é", 300))
	assert.Len(t, long, maxModelName, "cut on a rune boundary")
	assert.True(t, strings.HasSuffix(long, "é"))
}

func TestAddUsageConcurrent(t *testing.T) {
	ctx, m := WithCostMeter(context.Background())
	var wg sync.WaitGroup
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			AddUsage(ctx, Usage{Model: "m", InputTokens: 2, OutputTokens: 1})
		}()
	}
	wg.Wait()
	_, usage, _ := m.Take()
	var in int64
	for _, u := range usage {
		in += u.InputTokens
	}
	assert.Len(t, usage, 32)
	assert.Equal(t, int64(64), in)
}

func BenchmarkAddUsage(b *testing.B) {
	ctx, m := WithCostMeter(context.Background())
	u := Usage{Model: "gpt-4.1", InputTokens: 1200, OutputTokens: 400}
	b.ReportAllocs()
	for b.Loop() {
		AddUsage(ctx, u)
		AddUsage(ctx, u)
		m.Take()
	}
}
