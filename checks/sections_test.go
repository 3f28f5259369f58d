package checks

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

func TestSectionsCheck(t *testing.T) {
	memo := func(text string) []string {
		var got []string
		for _, f := range NewSectionsCheck().Check(Document{Kind: evaluator.KindReviewMemo, Text: text}) {
			got = append(got, f.Message)
		}
		return got
	}
	assert.Empty(t, memo("# Memo\n\n## Executive summary\n\nx\n\n## Key issues\n\nx\n\n## Next steps\n\nx\n"), "synonyms count")
	assert.Empty(t, memo("MEMO\n\nBOTTOM LINE\n\nx\n\nANALYSIS\n\nx\n\nADVICE\n\nx\n"), "plain-text capitals")
	assert.Empty(t, memo("1. Overview\n\nx\n\n2. Risks\n\nx\n\n3. What to do\n\nx\n"), "numbered plain titles")
	lead := "You asked us to look at the supply agreement before signing. In short it is broadly acceptable but the liability and exit terms need work, and the data terms must be fixed before any personal data is shared with the supplier under it."
	assert.Empty(t, memo("# Memo\n\n"+lead+"\n\n## Analysis\n\nx\n\n## Recommendations\n\nx\n"), "an opening paragraph is the summary")
	got := memo("# Memo\n\n## Summary\n\nx\n\n## Background\n\nx\n\n## Recommendations\n\nx\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "findings")
	assert.Empty(t, memo("Short note with no sections."), "a note without headings has no sections to miss")
	assert.Empty(t, NewSectionsCheck().Check(Document{Kind: evaluator.KindCustomerReply, Text: "## A\n\n## B\n"}), "replies need none")
}

func TestWithRequiredSections(t *testing.T) {
	s, err := NewSuite([]Check{NewSectionsCheck()}, WithRequiredSections(evaluator.KindCustomerReply, Section{Name: "next steps", Headings: []string{"next steps", "what happens next"}}))
	require.NoError(t, err)
	fs, err := s.Run(t.Context(), Document{Kind: evaluator.KindCustomerReply, Text: "## Your order\n\nx\n\n## Your refund\n\nx\n"})
	require.NoError(t, err)
	require.Len(t, fs, 1)
	assert.Equal(t, RuleMissingSection, fs[0].Rule)
	_, err = NewSuite([]Check{NewSectionsCheck()}, WithRequiredSections(evaluator.KindReviewMemo, Section{Name: ""}))
	assert.Error(t, err)
}
