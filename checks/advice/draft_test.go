package advice

import (
	"testing"

	"github.com/evalopt/evalopt/checks/internal/text"
	"github.com/stretchr/testify/assert"
)

func TestIsDraftIntro(t *testing.T) {
	drafts := []string{
		"Replacement text for clause 8.2", "Insert the following as a new clause 7.4", "Revise clause 11.3 to read",
		"Proposed", "Our suggested wording", "Amend the second sentence so that it reads", "Add at the end of 5.1",
		"Fallback position", "Replace the current text with", "R4 (RED). New clause 12.6", "Substitute",
		"write to the insurer asking them to endorse the policy as follows", "Vary clause 4 as follows",
	}
	for _, s := range drafts {
		assert.True(t, text.IsDraftIntro(s), s)
	}
	sources := []string{
		"Current", "Clause 8.3 currently reads", "As drafted", "The existing wording", "Section 4 provides",
		"The Supplier's draft states", "Original text",
	}
	for _, s := range sources {
		assert.False(t, text.IsDraftIntro(s), s)
	}
}
