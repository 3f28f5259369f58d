package loop

import (
	"context"

	"github.com/evalopt/evalopt/evaluator"
)

// AddCost is evaluator.AddCost, kept here for existing callers: it reports
// c (in whatever unit the caller budgets: dollars, tokens) to the cost
// meter of the role call running under ctx. There is one meter
// (evaluator.CostMeter): a role that reports with evaluator.AddCost, or
// through evaluator.PriceTable.ReportUsage, is counted the same way. Roles
// may call it from several goroutines at once.
//
// The cost counts toward the step's Step.Cost, Result.Cost and
// Result.CostByRole, and the budget set with WithMaxCost. A negative, NaN
// or infinite cost is not dropped: the loop stops with StopError and an
// error matching ErrInvalidCost. Outside a loop (a context RunLoop did not
// create), and after the loop has returned, AddCost does nothing.
func AddCost(ctx context.Context, c float64) {
	evaluator.AddCost(ctx, c)
}
