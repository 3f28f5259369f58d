package lru_test

import (
	"fmt"

	"github.com/evalopt/evalopt/checks/internal/lru"
)

// A cache of 10 bytes holds two values of 4 bytes; adding a third evicts
// the one used least recently.
func ExampleCache() {
	c := lru.New[string](10)
	c.Add("contract", "outline of the contract", 4)
	c.Add("policy", "outline of the policy", 4)
	c.Get("contract") // used again: the policy is now the coldest
	c.Add("minutes", "outline of the minutes", 4)
	fmt.Println(c.Has("contract"), c.Has("policy"), c.Has("minutes"), c.Bytes())
	// Output: true false true 8
}
