package golden

import (
	"context"
	"math"
	"sync"
)

// qualityCostKey is the context key of the per-call cost meter.
type qualityCostKey struct{}

// qualityCostMeter sums the cost one evaluator call reports. It is also the
// context passed to that call (the parent context plus the meter), which
// saves the runner an allocation per call over context.WithValue.
type qualityCostMeter struct {
	context.Context
	mu    sync.Mutex
	total float64
}

// Value returns the meter itself for qualityCostKey and defers to the parent for
// every other key.
func (m *qualityCostMeter) Value(key any) any {
	if key == (qualityCostKey{}) {
		return m
	}
	return m.Context.Value(key)
}

// AddCost records amount (in the caller's unit: dollars, tokens) against the
// evaluator call ctx belongs to. RunCases gives every call its own meter in
// the context it passes to Evaluate, and reports the sum per call, per case
// and in total; an evaluator that knows its cost (a model client's usage)
// calls AddCost(ctx, cost) before it returns. Cost reported after Evaluate
// returns is not counted.
//
// AddCost returns false, recording nothing, when ctx does not come from
// RunCases or amount is negative, NaN or infinite. It is safe for concurrent
// use.
func AddCost(ctx context.Context, amount float64) bool {
	m, ok := ctx.Value(qualityCostKey{}).(*qualityCostMeter)
	if !ok || amount < 0 || math.IsNaN(amount) || math.IsInf(amount, 0) {
		return false
	}
	m.mu.Lock()
	m.total += amount
	m.mu.Unlock()
	return true
}

// withQualityCostMeter returns a context carrying a fresh meter.
func withQualityCostMeter(ctx context.Context) (context.Context, *qualityCostMeter) {
	m := &qualityCostMeter{Context: ctx}
	return m, m
}

// sum returns the total recorded so far.
func (m *qualityCostMeter) sum() float64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.total
}
