package openaiadapter_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/examples/openai/internal/fakeopenai"
	"github.com/evalopt/evalopt/examples/openai/openaiadapter"
)

var prices = evaluator.PriceTable{
	"gpt-4.1":      {Input: 2, CachedInput: 0.5, Output: 8},
	"gpt-4.1-mini": {Input: 0.4, CachedInput: 0.1, Output: 1.6},
}

func TestCostFromUsage(t *testing.T) {
	// 1000 prompt tokens of which 400 cached, 500 completion tokens, priced
	// as gpt-4.1 (the reply names a dated snapshot of it):
	// (600×2 + 400×0.5 + 500×8) / 1e6.
	const want = (600*2 + 400*0.5 + 500*8) / 1e6
	tests := []struct {
		name  string
		reply fakeopenai.Reply
		err   bool
	}{
		{"success", fakeopenai.Completion("gpt-4.1-2025-04-14", "ok", fakeopenai.Usage{Prompt: 1000, CachedPrompt: 400, Completion: 500}), false},
		// Tokens spent on a refusal or a truncated reply are billed too.
		{"refusal", fakeopenai.Refusal("gpt-4.1-2025-04-14", "no", fakeopenai.Usage{Prompt: 1000, CachedPrompt: 400, Completion: 500}), true},
		{"truncation", fakeopenai.Truncated("gpt-4.1-2025-04-14", "o", fakeopenai.Usage{Prompt: 1000, CachedPrompt: 400, Completion: 500}), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := serve(t, tc.reply)
			ctx, meter := evaluator.WithCostMeter(context.Background())
			_, err := client(t, srv, "gpt-4.1", prices).Complete(ctx, "s", "u", nil)
			if (err != nil) != tc.err {
				t.Fatalf("err = %v, want error %v", err, tc.err)
			}
			if got := meter.Total(); math.Abs(got-want) > 1e-12 {
				t.Errorf("cost = %v, want %v", got, want)
			}
		})
	}
}

func TestCostUnpricedReplyModelFails(t *testing.T) {
	srv := serve(t, fakeopenai.Completion("o3", "ok", fakeopenai.Usage{Prompt: 10, Completion: 10}))
	ctx, meter := evaluator.WithCostMeter(context.Background())
	_, err := client(t, srv, "gpt-4.1", prices).Complete(ctx, "s", "u", nil)
	if !errors.Is(err, evaluator.ErrUnknownModel) || !evaluator.IsPermanent(err) {
		t.Fatalf("err = %v, want a permanent error matching ErrUnknownModel", err)
	}
	if meter.Total() != 0 {
		t.Errorf("cost = %v reported for an unpriced model", meter.Total())
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	sdk := openai.NewClient(option.WithAPIKey("sk-test"))
	tests := []struct {
		name string
		o    openaiadapter.Config
		want string
	}{
		{"no model", openaiadapter.Config{Model: "  "}, "Config.Model"},
		{"negative max tokens", openaiadapter.Config{Model: "gpt-4.1", MaxTokens: -1}, "Config.MaxTokens"},
		{"model not priced", openaiadapter.Config{Model: "o3", Prices: prices}, "Config.Prices"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := openaiadapter.New(sdk, tc.o)
			var fe *evaluator.FieldError
			if err == nil || !errors.As(err, &fe) || fe.Field != tc.want || !errors.Is(err, evaluator.ErrInvalidOption) {
				t.Fatalf("New = %v, %v; want an *evaluator.FieldError naming %s", c, err, tc.want)
			}
		})
	}
}

func TestCompleteRejectsBadSchema(t *testing.T) {
	srv := serve(t)
	c := client(t, srv, genModel, nil)
	for _, s := range []openaiadapter.Schema{{Name: "", JSON: []byte(`{"type":"object"}`)}, {Name: "x", JSON: []byte(`{"type":`)}} {
		_, err := c.Complete(context.Background(), "s", "u", &s)
		if err == nil || !strings.Contains(err.Error(), "Schema.") || !evaluator.IsPermanent(err) {
			t.Errorf("Complete(%+v) = %v, want a permanent error naming the field", s, err)
		}
	}
	if srv.Count() != 0 {
		t.Errorf("%d requests sent with a bad schema", srv.Count())
	}
}
