package terms_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/terms"
)

// Terms used before the clause that defines them, and a term defined
// twice.
func ExampleNewDefinitionCheck() {
	c, err := terms.NewDefinitionCheck(terms.DefinitionConfig{})
	if err != nil {
		panic(err)
	}
	text := `1. The Supplier shall deliver the Goods by the Delivery Date.

2. "Goods" means the equipment listed in Schedule 1.

3. "Delivery Date" means 1 March 2026.

4. "Delivery Date" means 1 April 2026.
`
	for _, f := range c.Check(check.Document{Text: text}) {
		fmt.Println(f.Rule, f.Location, f.Location.Text)
	}
	// Output:
	// definition.used_before_definition 1:35 Goods
	// definition.used_before_definition 1:48 Delivery Date
	// definition.duplicate 7:4 "Delivery Date"
}
