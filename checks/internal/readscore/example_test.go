package readscore_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/internal/readscore"
)

func Example() {
	text := "The Supplier shall indemnify the Buyer pursuant to Sec. 4.1 hereof. " +
		"Any fee of $1,000.50 that is disputed shall be deemed payable when the dispute is resolved. " +
		"Acme Inc. will send a new invoice."
	for _, s := range readscore.Sentences(text) {
		fmt.Printf("%q\n", text[s.Start:s.End])
	}
	st := readscore.Analyze(text)
	fmt.Printf("words=%d sentences=%d syllables=%d\n", st.Words, st.Sentences, st.Syllables)
	fmt.Printf("grade=%.1f ease=%.1f passive=%.0f%% jargon=%d\n",
		st.FleschKincaidGrade, st.FleschReadingEase, st.PassivePercent, st.JargonTokens)
	tooHard, limit := readscore.Limits{}.GradeTooHigh(st)
	fmt.Printf("above grade %.0f: %v\n", limit, tooHard)
	// Output:
	// "The Supplier shall indemnify the Buyer pursuant to Sec. 4.1 hereof."
	// "Any fee of $1,000.50 that is disputed shall be deemed payable when the dispute is resolved."
	// "Acme Inc. will send a new invoice."
	// words=34 sentences=3 syllables=52
	// grade=6.9 ease=65.9 passive=33% jargon=4
	// above grade 12: false
}
