package strictjson_test

import (
	"fmt"

	"github.com/evalopt/evalopt/internal/strictjson"
)

func Example() {
	shape := strictjson.Object(
		strictjson.Required("name", strictjson.String()),
		strictjson.Required("dimensions", strictjson.Array(strictjson.Object(
			strictjson.Required("name", strictjson.String()),
			strictjson.Required("score", strictjson.Number()),
		))),
		strictjson.Optional("tags", strictjson.Array(strictjson.String()).OrNull()),
	)

	fmt.Println(strictjson.Check([]byte(`{"name":"r","dimensions":[{"name":"a","score":1}],"tags":null}`), shape))
	fmt.Println(strictjson.Check([]byte(`{"name":"r","dimensions":[{"name":"a","score":"high"}]}`), shape))
	fmt.Println(strictjson.Check([]byte(`{"name":"r","name":"s","dimensions":[]}`), shape))
	fmt.Println(strictjson.Check([]byte(`{"name":"r"}`), shape))
	// Output:
	// <nil>
	// dimensions[0].score: want a number, got a string (at byte 46)
	// name: duplicate key (at byte 12)
	// dimensions: missing (at byte 0)
}
