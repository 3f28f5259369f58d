package checktest_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/checks/placeholder"
)

// An annotated text marks the span a finding must cover and its rule;
// Parse strips the marks, and a test then runs the check on the plain
// text (Run does both and reports what differs).
func ExampleParse() {
	plain, wants, err := checktest.Parse("Pay ⟦[AMOUNT]⟧{placeholder.unfilled} by Friday.")
	if err != nil {
		panic(err)
	}
	fmt.Println(plain)
	fmt.Println(wants)
	c := checktest.Must(placeholder.NewPlaceholderCheck(placeholder.PlaceholderConfig{}))
	for _, f := range c.Check(check.Document{Text: plain}) {
		fmt.Println(f.Rule, f.Location.Start, f.Location.End)
	}
	// Output:
	// Pay [AMOUNT] by Friday.
	// [{placeholder.unfilled 4 12}]
	// placeholder.unfilled 4 12
}
