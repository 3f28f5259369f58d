package quote

import (
	"container/list"
	"fmt"
	"sync"

	"github.com/evalopt/evalopt/evaluator"
)

// defaultIndexCacheBytes is the memory budget of an IndexCache built with 0.
const defaultIndexCacheBytes = 256 << 20

// IndexCache keeps the indexes of the sources a quote check saw last, so that a
// loop revising one review indexes the contract once and a task's evidence
// items are indexed once each, however many there are. It is bounded by
// the bytes its indexes hold, not by their number, and evicts the least
// recently used first: a hot source stays while cold ones go, and nine
// evidence items are served like eight (a cache of eight entries, first in
// first out, rebuilt every index of a nine-item task on every evaluation).
// An index larger than the whole budget is built and returned but not
// kept. An IndexCache is safe for concurrent use.
type IndexCache struct {
	max int64

	mu    sync.Mutex
	used  int64
	order *list.List               // of *cacheEntry, most recently used first
	items map[string]*list.Element // source -> element of order
	// builds counts the indexes built, for tests.
	builds int
}

type cacheEntry struct {
	src string
	x   *Index
}

// NewIndexCache returns a cache whose indexes hold at most maxBytes; 0 means
// the default, 256 MiB of indexes (about 15 MB of source text: an index
// takes about 17 bytes per source byte). A negative maxBytes is an
// *evaluator.FieldError naming it that matches evaluator.ErrInvalidOption.
func NewIndexCache(maxBytes int64) (*IndexCache, error) {
	if maxBytes < 0 {
		return nil, fmt.Errorf("quote: NewIndexCache: %w", &evaluator.FieldError{Field: "maxBytes", Err: evaluator.ErrInvalidOption,
			Problem: fmt.Sprintf("must be >= 0 (0 means the default, %d), got %d", defaultIndexCacheBytes, maxBytes)})
	}
	if maxBytes == 0 {
		maxBytes = defaultIndexCacheBytes
	}
	return &IndexCache{max: maxBytes, order: list.New(), items: map[string]*list.Element{}}, nil
}

// Index returns the index of source, from the cache or newly built (and
// then kept, evicting the least recently used indexes until the budget
// holds). Two goroutines missing the same source at once may both build
// it; one index is kept.
func (c *IndexCache) Index(source string) *Index {
	c.mu.Lock()
	if el, ok := c.items[source]; ok {
		c.order.MoveToFront(el)
		x := el.Value.(*cacheEntry).x
		c.mu.Unlock()
		return x
	}
	c.builds++
	c.mu.Unlock()

	x := NewIndex(source) // outside the lock: indexing 1 MB takes tens of ms

	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[source]; ok { // built meanwhile by another goroutine
		c.order.MoveToFront(el)
		return el.Value.(*cacheEntry).x
	}
	if x.size > c.max {
		return x
	}
	for c.used+x.size > c.max {
		last := c.order.Back()
		e := last.Value.(*cacheEntry)
		c.order.Remove(last)
		delete(c.items, e.src)
		c.used -= e.x.size
	}
	c.items[source] = c.order.PushFront(&cacheEntry{src: source, x: x})
	c.used += x.size
	return x
}

// Len returns how many indexes the cache holds.
func (c *IndexCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items)
}

// Bytes returns the estimated bytes the cached indexes hold, never more
// than the budget.
func (c *IndexCache) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.used
}
