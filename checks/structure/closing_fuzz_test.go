package structure

import (
	"strings"
	"testing"
)

// FuzzClosingSigning: whatever the text, closingSigning never panics, and
// what it finds is in the text's closing: text with a signing line put
// first and pushed out of the closing by enough clauses finds nothing
// there that the clauses alone do not.
func FuzzClosingSigning(f *testing.F) {
	f.Add("# Supply Agreement\n\n1. Price\nEUR 10.\n\nFor the Company: Ivana Petric ............\n")
	f.Add("Signed in two copies.\n")
	f.Add("\n\n\n")
	f.Add("é\nSIGNATURES\n____")
	f.Fuzz(func(t *testing.T, text string) {
		_ = closingSigning(text)
		body := strings.Repeat("The parties agree on a price.\n", closingBytes/16)
		got := closingSigning("Signed for A: Jane Roe ____\n" + text + "\n" + body)
		if want := closingSigning(body); got != want {
			t.Fatalf("a line before the closing counted: %+v, want %+v", got, want)
		}
	})
}
