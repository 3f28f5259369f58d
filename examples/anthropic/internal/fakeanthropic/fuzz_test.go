package fakeanthropic

import (
	"encoding/json"
	"testing"

	"github.com/evalopt/evalopt/internal/orderedjson"
)

// FuzzCheckStrict feeds arbitrary bytes to the schema checker and the
// property-order reader: neither may panic, and on a valid JSON object the
// order reader lists exactly the keys of each properties object.
func FuzzCheckStrict(f *testing.F) {
	for _, seed := range []string{
		`{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"array","items":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"],"additionalProperties":false}}},"required":["b","a"],"additionalProperties":false}`,
		`{"type":"object","properties":{"n":{"$ref":"#/$defs/n"}},"$defs":{"n":{"type":"object","properties":{"n":{"$ref":"#/$defs/n"}}}}}`,
		`{"type":["object","null"],"anyOf":[{"type":"string","enum":[{"a":1},1,"x"]}],"minItems":"2"}`,
		`{"properties":{"properties":{"properties":{}}}}`,
		`[1,2,{"properties":1}]`,
		`{`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, schema []byte) {
		_ = CheckStrict(schema, nil)
		order, err := orderedjson.PropertyOrder(schema)
		if err != nil || !json.Valid(schema) {
			return
		}
		var root map[string]any
		if json.Unmarshal(schema, &root) != nil {
			return
		}
		if props, ok := root["properties"].(map[string]any); ok {
			if keys, ok := order[""]; ok && len(keys) < len(props) {
				t.Errorf("root properties: read %d keys, the object has %d", len(keys), len(props))
			}
		}
	})
}
