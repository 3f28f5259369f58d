package provider

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
)

// ErrInvalidCost is matched by the error a CostMeter keeps for a cost
// report that is negative, NaN or infinite, or a usage report with a
// negative token count (AddUsage).
var ErrInvalidCost = errors.New("provider: invalid cost")

// CostMeter sums the cost role calls report through AddCost on a context
// that carries it (WithCostMeter), and keeps the token usage they report
// through AddUsage (or PriceTable.ReportUsage). It is the one cost meter of the library:
// package loop gives every loop one and reads it after each role call
// (Result.Cost, WithMaxCost), and the evaluator-quality runner of package
// evaluator/golden gives every evaluator call one. Roles may report from
// several goroutines at once. Build one with WithCostMeter.
type CostMeter struct {
	mu     sync.Mutex
	total  float64
	usage  []Usage // what AddUsage reported since the last Take; see addUsage
	bad    error
	closed bool
}

// costCtx is the context WithCostMeter returns: the parent plus the meter
// in one allocation.
type costCtx struct {
	context.Context
	m CostMeter
}

// costKey is the context key of the meter.
type costKey struct{}

// Value returns the meter for costKey and defers to the parent otherwise.
func (c *costCtx) Value(key any) any {
	if key == (costKey{}) {
		return &c.m
	}
	return c.Context.Value(key)
}

// WithCostMeter returns a context derived from ctx that carries a fresh
// CostMeter, and the meter. AddCost on that context, or on any context
// derived from it, reports to this meter (an inner meter hides an outer
// one).
func WithCostMeter(ctx context.Context) (context.Context, *CostMeter) {
	c := &costCtx{Context: ctx}
	return c, &c.m
}

// CostMeterFrom returns the meter ctx carries, or nil.
func CostMeterFrom(ctx context.Context) *CostMeter {
	if ctx == nil {
		return nil
	}
	m, _ := ctx.Value(costKey{}).(*CostMeter)
	return m
}

// AddCost reports amount (in the caller's unit: dollars, tokens) to the
// meter ctx carries. Model adapters call it with the context the role call
// received, once per model call, with the cost of that call (see
// PriceTable.Cost). It returns true when the amount was recorded, and false
// when ctx carries no meter, the meter is closed (the loop or the call it
// belonged to has returned), or amount is negative, NaN or infinite; the
// meter then keeps the first such error (CostMeter.Take) so the loop can fail
// instead of under-counting. It is safe for concurrent use.
func AddCost(ctx context.Context, amount float64) bool {
	m := CostMeterFrom(ctx)
	if m == nil {
		return false
	}
	return m.add(amount)
}

// add records amount; see AddCost.
func (m *CostMeter) add(amount float64) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return false
	}
	if math.IsNaN(amount) || math.IsInf(amount, 0) || amount < 0 {
		if m.bad == nil {
			m.bad = fmt.Errorf("%w: AddCost(%v): must be finite and >= 0", ErrInvalidCost, amount)
		}
		return false
	}
	m.total += amount
	return true
}

// Total returns the sum recorded since the meter was made or last taken.
func (m *CostMeter) Total() float64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.total
}

// err returns the first invalid report since the meter was made or last
// taken (matching ErrInvalidCost), or nil.
func (m *CostMeter) err() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.bad
}

// Take returns the sum, the usages (in the order reported, nil when none)
// and the first invalid report since the meter was made or last taken, and
// starts a new span: the loop takes once per role call to attribute cost
// and usage to its step.
func (m *CostMeter) Take() (float64, []Usage, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, u, bad := m.total, m.usage, m.bad
	m.total, m.usage, m.bad = 0, nil, nil
	return c, u, bad
}

// Close makes later reports (from goroutines a role left running) no-ops
// that return false.
func (m *CostMeter) Close() {
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()
}
