package check_test

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/xref"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSuiteReadsSourceOnce: a Suite evaluating revisions of one review
// against one source builds the source's outline once.
func TestSuiteReadsSourceOnce(t *testing.T) {
	s, err := check.NewSuite([]check.Check{check.OnlyFor(xref.NewXrefCheck(), evaluator.KindReviewMemo)})
	require.NoError(t, err)
	source := "# Agreement\n\n## 1. Term\n\nOne year.\n\n## 2. Fees\n\nMonthly.\n"
	doc := check.Document{Kind: evaluator.KindReviewMemo, SourceText: source, Text: "## Findings\n\nSection 2 is fine; Section 9 caps the fees.\n"}
	for i := range 3 {
		doc.Text += strings.Repeat(" ", i) // a revision
		fs, err := s.Run(t.Context(), doc)
		require.NoError(t, err)
		require.Len(t, fs, 1)
		assert.Equal(t, xref.RuleDanglingRef, fs[0].Rule)
	}
	assert.Equal(t, 1, check.SharedAcrossLen(s), "the source's facts, built by the first run and kept")
}
