package quotematch

import (
	"fmt"
	"sync"

	"github.com/evalopt/evalopt/checks/internal/lru"
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
	lru *lru.Cache[*Index]

	mu sync.Mutex
	// builds counts the indexes built, for tests.
	builds int
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
	return &IndexCache{lru: lru.New[*Index](maxBytes)}, nil
}

// Index returns the index of source, from the cache or newly built (and
// then kept, evicting the least recently used indexes until the budget
// holds). Two goroutines missing the same source at once may both build
// it; one index is kept.
func (c *IndexCache) Index(source string) *Index {
	if x, ok := c.lru.Get(source); ok {
		return x
	}
	c.mu.Lock()
	c.builds++
	c.mu.Unlock()
	x := NewIndex(source) // outside any lock: indexing 1 MB takes tens of ms
	return c.lru.Add(source, x, x.size)
}

// Len returns how many indexes the cache holds.
func (c *IndexCache) Len() int { return c.lru.Len() }

// Bytes returns the estimated bytes the cached indexes hold, never more
// than the budget.
func (c *IndexCache) Bytes() int64 { return c.lru.Bytes() }
