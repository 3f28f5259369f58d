package checks_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/quote"
	"github.com/evalopt/evalopt/checks/readability"
)

func ExampleNewQuoteCheck() {
	contract := "13.1 Termination. Either party may terminate this Agreement upon “material breach” by the other party, " +
		"if such breach is not cured within sixty (60) days after written notice."
	review := `Section 13.1 lets "either party may terminate this agreement upon 'material breach'" apply; ` +
		`the cure period is "not cured within sixty days after written notice", and ` +
		`"the Supplier may assign this Agreement without consent".`
	c, err := quote.NewQuoteCheck(quote.QuoteConfig{})
	if err != nil {
		panic(err)
	}
	for _, f := range c.Check(check.Document{Text: review, SourceText: contract}) {
		fmt.Printf("%s %s at %s: %s\n", f.Rule, f.Severity, f.Location, f.Message)
	}
	// Output:
	// quote.near_verbatim warn at 1:113: quotation differs from the source (similarity 0.94); quote it exactly: "not cured within sixty (60) days after written notice"
	// quote.fabricated block at 1:169: quotation not found in the source, even near-verbatim (best similarity 0.50); quote the source or remove the quotation marks
}

func ExampleNewReadabilityCheck() {
	notice := "Notwithstanding any provision hereof to the contrary, the indemnification obligations hereinafter " +
		"described shall be construed in accordance with the applicable regulatory requirements and shall be " +
		"administered by the designated representative of the organization."
	c, err := readability.NewReadabilityCheck(readability.ReadabilityConfig{MinWords: 10})
	if err != nil {
		panic(err)
	}
	for _, f := range c.Check(check.Document{Text: notice}) {
		fmt.Printf("%s %s\n", f.Rule, f.Severity)
	}
	// Output:
	// readability.grade warn
	// readability.passive warn
}
