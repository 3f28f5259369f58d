package evaluator

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func refundTask() Task {
	return Task{
		ID:    "t1",
		Input: "refund?",
		Evidence: []Evidence{
			{ID: "order", Source: "crm", Content: "delivered"},
			{ID: "photo", Source: "upload", Content: "cracked jug"},
		},
	}
}

func TestMissingEvidence(t *testing.T) {
	task := refundTask()
	tests := []struct {
		name string
		refs [][]string
		want []string
	}{
		{"no criteria", nil, nil},
		{"all resolve", [][]string{{"order"}, {"photo", "order"}}, nil},
		{"one missing", [][]string{{"order", "receipt"}}, []string{"receipt"}},
		{"dedup in first-cited order", [][]string{{"z", "order"}, {"a", "z"}}, []string{"z", "a"}},
		{"ids are case sensitive", [][]string{{"Order"}}, []string{"Order"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var d EvaluationDecision
			for i, refs := range tt.refs {
				d.Criteria = append(d.Criteria, Criterion{Name: string(rune('a' + i)), EvidenceRefs: refs})
			}
			assert.Equal(t, tt.want, MissingEvidence(task, d))
			err := CheckEvidence(task, d)
			if tt.want == nil {
				assert.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrMissingEvidence)
			var me *missingEvidenceError
			require.ErrorAs(t, err, &me)
			assert.Equal(t, tt.want, me.Refs)
		})
	}
}

func TestTaskFindEvidence(t *testing.T) {
	task := refundTask()
	e, ok := task.FindEvidence("photo")
	assert.True(t, ok)
	assert.Equal(t, "cracked jug", e.Content)
	_, ok = task.FindEvidence("nope")
	assert.False(t, ok)
	assert.True(t, task.HasEvidence("order"))
}

func TestTaskValidate(t *testing.T) {
	assert.NoError(t, refundTask().Validate())
	task := refundTask()
	task.Evidence = append(task.Evidence, Evidence{ID: ""}, Evidence{ID: "order"})
	err := task.Validate()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "evidence[2].id: empty")
	assert.Contains(t, err.Error(), `evidence[3].id: duplicate of evidence[0].id "order"`)
}

func TestTaskValidateMatchesErrInvalidTask(t *testing.T) {
	err := Task{Kind: "memo", Requirements: []Requirement{{}}, Evidence: []Evidence{{ID: " "}}}.Validate()
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrInvalidTask)
	for _, e := range []string{"kind: unknown kind", "requirements[0].name: empty", "evidence[0].id: empty"} {
		assert.Contains(t, err.Error(), e)
	}
	var fe *FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "kind", fe.Field)
}

// A task with 100,000 bad evidence IDs, each 1 KB, gets a short error:
// twenty located problems and a count of the rest.
func TestTaskValidateBounded(t *testing.T) {
	id := strings.Repeat("x", 1<<10)
	ev := make([]Evidence, 100_000)
	for i := range ev {
		ev[i].ID = id
	}
	err := Task{Evidence: ev}.Validate()
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 8<<10)
	assert.Contains(t, err.Error(), "... and 99979 more")
	assert.ErrorIs(t, err, ErrInvalidTask)
}
