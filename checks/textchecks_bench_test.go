package checks

import (
	"os"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/quote"
	"github.com/evalopt/evalopt/checks/readability"
)

// contract1MB repeats the clean contract fixture to 1 MB: realistic legal
// vocabulary, headings, defined terms and numbering.
func contract1MB(b *testing.B) string {
	b.Helper()
	raw, err := os.ReadFile("testdata/contract_clean.md")
	if err != nil {
		b.Fatal(err)
	}
	var sb strings.Builder
	for sb.Len() < 1<<20 {
		sb.Write(raw)
		sb.WriteString("\n\n")
	}
	return sb.String()
}

func BenchmarkReadabilityCheck1MB(b *testing.B) {
	text := contract1MB(b)
	c, err := readability.NewReadabilityCheck(readability.ReadabilityConfig{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Check(check.Document{Text: text})
	}
}

// BenchmarkQuoteCheck1MB verifies the quotations of a 1 MB candidate (the
// contract itself, whose quoted defined terms are below MinWords, plus five
// quoted passages) against a 1 MB source; the source index is cached by the
// check after the first call, as in a loop revising one review.
func BenchmarkQuoteCheck1MB(b *testing.B) {
	src := contract1MB(b)
	cand := src + "\n\nReview: the agreement says \"Supplier shall perform the Services in a professional and workmanlike manner\", " +
		"\"Customer shall pay each undisputed invoice within thirty days\", \"either Party may terminate this Agreement for convenience at any time\", " +
		"\"the Services ... in accordance with the Specifications\" and \"Supplier may assign its rights without consent of any kind whatsoever\".\n"
	c, err := quote.NewQuoteCheck(quote.QuoteConfig{})
	if err != nil {
		b.Fatal(err)
	}
	doc := check.Document{Text: cand, SourceText: src}
	c.Check(doc) // index the source once
	b.SetBytes(int64(len(cand)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Check(doc)
	}
}
