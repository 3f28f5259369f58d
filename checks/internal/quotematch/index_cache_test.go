package quotematch

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// evidenceItems returns n distinct sources of about size bytes each.
func evidenceItems(n, size int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("Evidence item %d of %d. ", i, n) + benchSource(size)
	}
	return out
}

func TestNewCache(t *testing.T) {
	_, err := NewIndexCache(-1)
	assert.EqualError(t, err, "quote: NewIndexCache: maxBytes: must be >= 0 (0 means the default, 268435456), got -1")
	assert.ErrorIs(t, err, evaluator.ErrInvalidOption)
	c, err := NewIndexCache(0)
	require.NoError(t, err)
	assert.Equal(t, int64(defaultIndexCacheBytes), c.lru.Max())
}

// TestCacheServesNineItemsLikeEight: a task's evidence is indexed once per
// item, whatever the number of items (a count-capped cache of eight rebuilt
// all nine on every pass).
func TestCacheServesNineItemsLikeEight(t *testing.T) {
	c, err := NewIndexCache(0)
	require.NoError(t, err)
	for _, n := range []int{8, 9, 40} {
		items := evidenceItems(n, 4<<10)
		before := c.builds
		for pass := 0; pass < 3; pass++ {
			for _, src := range items {
				m, err := c.Index(src).Verify("The Customer shall pay invoice number 1003", Config{})
				require.NoError(t, err)
				assert.Equal(t, Exact, m.Kind)
			}
		}
		assert.Equal(t, n, c.builds-before, "%d items: each indexed once over three passes", n)
	}
}

// TestCacheEvictsLeastRecentlyUsed: with room for two indexes, the one
// touched last stays and the one not touched goes (first in, first out
// would drop the hot one).
func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	items := evidenceItems(3, 8<<10)
	one := NewIndex(items[0]).size
	c, err := NewIndexCache(2*one + one/2)
	require.NoError(t, err)
	a, b, d := items[0], items[1], items[2]
	c.Index(a)
	c.Index(b)
	c.Index(a) // a is now the most recently used
	c.Index(d) // evicts b
	require.Equal(t, 3, c.builds)
	assert.Equal(t, 2, c.Len())
	c.Index(a)
	assert.Equal(t, 3, c.builds, "a stayed")
	c.Index(b)
	assert.Equal(t, 4, c.builds, "b was evicted")
	assert.LessOrEqual(t, c.Bytes(), c.lru.Max())
}

// TestCacheIsBoundedByBytes: eight large sources do not stay alive beyond
// the budget, and one larger than the whole budget is not kept at all.
func TestCacheIsBoundedByBytes(t *testing.T) {
	const budget = 2 << 20
	c, err := NewIndexCache(budget)
	require.NoError(t, err)
	for _, src := range evidenceItems(8, 64<<10) {
		x := c.Index(src)
		require.NotNil(t, x)
		assert.LessOrEqual(t, c.Bytes(), int64(budget))
	}
	assert.Less(t, c.Len(), 8, "not every index fits the budget")
	assert.Positive(t, c.Len())

	huge := benchSource(512 << 10)
	x := c.Index(huge)
	require.Greater(t, x.size, int64(budget))
	assert.Equal(t, huge, x.Source())
	for _, src := range []string{huge} {
		assert.False(t, c.lru.Has(src), "an index larger than the budget is not kept")
	}
}

// TestIndexSizeEstimate: the budget counts what an index really holds,
// within a factor of two.
func TestIndexSizeEstimate(t *testing.T) {
	src := strings.Clone(benchSource(1 << 20))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	x := NewIndex(src)
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc) + int64(len(src)) // the source was allocated before
	assert.InDelta(t, 1, float64(x.size)/float64(held), 0.5, "estimate %d, held %d", x.size, held)
	runtime.KeepAlive(x)
}

func TestCacheConcurrentUse(t *testing.T) {
	c, err := NewIndexCache(4 << 20)
	require.NoError(t, err)
	items := evidenceItems(12, 16<<10)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 40; i++ {
				src := items[(g+i)%len(items)]
				if got := c.Index(src).Source(); got != src {
					t.Errorf("index of the wrong source")
				}
			}
		}(g)
	}
	wg.Wait()
	assert.LessOrEqual(t, c.Bytes(), int64(4<<20))
}

// BenchmarkCacheEvidenceItems checks one quote against each of n evidence
// items of 20 KB through a warm cache: the time per item does not depend on
// n. The fifo8 rows replay the count-capped, first-in-first-out cache of
// eight this replaces: at nine items every evaluation rebuilt every index.
func BenchmarkCacheEvidenceItems(b *testing.B) {
	for _, n := range []int{1, 8, 9, 32} {
		items := evidenceItems(n, 20<<10)
		b.Run(fmt.Sprintf("lru-bytes/items=%d", n), func(b *testing.B) {
			c, err := NewIndexCache(0)
			if err != nil {
				b.Fatal(err)
			}
			benchItems(b, items, c.Index)
		})
		b.Run(fmt.Sprintf("fifo8/items=%d", n), func(b *testing.B) {
			benchItems(b, items, newFIFO8().index)
		})
	}
}

func benchItems(b *testing.B, items []string, index func(string) *Index) {
	for _, src := range items { // warm
		index(src)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, src := range items {
			if _, err := index(src).Verify("The Customer shall pay invoice number 1003 within thirty (30) days", Config{}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(items)), "ns/item")
}

// fifo8 is the cache the quote check kept before IndexCache: eight indexes,
// first in, first out.
type fifo8 struct {
	m     map[string]*Index
	order []string
}

func newFIFO8() *fifo8 { return &fifo8{m: map[string]*Index{}} }

func (f *fifo8) index(src string) *Index {
	if x, ok := f.m[src]; ok {
		return x
	}
	x := NewIndex(src)
	if len(f.order) == 8 {
		delete(f.m, f.order[0])
		f.order = f.order[1:]
	}
	f.m[src] = x
	f.order = append(f.order, src)
	return x
}
