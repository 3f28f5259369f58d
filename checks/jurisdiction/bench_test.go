package jurisdiction

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

// BenchmarkCheck runs the check on a memo of about 1 MiB that names the
// governing law, courts and statutes throughout, against a New York
// contract.
func BenchmarkCheck(b *testing.B) {
	para := "The Agreement is governed by New York law (clause 12) and disputes go to the New York courts. " +
		"Because the shoppers are in the EU, the GDPR applies. Unlike English law, New York law enforces the cap. " +
		"Clause 4 caps liability at USD 500,000; the supplier is a Delaware corporation with offices in London.\n\n"
	text := strings.Repeat(para, (1<<20)/len(para)+1)
	c, err := New(Config{})
	if err != nil {
		b.Fatal(err)
	}
	doc := check.Document{Text: text, SourceText: nySource, Kind: evaluator.KindReviewMemo}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		doc := check.Prepare(doc)
		if fs := c.Check(doc); len(fs) != 0 {
			b.Fatalf("unexpected findings: %v", fs[0].Describe())
		}
	}
}
