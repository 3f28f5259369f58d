package fakeapi

import (
	"fmt"
	"slices"
)

// Problems collects what a strict-mode checker finds in a schema, each
// named by its JSON pointer.
type Problems []error

// Addf records a problem at the JSON pointer ptr ("" is the root, "/").
func (p *Problems) Addf(ptr, format string, args ...any) {
	if ptr == "" {
		ptr = "/"
	}
	*p = append(*p, fmt.Errorf("schema %s: %s", ptr, fmt.Sprintf(format, args...)))
}

// IsType reports whether the schema s's "type" is t or a list that holds
// t.
func IsType(s map[string]any, t string) bool {
	switch v := s["type"].(type) {
	case string:
		return v == t
	case []any:
		return slices.Contains(v, any(t))
	}
	return false
}

// Strings returns the strings of v when v is a decoded JSON array; other
// elements, and any other v, give none.
func Strings(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// SchemaSeeds returns seed inputs for fuzzing a strict-mode checker: a
// valid strict schema, a recursive $ref, unsupported keywords and type
// lists, nested "properties" keys, a key holding a newline, a root that is
// not an object, and cut-off JSON. Each call returns fresh slices.
func SchemaSeeds() [][]byte {
	seeds := []string{
		`{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"array","items":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"],"additionalProperties":false}}},"required":["b","a"],"additionalProperties":false}`,
		`{"type":"object","properties":{"n":{"$ref":"#/$defs/n"}},"$defs":{"n":{"type":"object","properties":{"n":{"$ref":"#/$defs/n"}}}}}`,
		`{"type":["object","null"],"anyOf":[{"type":"string","enum":[{"a":1},1,"x"]}],"minItems":"2"}`,
		`{"properties":{"properties":{"properties":{}}}}`,
		`{"type":"object","properties":{"a\nb":1}}`,
		`[1,2,{"properties":1}]`,
		`{`,
	}
	out := make([][]byte, len(seeds))
	for i, s := range seeds {
		out[i] = []byte(s)
	}
	return out
}
