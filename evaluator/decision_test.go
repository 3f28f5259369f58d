package evaluator

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func validPass() EvaluationDecision {
	return EvaluationDecision{
		Status:   StatusPass,
		Score:    0.9,
		Criteria: []Criterion{{Name: "tone", Passed: true, EvidenceRefs: []string{"e1"}, Reason: "polite"}},
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name    string
		edit    func(*EvaluationDecision)
		wantErr string // substring; "" means valid
	}{
		{"valid pass", func(*EvaluationDecision) {}, ""},
		{"valid revise", func(d *EvaluationDecision) {
			d.Status, d.RevisionInstructions = StatusRevise, []string{"cite the policy"}
		}, ""},
		{"valid block", func(d *EvaluationDecision) {
			d.Status, d.BlockingFailures = StatusBlock, []string{"missing_damage_evidence"}
		}, ""},
		{"valid escalate without anything else", func(d *EvaluationDecision) { d.Status = StatusEscalate }, ""},
		{"valid stop reason", func(d *EvaluationDecision) { d.StopReason = StopPassed }, ""},
		{"missing status", func(d *EvaluationDecision) { d.Status = "" }, "status: missing"},
		{"unknown status", func(d *EvaluationDecision) { d.Status = "approve" }, `status: must be one of pass, revise, block, escalate; got "approve"`},
		{"status is case sensitive", func(d *EvaluationDecision) { d.Status = "PASS" }, "status: must be one of"},
		{"score NaN", func(d *EvaluationDecision) { d.Score = math.NaN() }, "score: must be finite, got NaN"},
		{"score +Inf", func(d *EvaluationDecision) { d.Score = math.Inf(1) }, "score: must be finite"},
		{"score below 0", func(d *EvaluationDecision) { d.Score = -0.01 }, "score: must be in [0,1], got -0.01"},
		{"score above 1", func(d *EvaluationDecision) { d.Score = 1.0000001 }, "score: must be in [0,1]"},
		{"score exactly 0", func(d *EvaluationDecision) { d.Score = 0 }, ""},
		{"score exactly 1", func(d *EvaluationDecision) { d.Score = 1 }, ""},
		{"pass with blocking failure", func(d *EvaluationDecision) { d.BlockingFailures = []string{"x"} }, "blockingFailures: a pass must have no blocking failures, got 1"},
		{"block without blocking failure", func(d *EvaluationDecision) { d.Status = StatusBlock }, "blockingFailures: a block needs at least one blocking failure"},
		{"block with only blank failures", func(d *EvaluationDecision) {
			d.Status, d.BlockingFailures = StatusBlock, []string{"  "}
		}, "blockingFailures: a block needs at least one"},
		{"revise without instruction", func(d *EvaluationDecision) { d.Status = StatusRevise }, "revisionInstructions: a revise needs at least one revision instruction"},
		{"revise with blank instruction", func(d *EvaluationDecision) {
			d.Status, d.RevisionInstructions = StatusRevise, []string{""}
		}, "revisionInstructions: a revise needs"},
		{"empty criterion name", func(d *EvaluationDecision) {
			d.Criteria = append(d.Criteria, Criterion{Name: "b"}, Criterion{Name: " "})
		}, "criteria[2].name: empty"},
		{"unknown stop reason", func(d *EvaluationDecision) { d.StopReason = "done" }, `stopReason: unknown stop reason "done"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := validPass()
			tt.edit(&d)
			err := d.Validate()
			if tt.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
			assert.ErrorIs(t, err, ErrInvalidDecision)
			var fe *FieldError
			assert.True(t, errors.As(err, &fe), "error should be a *FieldError")
		})
	}
}

func TestValidateReportsEveryProblem(t *testing.T) {
	d := EvaluationDecision{Status: "nope", Score: 2, Criteria: []Criterion{{}}}
	err := d.Validate()
	require.Error(t, err)
	for _, want := range []string{"status:", "score:", "criteria[0].name: empty"} {
		assert.Contains(t, err.Error(), want)
	}
}

func TestZeroDecisionIsInvalid(t *testing.T) {
	// Fail closed: the zero value, which error paths return, must never
	// be mistaken for a verdict.
	assert.ErrorIs(t, EvaluationDecision{}.Validate(), ErrInvalidDecision)
}

func TestStricter(t *testing.T) {
	order := []Status{StatusPass, StatusRevise, StatusEscalate, StatusBlock}
	for i, a := range order {
		for j, b := range order {
			want := a
			if j > i {
				want = b
			}
			assert.Equal(t, want, Stricter(a, b), "Stricter(%s, %s)", a, b)
		}
	}
	assert.Equal(t, Status("bogus"), Stricter(StatusBlock, "bogus"), "an unknown status never relaxes a verdict")
	assert.Equal(t, Status("bogus"), Stricter("bogus", StatusPass))
}

func TestStopReasonValid(t *testing.T) {
	for _, r := range StopReasons() {
		assert.True(t, r.Valid(), r)
	}
	assert.True(t, StopReason("").Valid())
	assert.False(t, StopReason("Passed").Valid())
	assert.Len(t, StopReasons(), 10)
}
