package openaiadapter_test

import (
	"context"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/adapters/adapterkit/adaptertest"
	openaiadapter "github.com/evalopt/evalopt/adapters/openai"
	"github.com/evalopt/evalopt/adapters/openai/openaitest"
	"github.com/evalopt/evalopt/evaluator/provider"
)

var prices = provider.PriceTable{
	"gpt-4.1":      {Input: 2, CachedInput: 0.5, Output: 8},
	"gpt-4.1-mini": {Input: 0.4, CachedInput: 0.1, Output: 1.6},
}

// TestCostFromUsage: OpenAI's prompt_tokens include the cached ones, which
// are priced apart. 1000 prompt tokens of which 400 cached and 500
// completion tokens, priced as gpt-4.1 (the reply names a dated snapshot
// of it): (600×2 + 400×0.5 + 500×8) / 1e6, billed on a refusal or a
// truncated reply too.
func TestCostFromUsage(t *testing.T) {
	u := openaitest.Usage{Prompt: 1000, CachedPrompt: 400, Completion: 500}
	adaptertest.RunCostCases(t, fakeProvider, "gpt-4.1", prices, (600*2+400*0.5+500*8)/1e6, []adaptertest.CostCase{
		{Name: "success", Reply: openaitest.Completion(judgeModel, "ok", u)},
		{Name: "refusal", Reply: openaitest.Refusal(judgeModel, "no", u), Err: true},
		{Name: "truncation", Reply: openaitest.Truncated(judgeModel, "o", u), Err: true},
	})
}

// TestUsageReportedWithoutPrices: with no price table the reply's usage
// still reaches the trace, with the model the provider says answered.
func TestUsageReportedWithoutPrices(t *testing.T) {
	adaptertest.TestUsageWithoutPrices(t, fakeProvider, "gpt-4.1", "gpt-4.1-2025-04-14", openaitest.Completion("gpt-4.1-2025-04-14", "ok", usage))
}

func TestCostUnpricedReplyModelFails(t *testing.T) {
	adaptertest.TestUnpricedReplyModel(t, fakeProvider, "gpt-4.1", prices, openaitest.Completion("o3", "ok", usage))
}

func TestCompleteRejectsBadSchema(t *testing.T) {
	srv := serve(t)
	c := newClient(t, srv.URL(), genModel, nil, 0)
	for _, s := range []openaiadapter.Schema{{Name: "", JSON: []byte(`{"type":"object"}`)}, {Name: "x", JSON: []byte(`{"type":`)}} {
		_, err := c.Complete(context.Background(), "s", "u", &s)
		if err == nil || !strings.Contains(err.Error(), "Schema.") || provider.Classify(err) != provider.ClassPermanent {
			t.Errorf("Complete(%+v) = %v, want a permanent error naming the field", s, err)
		}
	}
	if srv.Count() != 0 {
		t.Errorf("%d requests sent with a bad schema", srv.Count())
	}
}
