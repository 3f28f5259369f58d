package anthropicadapter_test

import (
	"context"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/evalopt/evalopt/adapters/adapterkit/adaptertest"
	anthropicadapter "github.com/evalopt/evalopt/adapters/anthropic"
	"github.com/evalopt/evalopt/adapters/anthropic/anthropictest"
	"github.com/evalopt/evalopt/evaluator/provider"
)

var prices = provider.PriceTable{
	"claude-sonnet-4-5": {Input: 3, CachedInput: 0.30, CacheWrite: 3.75, Output: 15},
	"claude-haiku-4-5":  {Input: 1, CachedInput: 0.10, CacheWrite: 1.25, Output: 5},
}

// TestCostFromUsage: Anthropic's counts are disjoint, and cache reads and
// writes are priced apart. 600 uncached input tokens, 400 read from cache,
// 100 written to it and 500 output tokens, priced as claude-sonnet-4-5
// (the reply names a dated snapshot of it), billed on a refusal or a
// truncated reply too.
func TestCostFromUsage(t *testing.T) {
	u := anthropictest.Usage{Input: 600, CacheRead: 400, CacheWrite: 100, Output: 500}
	adaptertest.RunCostCases(t, fakeProvider, "claude-sonnet-4-5", prices, (600*3+400*0.30+100*3.75+500*15)/1e6, []adaptertest.CostCase{
		{Name: "success", Reply: anthropictest.Text(judgeModel, "ok", u)},
		{Name: "refusal", Reply: anthropictest.Refusal(judgeModel, "no", "", u), Err: true},
		{Name: "truncation", Reply: anthropictest.Truncated(judgeModel, "o", u), Err: true},
	})
}

// TestUsageReportedWithoutPrices: with no price table the reply's usage
// still reaches the trace, with the model the provider says answered.
func TestUsageReportedWithoutPrices(t *testing.T) {
	adaptertest.TestUsageWithoutPrices(t, fakeProvider, "claude-sonnet-4-5", "claude-sonnet-4-5-20250929", anthropictest.Text("claude-sonnet-4-5-20250929", "ok", usage))
}

func TestCostUnpricedReplyModelFails(t *testing.T) {
	adaptertest.TestUnpricedReplyModel(t, fakeProvider, "claude-sonnet-4-5", prices, anthropictest.Text("claude-opus-4-1", "ok", usage))
}

// TestNewRejectsUnknownMode: the one option the shared checks do not know.
func TestNewRejectsUnknownMode(t *testing.T) {
	_, err := anthropicadapter.New(anthropic.NewClient(option.WithAPIKey("sk-ant-test")), anthropicadapter.Config{Model: genModel, Mode: 7})
	if err == nil || !strings.Contains(err.Error(), "Config.Mode") {
		t.Fatalf("New = %v; want an error naming Config.Mode", err)
	}
}

func TestCompleteRejectsBadSchema(t *testing.T) {
	srv := serve(t)
	c := newClient(t, srv.URL(), genModel, anthropicadapter.ModeTool, nil, 0)
	for _, s := range []anthropicadapter.Schema{{Name: "", JSON: []byte(`{"type":"object"}`)}, {Name: "x", JSON: []byte(`{"type":`)}} {
		_, err := c.Complete(context.Background(), "s", "u", &s)
		if err == nil || !strings.Contains(err.Error(), "Schema.") || provider.Classify(err) != provider.ClassPermanent {
			t.Errorf("Complete(%+v) = %v, want a permanent error naming the field", s, err)
		}
	}
	if srv.Count() != 0 {
		t.Errorf("%d requests sent with a bad schema", srv.Count())
	}
}
