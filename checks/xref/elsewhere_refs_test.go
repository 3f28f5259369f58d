package xref

import (
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
)

// A reference whose label the text says is not there, or that cites
// another named document's section in parentheses, points at nothing the
// deliverable owes; the same references without that grammar dangle.
func TestXrefAbsentAndOtherDocumentRefs(t *testing.T) {
	src := "# Colocation Terms v5\n\n**9. Liability**\n9.1 The cap is three months' fees.\n9.3 No indirect loss.\n"
	cases := []struct {
		name, text string
		want       []string
	}{
		{"said to be absent", "# Redline\n\nClause numbers follow the source; cl. 9.2 does not appear in v5.\n", nil},
		{"there is no", "# Redline\n\nThere is no clause 9.2 in v5, so nothing is cited.\n", nil},
		{"absent, said after the sentence ends", "# Redline\n\nSee cl. 9.2. It does not appear in v5.\n", []string{"cl. 9.2"}},
		{"plain dangling", "# Redline\n\nThe cap in cl. 9.2 should rise to twelve months.\n", []string{"cl. 9.2"}},
		{"another named document", "# Redline\n\nThe apps must meet the App Store Review Guidelines (section 3.1.1, In-App Purchase).\n", nil},
		{"the source's own name", "# Redline\n\nThe Colocation Terms (section 9.2) cap liability.\n", []string{"section 9.2"}},
		{"a defined term, not a document", "# Redline\n\nThe Service Credits (section 9.2) are too low.\n", []string{"section 9.2"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, danglingWith(evaluator.KindRedline, src, tc.text))
		})
	}
}

// A policy under review cited by its own name is the source, not another
// document: its missing section still dangles.
func TestXrefSourceNamedByItsTitle(t *testing.T) {
	src := "# Acceptable Use Policy\n\n## Section 1. Scope\n\nAll staff.\n\n## Section 2. Devices\n\nWork devices only, as section 1 says.\n"
	memo := "# Review\n\n## Findings\n\nThe Acceptable Use Policy (section 7) bans personal devices.\n"
	assert.Equal(t, []string{"section 7"}, danglingWith(evaluator.KindReviewMemo, src, memo))
	other := "# Review\n\n## Findings\n\nThe Records Retention Policy (section 7) keeps logs for a year.\n"
	assert.Empty(t, danglingWith(evaluator.KindReviewMemo, src, other))
}
