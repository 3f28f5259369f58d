package evaluator

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTaskValidateRequirements(t *testing.T) {
	tests := []struct {
		name string
		reqs []Requirement
		want []string // substrings, one per expected error line
	}{
		{"valid forbid", []Requirement{{Name: "no-dates", When: `(?i)by \w+day`}}, nil},
		{"valid needs", []Requirement{{Name: "refund-needs-receipt", When: `(?i)refund`, Needs: []string{"receipt"}}}, nil},
		{"valid must always", []Requirement{{Name: "window", Must: `30 days`}}, nil},
		{"empty name", []Requirement{{When: "x"}}, []string{"requirements[0].name: empty"}},
		{"bad when", []Requirement{{Name: "a"}, {Name: "b", When: "(unclosed"}}, []string{"requirements[1].when: invalid regular expression", "missing closing )"}},
		{"bad must", []Requirement{{Name: "a", Must: "[z-a]"}}, []string{"requirements[0].must: invalid regular expression"}},
		{"checks nothing", []Requirement{{Name: "a"}}, []string{"requirements[0].when, needs, must: all empty"}},
		{"empty need", []Requirement{{Name: "a", When: "x", Needs: []string{" "}}}, []string{"requirements[0].needs[0]: empty"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Task{Requirements: tt.reqs}.Validate()
			if tt.want == nil {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			for _, w := range tt.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func TestTaskValidateKind(t *testing.T) {
	for _, k := range append(Kinds(), "") {
		assert.NoError(t, Task{Kind: k}.Validate(), "kind %q", k)
	}
	err := Task{Kind: "reviewmemo"}.Validate()
	require.Error(t, err)
	assert.Contains(t, err.Error(), `kind: unknown kind "reviewmemo"`)
	assert.Contains(t, err.Error(), "review_memo")
}

func TestRequirementErrorsAreBounded(t *testing.T) {
	huge := strings.Repeat("(", 3000)
	err := Task{Requirements: []Requirement{{Name: "a", When: huge}}, Kind: Kind(strings.Repeat("k", 1<<20))}.Validate()
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 1000)
}

func TestRequirementCompile(t *testing.T) {
	c, err := Requirement{Name: "a", When: `(?i)refund`, Must: `receipt`}.Compile()
	require.NoError(t, err)
	assert.True(t, c.WhenRE.MatchString("Full REFUND"))
	assert.True(t, c.MustRE.MatchString("a receipt"))
	c, err = Requirement{Name: "a", Must: `x`}.Compile()
	require.NoError(t, err)
	assert.Nil(t, c.WhenRE)
	_, err = Requirement{Name: "", Must: "x"}.Compile()
	assert.ErrorContains(t, err, "name: empty")
}

func TestTaskKindRequirementsJSON(t *testing.T) {
	in := `{"id":"t","input":"i","kind":"customer_reply","requirements":[{"name":"r","when":"refund","needs":["receipt"],"instruction":"ask for the receipt"}]}`
	var task Task
	require.NoError(t, json.Unmarshal([]byte(in), &task))
	assert.Equal(t, KindCustomerReply, task.Kind)
	assert.Equal(t, []Requirement{{Name: "r", When: "refund", Needs: []string{"receipt"}, Instruction: "ask for the receipt"}}, task.Requirements)
	out, err := json.Marshal(Task{ID: "t"})
	require.NoError(t, err)
	assert.NotContains(t, string(out), "kind")
	assert.NotContains(t, string(out), "requirements")
}
