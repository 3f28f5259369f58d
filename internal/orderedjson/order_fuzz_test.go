package orderedjson

import (
	"encoding/json"
	"testing"
)

// FuzzPropertyOrder feeds arbitrary bytes to PropertyOrder: it must not
// panic, and on a valid JSON object it lists at least the distinct keys of
// the root's properties object (a duplicate key is listed each time it
// appears, as it stands in the bytes). The seeds are the shapes the
// provider fakes' strict checkers meet.
func FuzzPropertyOrder(f *testing.F) {
	for _, seed := range []string{
		`{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"array","items":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"],"additionalProperties":false}}},"required":["b","a"],"additionalProperties":false}`,
		`{"type":"object","properties":{"n":{"$ref":"#/$defs/n"}},"$defs":{"n":{"type":"object","properties":{"n":{"$ref":"#/$defs/n"}}}}}`,
		`{"type":["object","null"],"anyOf":[{"type":"string","enum":[{"a":1},1,"x"]}],"minItems":"2"}`,
		`{"properties":{"properties":{"properties":{}}}}`,
		`{"properties":{"a":1,"a":2}}`,
		`[1,2,{"properties":1}]`,
		`{`,
	} {
		f.Add([]byte(seed))
	}
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
