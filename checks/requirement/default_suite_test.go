package requirement_test

import (
	"context"
	"errors"
	"testing"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRequirementInstructionAndStopReason(t *testing.T) {
	s := checks.DefaultSuite()
	task := evaluator.Task{ID: "t", Kind: evaluator.KindCustomerReply, Requirements: []evaluator.Requirement{{
		Name: "refund_needs_photo", When: `(?i)full refund`, Needs: []string{"photo"}, Instruction: "Ask for a photo first.",
	}}}
	d, err := s.Evaluate(context.Background(), task, "Hi Sam, I have issued a full refund today.")
	require.NoError(t, err)
	assert.Equal(t, evaluator.StatusBlock, d.Status)
	assert.Equal(t, []string{"refund_needs_photo"}, d.BlockingFailures)
	assert.Contains(t, d.RevisionInstructions, "Ask for a photo first.")
	assert.Equal(t, evaluator.StopMissingEvidence, d.StopReason)
}

func TestInvalidRequirementIsAnError(t *testing.T) {
	s := checks.DefaultSuite()
	for _, tt := range []struct {
		req   evaluator.Requirement
		field string
	}{
		{evaluator.Requirement{Name: "x", When: `(unclosed`}, "requirements[0].when"},
		{evaluator.Requirement{Name: "x", When: `a`, Must: `[z-a]`}, "requirements[0].must"},
		{evaluator.Requirement{When: `a`}, "requirements[0].name"},
	} {
		task := evaluator.Task{ID: "t", Requirements: []evaluator.Requirement{tt.req}}
		_, err := s.Findings(context.Background(), task, "a")
		require.Error(t, err)
		assert.True(t, errors.Is(err, evaluator.ErrInvalidTask))
		assert.Contains(t, err.Error(), tt.field)
		_, err = s.Evaluate(context.Background(), task, "a")
		assert.ErrorIs(t, err, evaluator.ErrInvalidTask)
	}
	_, err := s.Findings(context.Background(), evaluator.Task{ID: "t", Kind: "essay"}, "a")
	assert.ErrorIs(t, err, evaluator.ErrInvalidTask, "an unknown kind is an error too")
}
