package fakeanthropic

import (
	"strings"
	"testing"
)

// FuzzCheckStrict feeds arbitrary bytes to the strict-mode checker: it
// must not panic, and its report starts by naming where the first problem
// is ("schema /pointer: ...", or "schema: not a JSON object"). The order of properties
// on the wire is fuzzed where it is read, in internal/orderedjson.
func FuzzCheckStrict(f *testing.F) {
	for _, seed := range []string{
		`{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"array","items":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"],"additionalProperties":false}}},"required":["b","a"],"additionalProperties":false}`,
		`{"type":"object","properties":{"n":{"$ref":"#/$defs/n"}},"$defs":{"n":{"type":"object","properties":{"n":{"$ref":"#/$defs/n"}}}}}`,
		`{"type":["object","null"],"anyOf":[{"type":"string","enum":[{"a":1},1,"x"]}],"minItems":"2"}`,
		`{"properties":{"properties":{"properties":{}}}}`,
		`[1,2,{"properties":1}]`,
		`{"type":"object","properties":{"a\nb":1}}`,
		`{`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, schema []byte) {
		err := CheckStrict(schema, nil)
		if err == nil {
			return
		}
		if !strings.HasPrefix(err.Error(), "schema") {
			t.Fatalf("a problem that does not say where: %q", err)
		}
	})
}
