package temporalloop_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	temporalloop "github.com/evalopt/evalopt/adapters/temporal"
)

// TestReplayRecordedHistories replays histories a real Temporal server
// recorded (the crash test writes them with EVALOPT_TEMPORAL_RECORD=1): a
// loop whose worker, server, or both were killed in the middle of a call,
// and one canceled in the middle of a call. A change to the workflow that
// breaks determinism, and so would break every loop in flight during a
// deployment, fails here.
func TestReplayRecordedHistories(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	require.NoError(t, err)
	require.Len(t, files, 4)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			r := worker.NewWorkflowReplayer()
			r.RegisterWorkflowWithOptions(temporalloop.Workflow[string], workflow.RegisterOptions{Name: temporalloop.WorkflowName})
			require.NoError(t, r.ReplayWorkflowHistoryFromJSONFile(quiet, f))
		})
	}
}
