package benchtext_test

import (
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/checks/internal/benchtext"
)

// The realistic memo at 16 KB: the fixture memo's findings and
// recommendations repeated and renumbered, with the contract it reviews.
func ExampleMemo() {
	memo, source, err := benchtext.Memo(16 << 10)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(memo) >= 16<<10, strings.HasPrefix(memo, "# Review Memorandum"), strings.Contains(memo, "### R9 – "), len(source) > 0)
	// Output: true true true true
}

// An adversarial input of the bounds: clause references, one a line.
func ExampleAdversarial() {
	text, err := benchtext.Adversarial("references", 100)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(text[:strings.IndexByte(text, '\n')+1])
	// Output: See Section 4.2(b) and clause 17.3.
}
