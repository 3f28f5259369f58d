package anthropictest

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
	tests := []struct{ name, schema, want string }{
		{"root not object", `{"type":"array","items":{"type":"string"}}`, "root type"},
		{"additionalProperties missing", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`, "additionalProperties must be false"},
		{"additionalProperties true", `{"type":"object","properties":{},"additionalProperties":true}`, "additionalProperties must be false"},
		{"minLength", obj(`,"minLength":1`), `"minLength"`},
		{"maximum", `{"type":"object","properties":{"n":{"type":"number","maximum":1}},"required":["n"],"additionalProperties":false}`, `"maximum"`},
		{"minItems 2", `{"type":"object","properties":{"l":{"type":"array","items":{"type":"string"},"minItems":2}},"required":["l"],"additionalProperties":false}`, "minItems 2"},
		{"format", obj(`,"format":"credit-card"`), `format "credit-card"`},
		{"object enum", obj(`,"enum":[{"a":1}]`), "primitives"},
		{"remote ref", `{"type":"object","properties":{"a":{"$ref":"https://x/y.json"}},"required":["a"],"additionalProperties":false}`, "not local"},
		{"recursive ref", `{"type":"object","properties":{"n":{"$ref":"#/$defs/node"}},"required":["n"],"additionalProperties":false,` +
			`"$defs":{"node":{"type":"object","properties":{"next":{"$ref":"#/$defs/node"}},"required":["next"],"additionalProperties":false}}}`, "recursive"},
		{"not json", `{`, "not a JSON object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckStrict([]byte(tc.schema), nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CheckStrict = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestCheckStrictBudget(t *testing.T) {
	var props []string
	for i := 0; i < 25; i++ {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"string"}`, i))
	}
	s := `{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":[],"additionalProperties":false}`
	if err := CheckStrict([]byte(s), nil); err == nil || !strings.Contains(err.Error(), "25 optional properties") {
		t.Fatalf("CheckStrict = %v, want the optional-property limit", err)
	}
}

func TestCheckStrictAccepts(t *testing.T) {
	s := `{"type":"object","properties":{"z":{"type":"string","enum":["a","b"]},"a":{"type":"array","minItems":1,"items":{"type":"object","properties":{"x":{"type":["number","null"]}},"required":["x"],"additionalProperties":false}}},"required":["z","a"],"additionalProperties":false}`
	if err := CheckStrict([]byte(s), nil); err != nil {
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
