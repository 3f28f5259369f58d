package checks_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/readability"
	"github.com/evalopt/evalopt/checks/values"

	"github.com/evalopt/evalopt/evaluator"
)

// ExampleNewValuesCheck finds one quantity stated two ways and a total that
// is not the sum of its parts.
func ExampleNewValuesCheck() {
	text := `Hi Marta,

Your monthly plan costs €34.00. Because the outage lasted two days, I've added a credit of €6.80 (€3.40 for each day).

From next month the €43.00 plan price applies again, and the credit comes off your first bill.
`
	for _, f := range values.NewValuesCheck().Check(check.Document{Text: text, Kind: evaluator.KindCustomerReply}) {
		fmt.Println(f.Rule, f.Location, f.Location.Text)
	}
	// Output:
	// values.conflict 5:21 €43.00
}

// ExampleNewDensePassageCheck finds a paragraph of legalese in an otherwise
// plain letter.
func ExampleNewDensePassageCheck() {
	text := `Hi Tom,

Thanks for your message. Your parcel is on its way and should arrive on Friday.

Notwithstanding the foregoing, the Company shall not be liable for any delay in delivery occasioned by circumstances beyond its reasonable control, including without limitation industrial action, adverse weather conditions or the acts or omissions of any carrier engaged pursuant to the terms hereof.

Best wishes,
Priya
`
	c, err := readability.NewDensePassageCheck(readability.DensePassageConfig{})
	if err != nil {
		panic(err)
	}
	for _, f := range c.Check(check.Document{Text: text, Kind: evaluator.KindCustomerReply}) {
		fmt.Println(f.Rule, f.Location)
	}
	// Output:
	// readability.dense_passage 5:1
}
