package strictschema_test

import (
	"fmt"

	"github.com/evalopt/evalopt/evaluator/strictschema"
)

// Verdict is a caller's own model-facing type.
type Verdict struct {
	Approved bool     `json:"approved" jsonschema_description:"Whether the answer may be sent."`
	Reasons  []string `json:"reasons,omitempty"`
}

func Example() {
	schema, err := strictschema.JSON(&Verdict{})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(schema))
	// Output: {"properties":{"approved":{"type":"boolean","description":"Whether the answer may be sent."},"reasons":{"items":{"type":"string"},"type":"array"}},"additionalProperties":false,"type":"object","required":["approved","reasons"]}
}
