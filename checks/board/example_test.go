package board_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/board"
	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

func Example() {
	c, err := board.New(board.Config{})
	if err != nil {
		panic(err)
	}
	posted := `[{"category":"Change of Control","severity":"P1","title":"Licence needs consent on change of control","citations":[]},
{"category":"Liability","severity":"P3","title":"Low liability cap in the licence","citations":[]}]`
	doc := check.Document{
		Evidence: []evaluator.Evidence{{ID: "board", Content: posted, Metadata: map[string]string{evaluator.EvidenceKindKey: board.DefaultKind}}},
		Text: "## Findings\n\n### 1. Licence needs consent on change of control (Low)\nClause B.5.\n\n" +
			"### 2. Low liability cap in the licence (Low)\nClause B.9.\n",
	}
	for _, f := range c.Check(doc) {
		fmt.Println(f.Rule, f.Severity, f.Location.Text)
	}
	// Output:
	// findings.board_mismatch block Low
}
