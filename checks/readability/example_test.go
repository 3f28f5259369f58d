package readability_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/readability"
)

// A notice written in legalese scores above the grade limit.
func ExampleNewReadabilityCheck() {
	c, err := readability.NewReadabilityCheck(readability.ReadabilityConfig{MinWords: 10})
	if err != nil {
		panic(err)
	}
	notice := "Notwithstanding any provision hereof to the contrary, the indemnification obligations hereinafter " +
		"described shall be construed in accordance with the applicable regulatory requirements."
	for _, f := range c.Check(check.Document{Text: notice}) {
		fmt.Println(f.Rule, f.Severity)
	}
	// Output:
	// readability.grade warn
	// readability.passive warn
}
