package values_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/values"
)

// A stated total that is not the sum of the items listed for it.
func ExampleNewValuesCheck() {
	text := `Your invoice:

- Set-up: $1,200
- Training: $800

Total: $2,100
`
	for _, f := range values.NewValuesCheck().Check(check.Document{Text: text}) {
		fmt.Println(f.Rule, f.Location, f.Location.Text)
	}
	// Output:
	// values.total 6:8 $2,100
}
