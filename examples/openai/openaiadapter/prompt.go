package openaiadapter

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
)

// renderTask writes the task as the generator's user message: the input,
// its metadata (sorted by key, so the prompt is deterministic), the
// criteria and each piece of evidence with its ID, so that a draft can
// cite them.
func renderTask(t evaluator.Task) string {
	var b strings.Builder
	b.WriteString("## Task\n\n")
	b.WriteString(t.Input)
	if len(t.Metadata) > 0 {
		b.WriteString("\n\n## Details\n")
		for _, k := range slices.Sorted(maps.Keys(t.Metadata)) {
			fmt.Fprintf(&b, "\n- %s: %s", k, t.Metadata[k])
		}
	}
	if len(t.Criteria) > 0 {
		b.WriteString("\n\n## Criteria\n")
		for _, c := range t.Criteria {
			fmt.Fprintf(&b, "\n- %s", c)
		}
	}
	if len(t.Evidence) > 0 {
		b.WriteString("\n\n## Evidence\n")
		for _, e := range t.Evidence {
			fmt.Fprintf(&b, "\n<evidence id=%q source=%q>\n%s\n</evidence>\n", e.ID, e.Source, e.Content)
		}
	}
	return b.String()
}

// renderRevision writes the reviser's user message: the task, the draft
// and what the evaluator asked to change, blockers first.
func renderRevision(t evaluator.Task, draft string, d evaluator.EvaluationDecision) string {
	var b strings.Builder
	b.WriteString(renderTask(t))
	fmt.Fprintf(&b, "\n\n## Current draft\n\n<draft>\n%s\n</draft>\n\n## What to change\n", draft)
	for _, f := range d.BlockingFailures {
		fmt.Fprintf(&b, "\n- Blocking: %s", f)
	}
	for _, in := range d.RevisionInstructions {
		fmt.Fprintf(&b, "\n- %s", in)
	}
	for _, c := range d.Criteria {
		if !c.Passed && c.Reason != "" {
			fmt.Fprintf(&b, "\n- Failed %s: %s", c.Name, c.Reason)
		}
	}
	b.WriteString("\n\nReply with the revised draft only.")
	return b.String()
}
