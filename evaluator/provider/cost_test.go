package provider

import (
	"context"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type parentKey struct{}

func TestAddCost(t *testing.T) {
	parent := context.WithValue(context.Background(), parentKey{}, "v")
	ctx, m := WithCostMeter(parent)
	assert.Equal(t, "v", ctx.Value(parentKey{}), "the meter's context keeps the parent's values")
	assert.Same(t, m, CostMeterFrom(ctx))
	sub, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	tests := []struct {
		ctx    context.Context
		amount float64
		ok     bool
	}{
		{context.Background(), 1, false},
		{ctx, 1, true},
		{sub, 0.5, true},
		{ctx, 0, true},
		{ctx, -0.1, false},
		{ctx, math.NaN(), false},
		{ctx, math.Inf(1), false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.ok, AddCost(tt.ctx, tt.amount), "%v", tt.amount)
	}
	assert.Equal(t, 1.5, m.Total())
	require.ErrorIs(t, m.err(), ErrInvalidCost)
	assert.Contains(t, m.err().Error(), "AddCost(-0.1)", "the first invalid report is kept")

	c, u, err := m.Take()
	assert.Equal(t, 1.5, c)
	assert.Nil(t, u, "no usage reported")
	assert.ErrorIs(t, err, ErrInvalidCost)
	assert.Equal(t, 0.0, m.Total(), "Take starts a new span")
	assert.NoError(t, m.err())

	m.Close()
	assert.False(t, AddCost(ctx, 1), "a closed meter records nothing")
	assert.Equal(t, 0.0, m.Total())
	assert.Nil(t, CostMeterFrom(context.Background()))
}

func TestCostMeterInnerHidesOuter(t *testing.T) {
	outer, om := WithCostMeter(context.Background())
	inner, im := WithCostMeter(outer)
	AddCost(inner, 2)
	assert.Equal(t, 2.0, im.Total())
	assert.Equal(t, 0.0, om.Total())
}

func TestCostMeterConcurrent(t *testing.T) {
	ctx, m := WithCostMeter(context.Background())
	var wg sync.WaitGroup
	for i := 0; i < 64; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			AddCost(ctx, 0.25)
		}()
	}
	wg.Wait()
	assert.Equal(t, 16.0, m.Total())
}

func TestPriceTableCost(t *testing.T) {
	prices := PriceTable{
		"gpt-4.1":           {Input: 2, CachedInput: 0.5, Output: 8},
		"claude-sonnet-4-5": {Input: 3, CachedInput: 0.3, CacheWrite: 3.75, Output: 15},
		"no-discount":       {Input: 1, Output: 2},
	}
	tests := []struct {
		name string
		u    Usage
		want float64
	}{
		{"exact", Usage{Model: "gpt-4.1", InputTokens: 1_000_000, OutputTokens: 500_000}, 2 + 4},
		{"family", Usage{Model: "openai/gpt-4.1-2025-04-14", InputTokens: 1000, CachedInputTokens: 2000, OutputTokens: 100}, (1000*2 + 2000*0.5 + 100*8) / 1e6},
		{"case and space", Usage{Model: " GPT-4.1 ", OutputTokens: 1_000_000}, 8},
		{"cache write", Usage{Model: "claude-sonnet-4-5-20250929", InputTokens: 10, CachedInputTokens: 1000, CacheWriteTokens: 100, OutputTokens: 20}, (10*3 + 1000*0.3 + 100*3.75 + 20*15) / 1e6},
		{"zero cached price bills at input", Usage{Model: "no-discount", CachedInputTokens: 1_000_000, CacheWriteTokens: 1_000_000}, 2},
		{"no usage", Usage{Model: "gpt-4.1"}, 0},
	}
	for _, tt := range tests {
		got, err := prices.Cost(tt.u)
		require.NoError(t, err, tt.name)
		assert.InDelta(t, tt.want, got, 1e-12, tt.name)
	}
}

func TestPriceTableErrors(t *testing.T) {
	prices := PriceTable{
		"gpt-4.1":            {Input: 2, Output: 8},
		"gpt-4.1-2025-04-14": {Input: 3, Output: 8},
		"bad":                {Input: -1, Output: 1},
		"nan":                {Input: math.NaN(), Output: 1},
	}
	_, err := prices.Cost(Usage{Model: "gpt-5", InputTokens: 1})
	require.ErrorIs(t, err, ErrUnknownModel, "an unknown model is an error, not 0")
	assert.Contains(t, err.Error(), `"gpt-5"`)
	_, err = PriceTable(nil).Cost(Usage{Model: "gpt-4.1"})
	assert.ErrorIs(t, err, ErrUnknownModel)

	p, err := prices.Price("gpt-4.1-2025-04-14")
	require.NoError(t, err)
	assert.Equal(t, 3.0, p.Input, "an exact entry wins over its family")
	_, err = prices.Price("openai/gpt-4.1-2025-06-01")
	require.Error(t, err, "two family entries that disagree are ambiguous")
	assert.Contains(t, err.Error(), "disagree")

	_, err = prices.Cost(Usage{Model: "bad"})
	assert.ErrorContains(t, err, "input: must be finite and >= 0")
	_, err = prices.Cost(Usage{Model: "nan"})
	assert.ErrorContains(t, err, "input: must be finite")
	_, err = prices.Cost(Usage{Model: "gpt-4.1", OutputTokens: -3})
	assert.ErrorContains(t, err, "outputTokens: must be >= 0, got -3")
}

func TestReportUsage(t *testing.T) {
	prices := PriceTable{"gpt-4.1": {Input: 2, Output: 8}}
	ctx, m := WithCostMeter(context.Background())
	c, err := prices.ReportUsage(ctx, Usage{Model: "gpt-4.1", InputTokens: 500_000, OutputTokens: 250_000})
	require.NoError(t, err)
	assert.Equal(t, 3.0, c)
	assert.Equal(t, 3.0, m.Total())
	_, err = prices.ReportUsage(ctx, Usage{Model: "unknown"})
	assert.ErrorIs(t, err, ErrUnknownModel)
	assert.Equal(t, 3.0, m.Total(), "nothing is reported for an unpriced call")
	_, usage, _ := m.Take()
	assert.Equal(t, []Usage{{Model: "gpt-4.1", InputTokens: 500_000, OutputTokens: 250_000}}, usage, "the usage is reported with the cost")
	c, err = prices.ReportUsage(context.Background(), Usage{Model: "gpt-4.1", OutputTokens: 1_000_000})
	assert.NoError(t, err, "no meter is not an error")
	assert.Equal(t, 8.0, c)
}

func BenchmarkAddCost(b *testing.B) {
	ctx, _ := WithCostMeter(context.Background())
	b.ReportAllocs()
	for b.Loop() {
		AddCost(ctx, 0.001)
	}
}

func BenchmarkPriceTableCost(b *testing.B) {
	prices := PriceTable{"gpt-4.1": {Input: 2, CachedInput: 0.5, Output: 8}, "claude-sonnet-4-5": {Input: 3, Output: 15}}
	u := Usage{Model: "gpt-4.1", InputTokens: 1200, CachedInputTokens: 300, OutputTokens: 400}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := prices.Cost(u); err != nil {
			b.Fatal(err)
		}
	}
}
