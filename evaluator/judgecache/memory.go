package judgecache

import (
	"container/list"
	"context"
	"fmt"
	"sync"

	"github.com/evalopt/evalopt/evaluator"
)

// CacheStore holds cached judge decisions by key. Implementations must be
// safe for concurrent use. MemoryStore, DiskStore and the Redis store of
// github.com/evalopt/evalopt/adapters/redis implement it; a store on
// another database encodes entries with EncodeEntry and DecodeEntry.
//
// Keys are what Cache.Key returns: 64 lowercase hex digits.
//
// Get returns the entry stored under key and whether there is one; an
// error is an infrastructure failure, which the Cache counts and treats as
// a miss. A store must never return an entry stored under another key, nor
// one it cannot read whole (report a miss, with an error when the bytes are
// damaged). Put stores e under key; an error is counted by the Cache as a
// missed chance to cache (the fresh decision is still returned).
type CacheStore interface {
	Get(ctx context.Context, key string) (Entry, bool, error)
	Put(ctx context.Context, key string, e Entry) error
}

// defaultMemoryBytes is the byte bound of NewMemoryStore(0), the store a
// Cache makes when none is given: 64 MiB.
const defaultMemoryBytes = 64 << 20

// MemoryStore is an in-memory CacheStore bounded in bytes with
// least-recently-used eviction. Its zero value is not usable; build it
// with NewMemoryStore. It is safe for concurrent use.
type MemoryStore struct {
	mu        sync.Mutex
	maxBytes  int64
	bytes     int64
	order     *list.List // front: most recently used; values are *memEntry
	items     map[string]*list.Element
	evictions int64
}

type memEntry struct {
	key  string
	e    Entry
	size int64
}

// NewMemoryStore returns an empty MemoryStore that keeps the estimated
// size of its entries (keys, decisions and bookkeeping) at or below
// maxBytes, evicting the least recently used; an entry larger than maxBytes
// is not stored. A maxBytes of 0 means 64 MiB; a negative one
// is an error naming it and matching ErrInvalidCache.
func NewMemoryStore(maxBytes int64) (*MemoryStore, error) {
	switch {
	case maxBytes < 0:
		return nil, fmt.Errorf("%w: NewMemoryStore: maxBytes: must be >= 0 (0 means the default, %d), got %d", ErrInvalidCache, defaultMemoryBytes, maxBytes)
	case maxBytes == 0:
		maxBytes = defaultMemoryBytes
	}
	return &MemoryStore{maxBytes: maxBytes, order: list.New(), items: map[string]*list.Element{}}, nil
}

// Get returns a copy of the entry stored under key, marking it recently
// used. It never returns an error.
func (s *MemoryStore) Get(_ context.Context, key string) (Entry, bool, error) {
	s.mu.Lock()
	el, ok := s.items[key]
	if !ok {
		s.mu.Unlock()
		return Entry{}, false, nil
	}
	s.order.MoveToFront(el)
	e := el.Value.(*memEntry).e
	s.mu.Unlock()
	// Stored slices are never written to, so the copy can be made unlocked.
	e.Decision = cloneDecision(e.Decision)
	return e, true, nil
}

// Put stores a copy of en under key, then evicts least recently used
// entries until the store is within its bound. It never returns an error.
func (s *MemoryStore) Put(_ context.Context, key string, en Entry) error {
	en.Decision = cloneDecision(en.Decision)
	e := &memEntry{key: key, e: en, size: entrySize(key, en.Decision)}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.items[key]; ok {
		s.bytes -= old.Value.(*memEntry).size
		s.order.Remove(old)
		delete(s.items, key)
	}
	if e.size > s.maxBytes {
		return nil
	}
	s.items[key] = s.order.PushFront(e)
	s.bytes += e.size
	for s.bytes > s.maxBytes {
		last := s.order.Back()
		le := last.Value.(*memEntry)
		s.order.Remove(last)
		delete(s.items, le.key)
		s.bytes -= le.size
		s.evictions++
	}
	return nil
}

// MemoryStats describes a MemoryStore.
type MemoryStats struct {
	// Entries is the number of decisions held.
	Entries int
	// Bytes is their estimated size; it never exceeds MaxBytes.
	Bytes, MaxBytes int64
	// Evictions counts entries evicted to stay within MaxBytes.
	Evictions int64
}

// Bytes returns the estimated size of the entries held (MemoryStats.Bytes);
// Cache.Stats reports it.
func (s *MemoryStore) Bytes() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bytes
}

// Stats returns the store's current size and eviction count.
func (s *MemoryStore) Stats() MemoryStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return MemoryStats{Entries: len(s.items), Bytes: s.bytes, MaxBytes: s.maxBytes, Evictions: s.evictions}
}

// Per-entry overheads in the size estimate, in bytes: the list element and
// entry struct, the map slot, the decision's fixed fields, and each
// criterion's and string's header. They are generous, so that the estimate
// stays above what the Go heap really holds.
const (
	entryOverhead     = 256
	criterionOverhead = 96
	stringOverhead    = 16
)

// entrySize estimates the bytes one entry keeps alive.
func entrySize(key string, d evaluator.EvaluationDecision) int64 {
	n := int64(entryOverhead + 2*len(key)) // the key is held by the map and the entry; the time is in entryOverhead
	n += int64(len(d.Status) + len(d.StopReason))
	strs := func(ss []string) {
		for _, s := range ss {
			n += int64(len(s) + stringOverhead)
		}
	}
	strs(d.BlockingFailures)
	strs(d.RevisionInstructions)
	for _, c := range d.Criteria {
		n += int64(criterionOverhead + len(c.Name) + len(c.Reason))
		strs(c.EvidenceRefs)
	}
	return n
}

// cloneDecision copies d and every slice it holds, so that a caller that
// edits a decision cannot change what the store holds.
func cloneDecision(d evaluator.EvaluationDecision) evaluator.EvaluationDecision {
	d.BlockingFailures = cloneStrings(d.BlockingFailures)
	d.RevisionInstructions = cloneStrings(d.RevisionInstructions)
	if d.Criteria != nil {
		cs := make([]evaluator.Criterion, len(d.Criteria))
		for i, c := range d.Criteria {
			c.EvidenceRefs = cloneStrings(c.EvidenceRefs)
			cs[i] = c
		}
		d.Criteria = cs
	}
	return d
}

func cloneStrings(ss []string) []string {
	if ss == nil {
		return nil
	}
	return append(make([]string, 0, len(ss)), ss...)
}
