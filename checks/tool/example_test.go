package tool_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/tool"
	"github.com/evalopt/evalopt/evaluator"
)

func Example() {
	c, err := tool.New(tool.Config{})
	if err != nil {
		panic(err)
	}
	doc := check.Document{
		Evidence: []evaluator.Evidence{{
			ID:       "risk-scorer",
			Content:  `{"tool":"risk_scorer","clause":"2","risk":4}`,
			Metadata: map[string]string{evaluator.EvidenceKindKey: tool.DefaultKind},
		}},
		Text: "Clause 2 carries a risk of 2, the lowest we saw.",
	}
	for _, f := range c.Check(doc) {
		fmt.Println(f.Rule, f.Severity, f.Message)
	}
	// Output:
	// tool.mismatch block risk_scorer (evidence risk-scorer) returned risk 4 for clause 2; the text says 2: restate the tool's value, or say why it differs
}
