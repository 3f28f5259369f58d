package loop

import (
	"context"
	"fmt"
	"math"
	"sync"
)

// AddCost adds c (in whatever unit the caller budgets: dollars, tokens) to
// the cost of the role call running under ctx. Roles call it with the
// context RunLoop handed them, possibly from several goroutines at once.
//
// The cost counts toward the step's Step.Cost, the Result.Cost and the
// budget set with WithMaxCost. A negative or NaN cost is not dropped: the
// loop stops with StopError and an error matching ErrInvalidCost. Outside a
// loop (a context RunLoop did not create), and after the loop has returned,
// AddCost does nothing.
func AddCost(ctx context.Context, c float64) {
	if m, ok := ctx.Value(costKey{}).(*costMeter); ok {
		m.add(c)
	}
}

type costKey struct{}

// costMeter collects the cost reported during the current step. The mutex
// is there because roles may report from their own goroutines.
type costMeter struct {
	mu     sync.Mutex
	step   float64
	bad    error
	closed bool
}

func (m *costMeter) add(c float64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return
	}
	if math.IsNaN(c) || c < 0 {
		if m.bad == nil {
			m.bad = fmt.Errorf("%w: AddCost(%v): must be >= 0", ErrInvalidCost, c)
		}
		return
	}
	m.step += c
}

// take returns the cost reported since the last take and the first invalid
// report in that span, and starts a new span.
func (m *costMeter) take() (float64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, bad := m.step, m.bad
	m.step, m.bad = 0, nil
	return c, bad
}

// close makes later reports (from goroutines a role left running) no-ops.
func (m *costMeter) close() {
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()
}
