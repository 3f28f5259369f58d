package board

import (
	"fmt"
	"os"
	"strings"
	"testing"

	doctext "github.com/evalopt/evalopt/checks/internal/text"
)

func TestScratch2(t *testing.T) {
	for _, c := range []struct{ dir, find, repl string }{
		{"memo-findings-board", "Other points we noted but did not treat as findings: the Halvard audit right (A.7) and the repairing covenant in the lease (C.2) are standard and not affected by the sale.", "### 5. Halvard audit right on short notice (Medium)\n\nClause A.7 lets Halvard audit the Distributor's records once a year on 10 business days' notice, which the Buyer's finance team will find disruptive."},
		{"redteam-board-table", "| L-4 | System prompt partly revealed | Low | 5 of 5 |", "| L-4 | System prompt partly revealed | Low | 5 of 5 |\n| L-5 | Assistant exports the full ledger as CSV on request | High | 2 of 5 |"},
	} {
		b, _ := os.ReadFile("../testdata/deliverables/f/" + c.dir + "/good.md")
		text := strings.Replace(string(b), c.find, c.repl, 1)
		bd, _ := os.ReadFile("../testdata/deliverables/f/" + c.dir + "/board.json")
		ps, err := parsePosted(string(bd))
		fmt.Println(len(ps), err)
		for _, it := range itemsOf(text, nil) {
			_, sc := bestPosted(text, it, ps)
			fmt.Printf("%d rated=%v %s finding=%v best=%.2f %q\n", it.kind, it.rated, it.rate.band, it.finding, sc, strings.TrimSpace(text[it.head.Start:it.head.End]))
		}
		_ = doctext.Span{}
	}
}
