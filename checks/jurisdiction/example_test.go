package jurisdiction_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/jurisdiction"
	"github.com/evalopt/evalopt/evaluator"
)

func Example() {
	c, err := jurisdiction.New(jurisdiction.Config{})
	if err != nil {
		panic(err)
	}
	doc := check.Document{
		Kind:       evaluator.KindReviewMemo,
		SourceText: "14.1 This Agreement is governed by the laws of the State of New York.",
		Text: "The agreement is governed by English law. Under English law the Consumer Rights Act 2015 makes the fee unfair.\n\n" +
			"Unlike English law, New York law enforces the cap as written.", // a comparison: never reported
	}
	for _, f := range c.Check(doc) {
		fmt.Println(f.Rule, f.Severity, f.Location.Text)
	}
	// Output:
	// jurisdiction.wrong_law block English
	// jurisdiction.foreign_statute warn Consumer Rights Act 2015
}
