package demo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/adapters/temporal/internal/demo"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// TestDemoLoop: the demo's loop passes after two revisions, and the guard
// is satisfied by the declared models.
func TestDemoLoop(t *testing.T) {
	r := demo.Roles(0)
	res, err := loop.RunLoop(context.Background(), demo.Task, r.Generator, r.Evaluator, r.Reviser, demo.Options()...)
	require.NoError(t, err)
	assert.Equal(t, loop.OutcomeSucceeded, res.Outcome)
	assert.Equal(t, 2, res.Revisions)
	assert.Len(t, res.Trace, 6)
	assert.Equal(t, "Sorry about the blender. Your refund request is under review. Thanks for the photo of the cracked jug.", res.Candidate)
	assert.InDelta(t, 0.009, res.Cost, 1e-12)
}

// TestDemoRolesAreDeterministic: a call made again returns what it did the
// first time, which is what makes a re-run after a crash harmless.
func TestDemoRolesAreDeterministic(t *testing.T) {
	r := demo.Roles(0)
	d := evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4, RevisionInstructions: []string{"Do not promise the refund; say it is under review."}}
	a, err := r.Reviser.Revise(context.Background(), demo.Task, "Sorry. Your money is on its way!", d)
	require.NoError(t, err)
	b, err := r.Reviser.Revise(context.Background(), demo.Task, "Sorry. Your money is on its way!", d)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = demo.Roles(1e9).Generator.Generate(ctx, demo.Task)
	assert.ErrorIs(t, err, context.Canceled, "a slow call honours its context")
}
