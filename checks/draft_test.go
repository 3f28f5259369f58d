package checks

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIsDraftIntro(t *testing.T) {
	drafts := []string{
		"Replacement text for clause 8.2", "Insert the following as a new clause 7.4", "Revise clause 11.3 to read",
		"Proposed", "Our suggested wording", "Amend the second sentence so that it reads", "Add at the end of 5.1",
		"Fallback position", "Replace the current text with", "R4 (RED). New clause 12.6", "Substitute",
	}
	for _, s := range drafts {
		assert.True(t, isDraftIntro(s), s)
	}
	sources := []string{
		"Current", "Clause 8.3 currently reads", "As drafted", "The existing wording", "Section 4 provides",
		"The Supplier's draft states", "Original text",
	}
	for _, s := range sources {
		assert.False(t, isDraftIntro(s), s)
	}
}

func TestUnmarkRedline(t *testing.T) {
	assert.Equal(t, "The Supplier shall use reasonable endeavours to deliver.",
		unmarkRedline("The Supplier shall ~~use reasonable endeavours to~~ **promptly** deliver."))
	assert.Equal(t, "fees are due in 30 days.", unmarkRedline("fees are due in [deleted: 30] [inserted: 45] days."))
	assert.Equal(t, "plain text", unmarkRedline("plain text"))
}

func TestListNumberingCheck(t *testing.T) {
	got := func(text string) []string {
		var out []string
		for _, f := range NewListNumberingCheck().Check(Document{Text: text}) {
			out = append(out, f.Location.Text)
		}
		return out
	}
	assert.Equal(t, []string{"4"}, got("Steps:\n\n1. Ask.\n2. Wait.\n4. Pay.\n"))
	assert.Empty(t, got("1. Ask.\n1. Wait.\n1. Pay.\n"), "lazy Markdown numbering")
	assert.Empty(t, got("1. Ask.\n2. Wait.\n\nSome text.\n\n5. Restarted list.\n"), "a paragraph ends a list")
	assert.Empty(t, got("1. Ask.\n   1. sub\n   2. sub\n2. Wait.\n"), "nested lists keep their own count")
}
