package quote_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/quote"
)

// A review quotes its contract: one quotation is verbatim, the other
// appears nowhere in the source.
func ExampleNewQuoteCheck() {
	c, err := quote.NewQuoteCheck(quote.QuoteConfig{})
	if err != nil {
		panic(err)
	}
	contract := "9.2 The Supplier's total liability shall not exceed the fees paid in the twelve months before the claim."
	review := `Clause 9.2 caps liability: "total liability shall not exceed the fees paid". ` +
		`It adds that "the Supplier may assign this Agreement without consent".`
	for _, f := range c.Check(check.Document{Text: review, SourceText: contract}) {
		fmt.Println(f.Rule, f.Severity, f.Location)
	}
	// Output:
	// quote.fabricated block 1:92
}
