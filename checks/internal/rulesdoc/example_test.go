package main

import (
	"fmt"
	"strings"
)

// The generator reads each family's Rule* constants and writes one table
// per family; here, the rows of the test data's nested family.
func Example() {
	fams, err := readFamilies("testdata/checks")
	if err != nil {
		fmt.Println(err)
		return
	}
	out := string(render(fams))
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "| `beta.") {
			fmt.Println(l)
		}
	}
	// Output:
	// | `beta.x` | `beta.RuleBeta` | a family no list names, found by the walk. |
}
