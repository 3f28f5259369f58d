package lru

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCacheEvictsLeastRecentlyUsedByBytes(t *testing.T) {
	c := New[int](10)
	assert.Equal(t, int64(10), c.Max())
	c.Add("a", 1, 4)
	c.Add("b", 2, 4)
	v, ok := c.Get("a") // a is now the most recently used
	assert.True(t, ok)
	assert.Equal(t, 1, v)
	c.Add("c", 3, 4) // evicts b
	assert.True(t, c.Has("a"))
	assert.False(t, c.Has("b"))
	assert.True(t, c.Has("c"))
	assert.Equal(t, 2, c.Len())
	assert.Equal(t, int64(8), c.Bytes())

	assert.Equal(t, 1, c.Add("a", 9, 4), "a key already held keeps its value")
	assert.Equal(t, 7, c.Add("big", 7, 11), "a value over the budget is returned")
	assert.False(t, c.Has("big"), "and not kept")
	_, ok = c.Get("missing")
	assert.False(t, ok)
}

func TestCacheConcurrent(t *testing.T) {
	c := New[string](64)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 200 {
				k := string(rune('a' + (i+j)%26))
				if _, ok := c.Get(k); !ok {
					c.Add(k, k, 8)
				}
			}
		}()
	}
	wg.Wait()
	assert.LessOrEqual(t, c.Bytes(), int64(64))
	assert.LessOrEqual(t, c.Len(), 8)
}
