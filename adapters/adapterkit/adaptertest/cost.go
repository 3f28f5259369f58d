package adaptertest

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// CostCase is one reply whose usage must be priced and reported (see
// RunCostCases); Err says the call itself fails (a refusal, a truncation),
// whose tokens are billed all the same.
type CostCase struct {
	Name  string
	Reply fakeapi.Reply
	Err   bool
}

// RunCostCases sends one call per case on a client for model with prices
// and checks that the cost meter of the call's context got want, the
// reply's usage priced by the reply's own model name.
func RunCostCases(t *testing.T, p Provider, model string, prices provider.PriceTable, want float64, cases []CostCase) {
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			srv := p.serve(t, tc.Reply)
			ctx, meter := provider.WithCostMeter(context.Background())
			_, err := p.Client(t, srv.URL(), model, prices, 0).Generator("s").Generate(ctx, RefundTask())
			if (err != nil) != tc.Err {
				t.Fatalf("err = %v, want error %v", err, tc.Err)
			}
			if got := meter.Total(); math.Abs(got-want) > 1e-12 {
				t.Errorf("cost = %v, want %v", got, want)
			}
			if _, usage, _ := meter.Take(); len(usage) != 1 || usage[0].Model == "" || usage[0].InputTokens+usage[0].OutputTokens == 0 {
				t.Errorf("usage = %+v, want the reply's usage with the model that answered", usage)
			}
		})
	}
}

// TestUsageWithoutPrices sends one call on a client with no price table:
// the reply's usage is reported all the same (the trace shows the tokens
// and the model that answered, wantModel), with no cost.
func TestUsageWithoutPrices(t *testing.T, p Provider, model, wantModel string, reply fakeapi.Reply) {
	srv := p.serve(t, reply)
	ctx, meter := provider.WithCostMeter(context.Background())
	if _, err := p.Client(t, srv.URL(), model, nil, 0).Generator("s").Generate(ctx, RefundTask()); err != nil {
		t.Fatal(err)
	}
	cost, usage, err := meter.Take()
	if err != nil || cost != 0 || len(usage) != 1 || usage[0].Model != wantModel || usage[0].OutputTokens == 0 {
		t.Errorf("cost %v, usage %+v, err %v; want no cost and one usage of %q", cost, usage, err, wantModel)
	}
}

// TestUnpricedReplyModel sends one call whose reply names a model prices
// cannot price: the call fails with a permanent error matching
// provider.ErrUnknownModel and reports no cost, because a cost of 0 would
// let WithMaxCost silently never fire.
func TestUnpricedReplyModel(t *testing.T, p Provider, model string, prices provider.PriceTable, reply fakeapi.Reply) {
	srv := p.serve(t, reply)
	ctx, meter := provider.WithCostMeter(context.Background())
	_, err := p.Client(t, srv.URL(), model, prices, 0).Generator("s").Generate(ctx, RefundTask())
	if !errors.Is(err, provider.ErrUnknownModel) || provider.Classify(err) != provider.ClassPermanent {
		t.Fatalf("err = %v, want a permanent error matching ErrUnknownModel", err)
	}
	if meter.Total() != 0 {
		t.Errorf("cost = %v reported for an unpriced model", meter.Total())
	}
}
