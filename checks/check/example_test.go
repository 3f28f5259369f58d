package check_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

// todoCheck reports every "TODO" left in a one-line ASCII text (so its
// column is its offset plus one): the smallest Check.
type todoCheck struct{}

// Rule returns the check's rule id.
func (todoCheck) Rule() string { return "example.todo" }

// Check returns a block finding for each "TODO" in doc.Text.
func (todoCheck) Check(doc check.Document) []check.Finding {
	var out []check.Finding
	for i := 0; ; {
		j := strings.Index(doc.Text[i:], "TODO")
		if j < 0 {
			return out
		}
		s := i + j
		out = append(out, check.Finding{Rule: "example.todo", Severity: check.SeverityBlock,
			Message:  "left-over TODO: finish the text",
			Location: check.Location{Start: s, End: s + 4, Line: 1, Column: s + 1, Text: "TODO"}})
		i = s + 4
	}
}

// A Suite runs its checks over a candidate and turns the findings into a
// decision: a blocking finding blocks.
func ExampleSuite() {
	s, err := check.NewSuite([]check.Check{todoCheck{}})
	if err != nil {
		panic(err)
	}
	d, err := s.Evaluate(context.Background(), evaluator.Task{Input: "Draft the reply."}, "Your refund is on its way. TODO: add the date.")
	if err != nil {
		panic(err)
	}
	fmt.Println(d.Status)
	fmt.Println(d.BlockingFailures[0])
	// Output:
	// block
	// example.todo: left-over TODO: finish the text (line 1:28, "TODO")
}
