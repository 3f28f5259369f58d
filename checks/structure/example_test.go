package structure_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/structure"
	"github.com/evalopt/evalopt/evaluator"
)

// A review memo with findings but no recommendations section.
func ExampleNewSectionsCheck() {
	memo := "## Summary\n\nThe contract is one-sided.\n\n## Findings\n\nF1. Liability is uncapped (clause 9).\n"
	for _, f := range structure.NewSectionsCheck().Check(check.Document{Text: memo, Kind: evaluator.KindReviewMemo}) {
		fmt.Println(f.Rule, f.Severity, f.Message)
	}
	// Output:
	// structure.missing_section warn no recommendations section: a review memo needs one (a heading such as "recommendation")
}
