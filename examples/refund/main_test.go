package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

var update = flag.Bool("update", false, "rewrite testdata/output.golden with the current output")

// TestOutput runs the program's logic and compares its output, byte for
// byte, with testdata/output.golden. Run with -update after an intended
// change, then review the diff.
func TestOutput(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, run(&buf))
	golden := filepath.Join("testdata", "output.golden")
	if *update {
		require.NoError(t, os.WriteFile(golden, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, string(want), buf.String())

	// The same input gives the same output.
	var again bytes.Buffer
	require.NoError(t, run(&again))
	assert.Equal(t, buf.String(), again.String())
}

func TestDamagePhotosRevisedThenSucceeds(t *testing.T) {
	res, judgeCalls, err := runTask(context.Background(), tasks()[0])
	require.NoError(t, err)
	assert.Equal(t, loop.OutcomeSucceeded, res.Outcome)
	assert.Equal(t, evaluator.StopPassed, res.StopReason)
	assert.Equal(t, 1, res.Revisions)
	assert.Equal(t, int64(2), judgeCalls)
	assert.Contains(t, res.Trace[0].Candidate, "money is on its way", "the first draft overpromises")
	assert.Equal(t, evaluator.StatusRevise, res.Trace[1].Decision.Status)
	assert.NotContains(t, res.Candidate, "money is on its way")
	assert.Contains(t, res.Candidate, "returns team for approval")
}

func TestNoDamageEvidenceBlockedWithoutAskingTheJudge(t *testing.T) {
	res, judgeCalls, err := runTask(context.Background(), tasks()[1])
	require.NoError(t, err)
	assert.Equal(t, int64(0), judgeCalls, "the judge is never asked")
	assert.Equal(t, loop.OutcomeBlocked, res.Outcome)
	assert.Equal(t, evaluator.StopMissingEvidence, res.StopReason)
	assert.Equal(t, []string{"missing_damage_evidence"}, res.Decision.BlockingFailures)
	require.Len(t, res.Decision.RevisionInstructions, 1)
	assert.Contains(t, res.Decision.RevisionInstructions[0], "photos of the damage")
	assert.Contains(t, res.Decision.RevisionInstructions[0], "carrier's damage report")
	assert.Equal(t, 0, res.Revisions)
	assert.Len(t, res.Trace, 2)
	require.NotEmpty(t, res.Decision.Criteria)
	assert.Equal(t, "requirement.missing_damage_evidence", res.Decision.Criteria[0].Name, "the task's requirement blocked it")
	assert.Contains(t, res.Decision.Criteria[0].Reason, "full refund", "at the matched text")
}

// The requirement is data on the task: without it the same draft passes the
// deterministic stage, so it is the requirement, not hand-written code, that
// blocks.
func TestRequirementIsWhatBlocks(t *testing.T) {
	task := tasks()[1]
	draft := "Hi Ben, we have approved a full refund of 89.00 EUR."
	d, err := evidenceStage().Evaluate(context.Background(), task, draft)
	require.NoError(t, err)
	assert.Equal(t, evaluator.StatusBlock, d.Status)
	task.Requirements = nil
	d, err = evidenceStage().Evaluate(context.Background(), task, draft)
	require.NoError(t, err)
	assert.Equal(t, evaluator.StatusPass, d.Status)
}
