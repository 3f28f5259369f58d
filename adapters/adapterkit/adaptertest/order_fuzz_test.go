package adaptertest

import (
	"encoding/json"
	"testing"

	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
)

// FuzzPropertyOrder feeds arbitrary bytes to PropertyOrder: it must not
// panic, and on a valid JSON object it lists at least the distinct keys of
// the root's properties object (a duplicate key is listed each time it
// appears, as it stands in the bytes). The seeds are the shapes the
// provider fakes' strict checkers are fuzzed with.
func FuzzPropertyOrder(f *testing.F) {
	for _, seed := range fakeapi.SchemaSeeds() {
		f.Add(seed)
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
