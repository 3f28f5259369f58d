package evaluator

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// GenerationPrompt returns the prompt for a generator that drafts a text
// candidate: instructions as the system prompt, and the task as the user
// message. The user message holds, under Markdown headings, the task input
// ("## Task"), its metadata sorted by key ("## Details", so the prompt is
// deterministic), its criteria ("## Criteria") and each evidence item
// inside an <evidence id=... source=...> element ("## Evidence"), so that a
// draft can cite evidence by ID. Empty sections are left out. Nothing is
// validated: a generator may draft for any task, and the loop validates the
// task before it starts.
//
// It is the prompt the adapter examples send for loop.Generator; use it, or
// write your own, when wiring a model client to the generator role.
func GenerationPrompt(instructions string, task Task) Prompt {
	var b strings.Builder
	writeTask(&b, task)
	return Prompt{System: instructions, User: b.String()}
}

// RevisionPrompt returns the prompt for a reviser: instructions as the
// system prompt, and as the user message GenerationPrompt's task, the
// current candidate inside a <draft> element under "## Current draft", and
// under "## What to change" what decision asks for, in this order: each
// blocking failure ("- Blocking: ..."), each revision instruction, then each
// failed criterion that gives a reason ("- Failed NAME: REASON"). It ends
// by asking for the revised draft only, so the reply is the new candidate.
func RevisionPrompt(instructions string, task Task, candidate string, decision EvaluationDecision) Prompt {
	var b strings.Builder
	writeTask(&b, task)
	fmt.Fprintf(&b, "\n\n## Current draft\n\n<draft>\n%s\n</draft>\n\n## What to change\n", candidate)
	for _, f := range decision.BlockingFailures {
		fmt.Fprintf(&b, "\n- Blocking: %s", f)
	}
	for _, in := range decision.RevisionInstructions {
		fmt.Fprintf(&b, "\n- %s", in)
	}
	for _, c := range decision.Criteria {
		if !c.Passed && c.Reason != "" {
			fmt.Fprintf(&b, "\n- Failed %s: %s", c.Name, c.Reason)
		}
	}
	b.WriteString("\n\nReply with the revised draft only.")
	return Prompt{System: instructions, User: b.String()}
}

// writeTask writes the task part GenerationPrompt and RevisionPrompt share.
func writeTask(b *strings.Builder, t Task) {
	b.WriteString("## Task\n\n")
	b.WriteString(t.Input)
	if len(t.Metadata) > 0 {
		b.WriteString("\n\n## Details\n")
		for _, k := range slices.Sorted(maps.Keys(t.Metadata)) {
			fmt.Fprintf(b, "\n- %s: %s", k, t.Metadata[k])
		}
	}
	if len(t.Criteria) > 0 {
		b.WriteString("\n\n## Criteria\n")
		for _, c := range t.Criteria {
			fmt.Fprintf(b, "\n- %s", c)
		}
	}
	if len(t.Evidence) > 0 {
		b.WriteString("\n\n## Evidence")
		for _, e := range t.Evidence {
			fmt.Fprintf(b, "\n\n<evidence id=%q source=%q>\n%s\n</evidence>", e.ID, e.Source, e.Content)
		}
	}
}
