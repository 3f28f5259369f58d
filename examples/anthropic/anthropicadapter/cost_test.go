package anthropicadapter_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/examples/anthropic/anthropicadapter"
	"github.com/evalopt/evalopt/examples/anthropic/internal/fakeanthropic"
)

var prices = evaluator.PriceTable{
	"claude-sonnet-4-5": {Input: 3, CachedInput: 0.30, CacheWrite: 3.75, Output: 15},
	"claude-haiku-4-5":  {Input: 1, CachedInput: 0.10, CacheWrite: 1.25, Output: 5},
}

func TestCostFromUsage(t *testing.T) {
	// 600 uncached input tokens, 400 read from cache, 100 written to it,
	// 500 output tokens, priced as claude-sonnet-4-5 (the reply names a
	// dated snapshot of it).
	const want = (600*3 + 400*0.30 + 100*3.75 + 500*15) / 1e6
	u := fakeanthropic.Usage{Input: 600, CacheRead: 400, CacheWrite: 100, Output: 500}
	tests := []struct {
		name  string
		reply fakeanthropic.Reply
		err   bool
	}{
		{"success", fakeanthropic.Text(judgeModel, "ok", u), false},
		// Tokens spent on a refusal or a truncated reply are billed too.
		{"refusal", fakeanthropic.Refusal(judgeModel, "no", "", u), true},
		{"truncation", fakeanthropic.Truncated(judgeModel, "o", u), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := serve(t, tc.reply)
			ctx, meter := evaluator.WithCostMeter(context.Background())
			_, err := client(t, srv, "claude-sonnet-4-5", anthropicadapter.ModeTool, prices).Complete(ctx, "s", "u", nil)
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
	srv := serve(t, fakeanthropic.Text("claude-opus-4-1", "ok", fakeanthropic.Usage{Input: 10, Output: 10}))
	ctx, meter := evaluator.WithCostMeter(context.Background())
	_, err := client(t, srv, "claude-sonnet-4-5", anthropicadapter.ModeTool, prices).Complete(ctx, "s", "u", nil)
	if !errors.Is(err, evaluator.ErrUnknownModel) || !evaluator.IsPermanent(err) {
		t.Fatalf("err = %v, want a permanent error matching ErrUnknownModel", err)
	}
	if meter.Total() != 0 {
		t.Errorf("cost = %v reported for an unpriced model", meter.Total())
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	sdk := anthropic.NewClient(option.WithAPIKey("sk-ant-test"))
	tests := []struct {
		name string
		o    anthropicadapter.Config
		want string
	}{
		{"no model", anthropicadapter.Config{Model: "  "}, "Config.Model"},
		{"negative max tokens", anthropicadapter.Config{Model: "claude-sonnet-4-5", MaxTokens: -1}, "Config.MaxTokens"},
		{"unknown mode", anthropicadapter.Config{Model: "claude-sonnet-4-5", Mode: 7}, "Config.Mode"},
		{"model not priced", anthropicadapter.Config{Model: "claude-opus-4-1", Prices: prices}, "Config.Prices"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := anthropicadapter.New(sdk, tc.o)
			var fe *evaluator.FieldError
			if err == nil || !errors.As(err, &fe) || fe.Field != tc.want || !errors.Is(err, evaluator.ErrInvalidOption) {
				t.Fatalf("New = %v, %v; want an *evaluator.FieldError naming %s", c, err, tc.want)
			}
		})
	}
}

func TestCompleteRejectsBadSchema(t *testing.T) {
	srv := serve(t)
	c := client(t, srv, genModel, anthropicadapter.ModeTool, nil)
	for _, s := range []anthropicadapter.Schema{{Name: "", JSON: []byte(`{"type":"object"}`)}, {Name: "x", JSON: []byte(`{"type":`)}} {
		_, err := c.Complete(context.Background(), "s", "u", &s)
		if err == nil || !strings.Contains(err.Error(), "Schema.") || !evaluator.IsPermanent(err) {
			t.Errorf("Complete(%+v) = %v, want a permanent error naming the field", s, err)
		}
	}
	if srv.Count() != 0 {
		t.Errorf("%d requests sent with a bad schema", srv.Count())
	}
}
