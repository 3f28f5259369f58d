package orderedjson_test

import (
	"encoding/json"
	"fmt"

	"github.com/evalopt/evalopt/internal/orderedjson"
)

func Example() {
	v, _ := orderedjson.Parse([]byte(`{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"number"}}}`))
	root := v.(*orderedjson.Object)
	b, _ := root.Path("properties", "b")
	b.SetAfter("type", "enum", []any{"x", "y"})
	out, _ := json.Marshal(root)
	fmt.Println(string(out))
	// Output: {"type":"object","properties":{"b":{"type":"string","enum":["x","y"]},"a":{"type":"number"}}}
}
