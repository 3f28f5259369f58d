package check

import (
	"sync"

	"github.com/evalopt/evalopt/checks/internal/lru"
)

// A Suite runs many checks over one document, and a loop evaluates many
// revisions against one source. What several checks need — the line index,
// the words, the quotations, a source's outline — is computed once and
// shared: per document (Shared) and, for what depends on a source text
// alone, across the documents a Suite evaluates (SharedAcross), in the way
// go/analysis shares facts between passes.

// facts is the per-document store behind Shared. It belongs to one text: a
// Document whose Text differs (a check that rewrites the text before
// calling another) gets no sharing.
type facts struct {
	text   string
	mu     sync.Mutex
	m      map[any]*sharedFact
	across *acrossCache
}

type sharedFact struct {
	once sync.Once
	v    any
}

// sourceKey is a key of SharedAcross in the per-document store.
type sourceKey struct {
	key  any
	text string
}

// Prepare returns doc with a fresh store of shared facts for its text, so
// that the checks called on it compute what they share once. A Suite
// prepares every document it runs; call Prepare before running several
// checks on one document yourself.
func Prepare(doc Document) Document {
	doc.facts = &facts{text: doc.Text}
	return doc
}

func (f *facts) entry(key any) *sharedFact {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.m == nil {
		f.m = make(map[any]*sharedFact)
	}
	e := f.m[key]
	if e == nil {
		e = &sharedFact{}
		f.m[key] = e
	}
	return e
}

// Shared returns build() for key on doc: computed once per prepared
// document (Prepare; every document a Suite runs is prepared) and shared by
// every check that asks with an equal key; on a document that was not
// prepared, build runs on every call. key must be comparable (a family's
// own unexported type, as with context keys); build must not depend on
// anything but doc and must not call Shared for the same key. The result is
// shared: treat it as read-only.
func Shared[T any](doc Document, key any, build func() T) T {
	f := doc.facts
	if f == nil || f.text != doc.Text {
		return build()
	}
	e := f.entry(key)
	e.once.Do(func() { e.v = build() })
	return e.v.(T)
}

// SharedAcross returns build() for key on text (a source the document is
// checked against): computed once per prepared document, and kept by the
// Suite across the documents it evaluates within its memory budget (size
// is an estimate of the result's bytes), least recently used out first.
// Like Shared, the result is read-only and build may depend on text alone.
func SharedAcross[T any](doc Document, key any, text string, size int64, build func() T) T {
	f := doc.facts
	if f == nil {
		return build()
	}
	e := f.entry(sourceKey{key, text})
	e.once.Do(func() { e.v = f.across.get(key, text, size, func() any { return build() }) })
	return e.v.(T)
}

// acrossCache holds a Suite's facts about the sources it saw last, one
// byte-bounded LRU per key. It is safe for concurrent use; a nil cache
// keeps nothing.
type acrossCache struct {
	maxBytes int64
	mu       sync.Mutex
	byKey    map[any]*lru.Cache[*acrossEntry]
}

// acrossEntry builds its value once, outside the cache's lock.
type acrossEntry struct {
	once  sync.Once
	build func() any
	v     any
}

func newAcrossCache(maxBytes int64) *acrossCache {
	return &acrossCache{maxBytes: maxBytes, byKey: make(map[any]*lru.Cache[*acrossEntry])}
}

func (c *acrossCache) get(key any, text string, size int64, build func() any) any {
	if c == nil {
		return build()
	}
	c.mu.Lock()
	l := c.byKey[key]
	if l == nil {
		l = lru.New[*acrossEntry](c.maxBytes)
		c.byKey[key] = l
	}
	c.mu.Unlock()
	e, ok := l.Get(text)
	if !ok {
		e = l.Add(text, &acrossEntry{build: build}, size)
	}
	e.once.Do(func() { e.v = e.build(); e.build = nil })
	return e.v
}
