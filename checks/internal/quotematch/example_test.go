package quotematch_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/internal/quotematch"
)

func Example() {
	source := "13.1 Termination. Either party may terminate this Agreement upon “material breach” by the other party, " +
		"if such breach is not cured within sixty (60) days after written notice."
	idx := quotematch.NewIndex(source) // build once, verify many quotes
	for _, q := range []string{
		"Either party may terminate this Agreement",
		`either party may terminate this agreement upon "material breach"`,
		"Either party may end this Agreement upon material breach by the other party",
		"Either party may terminate … within sixty (60) days after written notice.",
		"within ninety (90) days after written notice",
		"The Supplier may assign this Agreement without consent.",
	} {
		m, err := idx.Verify(q, quotematch.Config{})
		if err != nil {
			fmt.Println(err)
			continue
		}
		if m.Kind == quotematch.Fabricated {
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

func ExampleIndexCache() {
	cache, err := quotematch.NewIndexCache(0) // 0: the default budget, 256 MiB of indexes
	if err != nil {
		fmt.Println(err)
		return
	}
	evidence := []string{"Invoice 1042: total 49.99 EUR.", "Refunds need a photo of the damage."}
	for pass := 0; pass < 2; pass++ { // a loop evaluating two revisions
		for _, src := range evidence {
			m, _ := cache.Index(src).Verify("total 49.99 EUR", quotematch.Config{})
			fmt.Println(pass, m.Kind)
		}
	}
	fmt.Println(cache.Len(), "indexes kept")
	// Output:
	// 0 exact
	// 0 fabricated
	// 1 exact
	// 1 fabricated
	// 2 indexes kept
}

func ExamplePassages() {
	memo := "The clause says “the Supplier shall indemnify” and \"all losses\".\n> A block quote."
	for s := range quotematch.Passages(memo, 0, len(memo)) {
		fmt.Println(memo[s.Start:s.End])
	}
	// Output:
	// “the Supplier shall indemnify”
	// "all losses"
	// > A block quote.
}
