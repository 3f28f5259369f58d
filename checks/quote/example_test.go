package quote_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/quote"
)

func Example() {
	source := "13.1 Termination. Either party may terminate this Agreement upon “material breach” by the other party, " +
		"if such breach is not cured within sixty (60) days after written notice."
	idx := quote.NewIndex(source) // build once, verify many quotes
	for _, q := range []string{
		"Either party may terminate this Agreement",
		`either party may terminate this agreement upon "material breach"`,
		"Either party may end this Agreement upon material breach by the other party",
		"Either party may terminate … within sixty (60) days after written notice.",
		"within ninety (90) days after written notice",
		"The Supplier may assign this Agreement without consent.",
	} {
		m, err := idx.Verify(q, quote.Options{})
		if err != nil {
			fmt.Println(err)
			continue
		}
		if m.Kind == quote.Fabricated {
			fmt.Printf("%-13s %.2f\n", m.Kind, m.Score)
			continue
		}
		fmt.Printf("%-13s %.2f %q\n", m.Kind, m.Score, source[m.Start:m.End])
	}
	// Output:
	// exact         1.00 "Either party may terminate this Agreement"
	// normalized    1.00 "Either party may terminate this Agreement upon “material breach”"
	// near_verbatim 0.92 "Either party may terminate this Agreement upon “material breach” by the other party"
	// exact         1.00 "Either party may terminate this Agreement upon “material breach” by the other party, if such breach is not cured within sixty (60) days after written notice."
	// fabricated    0.71
	// fabricated    0.50
}
