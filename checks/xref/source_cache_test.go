package xref

import (
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAcrossCache(t *testing.T) {
	a, b := strings.Repeat("1. Term.\n", 100), strings.Repeat("2. Fees.\n", 100)
	c := check.NewAcrossCache(sourceFactsBytes(len(a)) + sourceFactsBytes(len(b)))
	builds := 0
	get := func(c *check.AcrossCache, text string) any {
		return c.Get(sourceFactsKey{}, text, sourceFactsBytes(len(text)), func() any { builds++; return &sourceFacts{text: text} })
	}
	fa := get(c, a)
	assert.Same(t, fa, get(c, a), "a source seen again is served from the cache")
	get(c, b)
	get(c, a) // a is now the most recently used
	get(c, strings.Repeat("3. Law.\n", 100))
	assert.Equal(t, 2, c.ByKey[sourceFactsKey{}].Len(), "the budget holds two sources")
	assert.Same(t, fa, get(c, a), "the least recently used (b) went, not a")
	assert.Equal(t, 3, builds)

	big := strings.Repeat("x", 1<<20)
	small := check.NewAcrossCache(1024)
	require.NotNil(t, get(small, big))
	assert.Zero(t, small.ByKey[sourceFactsKey{}].Len(), "facts over the whole budget are built, not kept")
	assert.NotNil(t, get(nil, a), "no cache: new facts")
}

// TestSuiteReadsSourceOnce: a Suite evaluating revisions of one review
// against one source builds the source's outline once.
func TestSuiteReadsSourceOnce(t *testing.T) {
	s, err := check.NewSuite([]check.Check{check.OnlyFor(NewXrefCheck(), evaluator.KindReviewMemo)})
	require.NoError(t, err)
	source := "# Agreement\n\n## 1. Term\n\nOne year.\n\n## 2. Fees\n\nMonthly.\n"
	doc := check.Document{Kind: evaluator.KindReviewMemo, Source: source, Text: "## Findings\n\nSection 2 is fine; Section 9 does not exist.\n"}
	for i := range 3 {
		doc.Text += strings.Repeat(" ", i) // a revision
		fs, err := s.Run(t.Context(), doc)
		require.NoError(t, err)
		require.Len(t, fs, 1)
		assert.Equal(t, RuleDanglingRef, fs[0].Rule)
	}
	l := s.Across.ByKey[sourceFactsKey{}]
	require.NotNil(t, l)
	assert.Equal(t, 1, l.Len())
	f, ok := l.Get(sourceText(doc))
	require.True(t, ok)
	assert.NotNil(t, f.V.(*sourceFacts).outline, "built by the first run and kept")
}
