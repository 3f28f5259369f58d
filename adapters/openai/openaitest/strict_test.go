package openaitest

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/adapters/adapterkit/adaptertest"
)

// TestCheckStrictRejects shows the checker can fail: each schema breaks one
// strict-mode rule, and the error names it.
func TestCheckStrictRejects(t *testing.T) {
	obj := func(extra string) string {
		return `{"type":"object","properties":{"a":{"type":"string"` + extra + `}},"required":["a"],"additionalProperties":false}`
	}
	nested := `{"type":"string"}`
	for i := 0; i < 11; i++ {
		nested = `{"type":"object","properties":{"n":` + nested + `},"required":["n"],"additionalProperties":false}`
	}
	tests := []struct{ name, schema, want string }{
		{"root not object", `{"type":"array","items":{"type":"string"}}`, "root type"},
		{"root anyOf", `{"type":"object","anyOf":[],"properties":{},"required":[],"additionalProperties":false}`, "root must not be anyOf"},
		{"additionalProperties missing", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`, "additionalProperties must be false"},
		{"property not required", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a"],"additionalProperties":false}`, `"b" is not in required`},
		{"minLength", obj(`,"minLength":1`), `"minLength"`},
		{"pattern", obj(`,"pattern":"^a"`), `"pattern"`},
		{"format", obj(`,"format":"email"`), `"format"`},
		{"allOf", obj(`,"allOf":[]`), `"allOf"`},
		{"remote ref", `{"type":"object","properties":{"a":{"$ref":"https://x/y.json"}},"required":["a"],"additionalProperties":false}`, "not local"},
		{"too deep", nested, "nested 11 deep"},
		{"not json", `{`, "not a JSON object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckStrict([]byte(tc.schema))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CheckStrict = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestCheckStrictLimits(t *testing.T) {
	var props, req []string
	for i := 0; i < 1001; i++ {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"string","enum":["x"]}`, i))
		req = append(req, fmt.Sprintf(`"p%d"`, i))
	}
	s := `{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":[` + strings.Join(req, ",") + `],"additionalProperties":false}`
	if err := CheckStrict([]byte(s)); err == nil || !strings.Contains(err.Error(), "1001 enum values") {
		t.Fatalf("CheckStrict = %v, want the enum limit", err)
	}
}

func TestCheckStrictAccepts(t *testing.T) {
	s := `{"type":"object","properties":{"z":{"type":"string","enum":["a","b"]},"a":{"type":"array","items":{"type":"object","properties":{"x":{"type":["number","null"]}},"required":["x"],"additionalProperties":false}}},"required":["z","a"],"additionalProperties":false}`
	if err := CheckStrict([]byte(s)); err != nil {
		t.Fatal(err)
	}
	got, err := adaptertest.PropertyOrder([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"": {"z", "a"}, "/properties/a/items": {"x"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("PropertyOrder = %v, want %v", got, want)
	}
}
