package advice_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/advice"
	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

// A hedged recommendation on a high risk: the fix is softened where the
// risk calls for a firm one.
func ExampleNewHedgeCheck() {
	c, err := advice.NewHedgeCheck(advice.RecommendationConfig{})
	if err != nil {
		panic(err)
	}
	memo := "## Recommendations\n\nRecommendation 1 (Risk 4/5): you may wish to consider capping liability at the fees paid.\n"
	for _, f := range c.Check(check.Document{Text: memo, Kind: evaluator.KindReviewMemo}) {
		fmt.Println(f.Rule, f.Severity, f.Location, f.Location.Text)
	}
	// Output:
	// recommendation.hedge_high_risk block 3:34 may wish to
	// recommendation.hedge_high_risk block 3:46 consider
}
