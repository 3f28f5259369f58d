package quote

import (
	"strings"
	"testing"
)

// A sentence that names a document and says it speaks attributes the
// quotation after it to that document, in any kind: it is verified.
func TestIntroducedAsSourceByADocumentThatSpeaks(t *testing.T) {
	for lead, want := range map[string]bool{
		"Our policy is clear on this point: ":          true,
		"Annex A, A.1 requires that ":                  true,
		"In point 2 of the notice this is called a ":   true,
		"The policy says ":                             true,
		"You wrote to us: ":                            false,
		"The clause is clear, but the customer asked ": false,
	} {
		text := lead + `"Booking fees are never refunded."`
		if got := introducedAsSource(text, strings.IndexByte(text, '"')); got != want {
			t.Errorf("%q: %v, want %v", lead, got, want)
		}
	}
}
