package lru

import (
	"container/list"
	"sync"
)

// Cache maps strings to values within a byte budget. The zero value is not
// usable; build one with New. A Cache is safe for concurrent use.
type Cache[V any] struct {
	max int64

	mu    sync.Mutex
	used  int64
	order *list.List               // of *entry[V], most recently used first
	items map[string]*list.Element // key -> element of order
}

type entry[V any] struct {
	key  string
	v    V
	size int64
}

// New returns a cache whose values hold at most maxBytes (as their sizes
// are given to Add).
func New[V any](maxBytes int64) *Cache[V] {
	return &Cache[V]{max: maxBytes, order: list.New(), items: map[string]*list.Element{}}
}

// Max returns the cache's budget in bytes.
func (c *Cache[V]) Max() int64 { return c.max }

// Get returns the value of key and marks it most recently used.
func (c *Cache[V]) Get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		return el.Value.(*entry[V]).v, true
	}
	var zero V
	return zero, false
}

// Add keeps v, of size bytes, under key, evicting the least recently used
// values until the budget holds, and returns it; when key is already held
// (added meanwhile by another goroutine) it returns the value held. A
// value larger than the whole budget is returned but not kept.
func (c *Cache[V]) Add(key string, v V, size int64) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		return el.Value.(*entry[V]).v
	}
	if size > c.max {
		return v
	}
	for c.used+size > c.max {
		last := c.order.Back()
		e := last.Value.(*entry[V])
		c.order.Remove(last)
		delete(c.items, e.key)
		c.used -= e.size
	}
	c.items[key] = c.order.PushFront(&entry[V]{key: key, v: v, size: size})
	c.used += size
	return v
}

// Has reports whether key is held, without marking it used.
func (c *Cache[V]) Has(key string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.items[key]
	return ok
}

// Len returns how many values the cache holds.
func (c *Cache[V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items)
}

// Bytes returns the bytes the held values take, as given to Add; never
// more than the budget.
func (c *Cache[V]) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.used
}
