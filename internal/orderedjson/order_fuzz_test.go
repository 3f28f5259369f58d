package orderedjson

import (
	"encoding/json"
	"testing"
)

// FuzzPropertyOrder feeds arbitrary bytes to PropertyOrder: it must not
// panic, and on a valid JSON object it lists at least the distinct keys of
// the root's properties object (a duplicate key is listed each time it
// appears, as it stands in the bytes). The seeds are schema shapes: a
// strict schema, a recursive $ref, nested "properties" keys, a key holding
// a newline, a root that is not an object, and cut-off JSON.
func FuzzPropertyOrder(f *testing.F) {
	for _, seed := range []string{
		`{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"array","items":{"type":"object","properties":{"x":{"type":"number"}}}}}}`,
		`{"type":"object","properties":{"n":{"$ref":"#/$defs/n"}},"$defs":{"n":{"type":"object","properties":{"n":{"$ref":"#/$defs/n"}}}}}`,
		`{"properties":{"properties":{"properties":{}}}}`,
		`{"type":"object","properties":{"a\nb":1}}`,
		`[1,2,{"properties":1}]`,
		`{`,
	} {
		f.Add([]byte(seed))
	}
	f.Add([]byte(`{"properties":{"a":1,"a":2}}`))
	f.Fuzz(func(t *testing.T, schema []byte) {
		order, err := PropertyOrder(schema)
		if err != nil {
			return
		}
		var root map[string]any
		if json.Unmarshal(schema, &root) != nil {
			return
		}
		if props, ok := root["properties"].(map[string]any); ok {
			if keys := order[""]; len(keys) < len(props) {
				t.Errorf("root properties: read %d keys, the object has %d", len(keys), len(props))
			}
		}
	})
}
