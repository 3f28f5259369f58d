package textscan_test

import (
	"fmt"

	"github.com/evalopt/evalopt/internal/textscan"
)

func Example() {
	// Words are letters and digits; one apostrophe may join two of them.
	rules := textscan.Rules{ASCII: textscan.ASCIIAlnum(), SingleJoiner: true}
	rules.ASCII['\''] = textscan.Joiner
	sc := textscan.New(rules)

	text := "The Buyer's fee: 30 days, don''t 'quote'."
	var buf []byte
	for start, end := range sc.Words(text) {
		buf = textscan.AppendLower(buf[:0], text[start:end])
		fmt.Printf("%d-%d %s\n", start, end, buf)
	}
	// Output:
	// 0-3 the
	// 4-11 buyer's
	// 12-15 fee
	// 17-19 30
	// 20-24 days
	// 26-29 don
	// 31-32 t
	// 34-39 quote
}
