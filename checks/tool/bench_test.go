package tool

import (
	"fmt"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

// BenchmarkCheck runs the check on a report of about 1 MiB that restates
// the results of a tool output of 500 records.
func BenchmarkCheck(b *testing.B) {
	var out, text strings.Builder
	out.WriteString(`{"tool":"risk_scorer","results":[`)
	for i := range 500 {
		if i > 0 {
			out.WriteString(",")
		}
		fmt.Fprintf(&out, `{"clause":"%d.%d","risk":%d}`, i/10+1, i%10+1, i%5+1)
	}
	out.WriteString("]}")
	for i := 0; text.Len() < 1<<20; i++ {
		fmt.Fprintf(&text, "Clause %d.%d carries a risk of %d according to the risk_scorer; the fee is $%d,000 and the notice period 30 days.\n\n", i%50+1, i%10+1, i%5+1, i)
	}
	c, err := New(Config{})
	if err != nil {
		b.Fatal(err)
	}
	doc := check.Document{Text: text.String(), Evidence: []evaluator.Evidence{toolEvidence("scores", "", out.String())}}
	b.SetBytes(int64(text.Len()))
	b.ReportAllocs()
	for b.Loop() {
		if fs := c.Check(check.Prepare(doc)); len(fs) > 0 {
			b.Fatalf("unexpected finding %s", fs[0].Describe())
		}
	}
}
