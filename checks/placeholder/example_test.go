package placeholder_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/placeholder"
)

// Blanks left in a draft are reported; a line to sign by hand is not.
func ExampleNewPlaceholderCheck() {
	c, err := placeholder.NewPlaceholderCheck(placeholder.PlaceholderConfig{})
	if err != nil {
		panic(err)
	}
	text := "The Customer shall pay [AMOUNT] within TBD days of the invoice.\n\nBy: ____________________\n"
	for _, f := range c.Check(check.Document{Text: text}) {
		fmt.Println(f.Rule, f.Location, f.Location.Text)
	}
	// Output:
	// placeholder.unfilled 1:24 [AMOUNT]
	// placeholder.unfilled 1:40 TBD
}
