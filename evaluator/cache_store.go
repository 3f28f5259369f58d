package evaluator

import (
	"container/list"
	"context"
	"sync"
)

// CacheStore holds cached judge decisions by key. Implementations must be
// safe for concurrent use. A store backed by Redis or SQL implements it;
// MemoryStore is the in-memory default.
//
// Get returns the decision stored under key and whether there is one; an
// error is an infrastructure failure, which the Cache treats as a miss.
// Put stores d under key; an error is reported by the Cache's Evaluate
// only as a missed chance to cache (the fresh decision is still returned).
type CacheStore interface {
	Get(ctx context.Context, key string) (EvaluationDecision, bool, error)
	Put(ctx context.Context, key string, d EvaluationDecision) error
}

// DefaultCacheBytes is the byte bound of the MemoryStore a Cache makes when
// no store is given: 64 MiB.
const DefaultCacheBytes = 64 << 20

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
	d    EvaluationDecision
	size int64
}

// NewMemoryStore returns an empty MemoryStore that keeps the estimated
// size of its entries (keys, decisions and bookkeeping) at or below
// maxBytes, evicting the least recently used; an entry larger than maxBytes
// is not stored. maxBytes <= 0 means DefaultCacheBytes.
func NewMemoryStore(maxBytes int64) *MemoryStore {
	if maxBytes <= 0 {
		maxBytes = DefaultCacheBytes
	}
	return &MemoryStore{maxBytes: maxBytes, order: list.New(), items: map[string]*list.Element{}}
}

// Get returns a copy of the decision stored under key, marking it recently
// used. It never returns an error.
func (s *MemoryStore) Get(_ context.Context, key string) (EvaluationDecision, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	el, ok := s.items[key]
	if !ok {
		return EvaluationDecision{}, false, nil
	}
	s.order.MoveToFront(el)
	return cloneDecision(el.Value.(*memEntry).d), true, nil
}

// Put stores a copy of d under key, then evicts least recently used
// entries until the store is within its bound. It never returns an error.
func (s *MemoryStore) Put(_ context.Context, key string, d EvaluationDecision) error {
	e := &memEntry{key: key, d: cloneDecision(d), size: entrySize(key, d)}
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
func entrySize(key string, d EvaluationDecision) int64 {
	n := int64(entryOverhead + 2*len(key)) // the key is held by the map and the entry
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
func cloneDecision(d EvaluationDecision) EvaluationDecision {
	d.BlockingFailures = cloneStrings(d.BlockingFailures)
	d.RevisionInstructions = cloneStrings(d.RevisionInstructions)
	if d.Criteria != nil {
		cs := make([]Criterion, len(d.Criteria))
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
