package board

import (
	"fmt"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
)

// BenchmarkCheck runs the check on a report of about 1 MiB presenting 200
// posted findings, each under a heading with a rating, in a table and in
// prose.
func BenchmarkCheck(b *testing.B) {
	var posted, text strings.Builder
	posted.WriteString("[")
	sev := []string{"P0", "P1", "P2", "P3"}
	words := []string{"High", "High", "Medium", "Low"}
	for i := range 200 {
		if i > 0 {
			posted.WriteString(",")
		}
		fmt.Fprintf(&posted, `{"category":"cat %d","severity":"%s","title":"Finding number %d about clause %d.%d","citations":[{"location":"Clause %d.%d"}]}`, i, sev[i%4], i, i/10+1, i%10, i/10+1, i%10)
	}
	posted.WriteString("]")
	text.WriteString("## Findings\n\n")
	for i := 0; text.Len() < 1<<20; i++ {
		n := i % 200
		fmt.Fprintf(&text, "### F%d — Finding number %d about clause %d.%d (%s)\n\nClause %d.%d is set out in the source and the analysis runs to a few sentences of prose, as memos do.\n\n", n, n, n/10+1, n%10, words[n%4], n/10+1, n%10)
	}
	c, err := New(Config{})
	if err != nil {
		b.Fatal(err)
	}
	doc := boardDoc(posted.String())
	doc.Text = text.String()
	b.SetBytes(int64(text.Len()))
	b.ReportAllocs()
	for b.Loop() {
		c.Check(check.Prepare(doc))
	}
}
