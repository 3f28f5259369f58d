package evaluator

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGenerationPrompt(t *testing.T) {
	task := Task{
		ID:       "refund-1",
		Input:    "Answer the customer's refund request.",
		Criteria: []string{"Cite the invoice.", "Be kind."},
		Evidence: []Evidence{
			{ID: "inv-7", Source: "billing", Content: "Invoice 7: 59.99 EUR"},
			{ID: "note-1", Content: "Customer called twice."},
		},
		Metadata: map[string]string{"locale": "de-DE", "customer": "Ana"},
	}
	want := "## Task\n\nAnswer the customer's refund request." +
		"\n\n## Details\n\n- customer: Ana\n- locale: de-DE" +
		"\n\n## Criteria\n\n- Cite the invoice.\n- Be kind." +
		"\n\n## Evidence" +
		"\n\n<evidence id=\"inv-7\" source=\"billing\">\nInvoice 7: 59.99 EUR\n</evidence>" +
		"\n\n<evidence id=\"note-1\" source=\"\">\nCustomer called twice.\n</evidence>"
	p := GenerationPrompt("You write replies.", task)
	assert.Equal(t, "You write replies.", p.System)
	assert.Equal(t, want, p.User)
	for range 20 { // metadata comes from a map: the order must not vary
		assert.Equal(t, want, GenerationPrompt("", task).User)
	}
}

func TestGenerationPromptLeavesOutEmptySections(t *testing.T) {
	p := GenerationPrompt("sys", Task{Input: "Say hello."})
	assert.Equal(t, "## Task\n\nSay hello.", p.User)
	for _, h := range []string{"## Details", "## Criteria", "## Evidence"} {
		assert.NotContains(t, p.User, h)
	}
}

func TestGenerationPromptQuotesIDs(t *testing.T) {
	// An ID with a quote must not end the attribute early: a draft cites
	// the ID the element names.
	p := GenerationPrompt("", Task{Input: "x", Evidence: []Evidence{{ID: `a"b`, Source: "s", Content: "c"}}})
	assert.Contains(t, p.User, `<evidence id="a\"b" source="s">`)
}

func TestRevisionPrompt(t *testing.T) {
	task := Task{Input: "Answer the refund request.", Evidence: []Evidence{{ID: "inv-7", Source: "billing", Content: "59.99 EUR"}}}
	d := EvaluationDecision{
		Status: StatusBlock,
		Criteria: []Criterion{
			{Name: "amount", Passed: false, Reason: "says 69.99"},
			{Name: "tone", Passed: true, Reason: "kind"},
			{Name: "silent", Passed: false},
		},
		BlockingFailures:     []string{"wrong_amount"},
		RevisionInstructions: []string{"Use the invoice amount.", "Cite inv-7."},
	}
	p := RevisionPrompt("You revise.", task, "We refund 69.99 EUR.", d)
	assert.Equal(t, "You revise.", p.System)
	want := GenerationPrompt("", task).User +
		"\n\n## Current draft\n\n<draft>\nWe refund 69.99 EUR.\n</draft>\n\n## What to change\n" +
		"\n- Blocking: wrong_amount\n- Use the invoice amount.\n- Cite inv-7.\n- Failed amount: says 69.99" +
		"\n\nReply with the revised draft only."
	assert.Equal(t, want, p.User)
	assert.NotContains(t, p.User, "tone", "a passed criterion is not something to change")
	assert.NotContains(t, p.User, "silent", "a failed criterion without a reason adds nothing")
}

func TestRevisionPromptOrder(t *testing.T) {
	// Blockers first: a reviser that reads top-down fixes them first.
	d := EvaluationDecision{
		Criteria:             []Criterion{{Name: "c", Reason: "r"}},
		BlockingFailures:     []string{"b"},
		RevisionInstructions: []string{"i"},
	}
	u := RevisionPrompt("", Task{Input: "x"}, "draft", d).User
	b, i, c := strings.Index(u, "- Blocking: b"), strings.Index(u, "\n- i"), strings.Index(u, "- Failed c: r")
	assert.True(t, 0 < b && b < i && i < c, "order blocking < instruction < failed criterion: %d %d %d", b, i, c)
}

func BenchmarkRevisionPrompt(b *testing.B) {
	task := Task{Input: strings.Repeat("input ", 200), Metadata: map[string]string{"a": "1", "b": "2"}}
	for i := range 8 {
		task.Evidence = append(task.Evidence, Evidence{ID: string(rune('a' + i)), Content: strings.Repeat("evidence ", 100)})
	}
	d := EvaluationDecision{RevisionInstructions: []string{"one", "two"}, Criteria: []Criterion{{Name: "n", Reason: "r"}}}
	b.ReportAllocs()
	for b.Loop() {
		_ = RevisionPrompt("sys", task, "draft", d)
	}
}
