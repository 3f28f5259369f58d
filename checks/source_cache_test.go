package checks

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

func TestSourceCache(t *testing.T) {
	a, b := strings.Repeat("1. Term.\n", 100), strings.Repeat("2. Fees.\n", 100)
	c := newSourceCache(sourceFactsBytes(len(a)) + sourceFactsBytes(len(b)))
	fa := c.facts(a)
	assert.Same(t, fa, c.facts(a), "a source seen again is served from the cache")
	c.facts(b)
	c.facts(a) // a is now the most recently used
	c.facts(strings.Repeat("3. Law.\n", 100))
	assert.Equal(t, 2, c.lru.Len(), "the budget holds two sources")
	assert.Same(t, fa, c.facts(a), "the least recently used (b) went, not a")

	big := strings.Repeat("x", 1<<20)
	small := newSourceCache(1024)
	require.NotNil(t, small.facts(big))
	assert.Zero(t, small.lru.Len(), "facts over the whole budget are built, not kept")
	assert.NotNil(t, (*sourceCache)(nil).facts(a), "no cache: new facts")
}

// TestSuiteReadsSourceOnce: a Suite evaluating revisions of one review
// against one source builds the source's outline once.
func TestSuiteReadsSourceOnce(t *testing.T) {
	s, err := NewSuite([]Check{OnlyFor(NewXrefCheck(), evaluator.KindReviewMemo)})
	require.NoError(t, err)
	source := "# Agreement\n\n## 1. Term\n\nOne year.\n\n## 2. Fees\n\nMonthly.\n"
	doc := Document{Kind: evaluator.KindReviewMemo, Source: source, Text: "## Findings\n\nSection 2 is fine; Section 9 does not exist.\n"}
	for i := range 3 {
		doc.Text += strings.Repeat(" ", i) // a revision
		fs, err := s.Run(t.Context(), doc)
		require.NoError(t, err)
		require.Len(t, fs, 1)
		assert.Equal(t, RuleDanglingRef, fs[0].Rule)
	}
	assert.Equal(t, 1, s.sources.lru.Len())
	f := s.sources.facts(sourceText(doc))
	assert.NotNil(t, f.outline, "built by the first run and kept")
}
