package strictschema

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

type finding struct {
	Clause   string   `json:"clause" jsonschema_description:"The clause number."`
	Severity int      `json:"severity"`
	Quotes   []string `json:"quotes,omitempty"`
}

type review struct {
	Verdict  evaluator.Status     `json:"verdict"`
	Stop     evaluator.StopReason `json:"stop"`
	Findings []finding            `json:"findings"`
	Lead     *finding             `json:"lead"`
	Note     string               `json:"note,omitempty"`
}

type node struct {
	Type                 string          `json:"type"`
	Properties           map[string]node `json:"properties"`
	Required             []string        `json:"required"`
	AdditionalProperties *bool           `json:"additionalProperties"`
	Items                *node           `json:"items"`
	Enum                 []string        `json:"enum"`
	Ref                  string          `json:"$ref"`
	Description          string          `json:"description"`
}

// checkStrict walks n and fails on any object that is not closed or does
// not require every property.
func checkStrict(t *testing.T, path string, n node) int {
	t.Helper()
	assert.Empty(t, n.Ref, "%s: $ref", path)
	objects := 0
	if len(n.Properties) > 0 {
		objects++
		assert.Equal(t, "object", n.Type, path)
		require.NotNil(t, n.AdditionalProperties, "%s: additionalProperties", path)
		assert.False(t, *n.AdditionalProperties, path)
		assert.Len(t, n.Required, len(n.Properties), "%s: every property required", path)
		for k, p := range n.Properties {
			objects += checkStrict(t, path+"."+k, p)
		}
	}
	if n.Items != nil {
		objects += checkStrict(t, path+"[]", *n.Items)
	}
	return objects
}

func TestReflectIsStrict(t *testing.T) {
	raw, err := JSON(&review{})
	require.NoError(t, err)
	assert.NotContains(t, string(raw), `"$schema"`)
	assert.NotContains(t, string(raw), `"$defs"`)
	var n node
	require.NoError(t, json.Unmarshal(raw, &n))
	assert.Equal(t, 3, checkStrict(t, "$", n), "review, findings[] and lead")
	assert.Equal(t, []string{"verdict", "stop", "findings", "lead", "note"}, n.Required, "omitempty fields are required too, in field order")
	assert.Equal(t, []string{"pass", "revise", "escalate", "block"}, n.Properties["verdict"].Enum)
	assert.Equal(t, []string{"", "passed", "policy_block", "missing_evidence", "escalated"}, n.Properties["stop"].Enum,
		"a stop reason offers only what a judge may give")
	assert.Equal(t, "The clause number.", n.Properties["findings"].Items.Properties["clause"].Description)

	// Property order on the wire is field order.
	s := string(raw)
	assert.Less(t, strings.Index(s, `"verdict"`), strings.Index(s, `"findings"`))
	assert.Less(t, strings.Index(s, `"clause"`), strings.Index(s, `"severity"`))
}

func TestReflectFreshEachCall(t *testing.T) {
	a := Reflect(&review{})
	a.Required = nil
	b := Reflect(&review{})
	assert.NotEmpty(t, b.Required)
}
