package check

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type testKey struct{}

func TestAcrossCache(t *testing.T) {
	size := func(s string) int64 { return 4*int64(len(s)) + 1024 }
	a, b := strings.Repeat("1. Term.\n", 100), strings.Repeat("2. Fees.\n", 100)
	c := newAcrossCache(size(a) + size(b))
	builds := 0
	get := func(c *acrossCache, text string) any {
		return c.get(testKey{}, text, size(text), func() any { builds++; return &struct{ s string }{text} })
	}
	fa := get(c, a)
	assert.Same(t, fa, get(c, a), "a source seen again is served from the cache")
	get(c, b)
	get(c, a) // a is now the most recently used
	get(c, strings.Repeat("3. Law.\n", 100))
	assert.Equal(t, 2, c.byKey[testKey{}].Len(), "the budget holds two sources")
	assert.Same(t, fa, get(c, a), "the least recently used (b) went, not a")
	assert.Equal(t, 3, builds)

	big := strings.Repeat("x", 1<<20)
	small := newAcrossCache(1024)
	require.NotNil(t, get(small, big))
	assert.Zero(t, small.byKey[testKey{}].Len(), "facts over the whole budget are built, not kept")
	assert.NotNil(t, get(nil, a), "no cache: new facts")
}

func TestSharedOncePerDocument(t *testing.T) {
	doc := Prepare(Document{Text: "abc"})
	n := 0
	build := func() int { n++; return n }
	assert.Equal(t, 1, Shared(doc, testKey{}, build))
	assert.Equal(t, 1, Shared(doc, testKey{}, build), "computed once per prepared document")
	assert.Equal(t, 2, Shared(Document{Text: "abc"}, testKey{}, build), "not prepared: built every call")
	other := doc
	other.Text = "abd"
	assert.Equal(t, 3, Shared(other, testKey{}, build), "another text gets no sharing")
}
