package temporalloop_test

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/log"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	temporalloop "github.com/evalopt/evalopt/adapters/temporal"
	"github.com/evalopt/evalopt/loop"
	"github.com/evalopt/evalopt/loop/looptest"
)

// quiet logs warnings and errors only: the test environment logs every
// activity at debug level.
var quiet = log.NewStructuredLogger(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))

// TestScenariosMatchRunLoop runs every scenario of the conformance table as
// a workflow in the SDK's test environment and compares its Result with
// RunLoop's, byte for byte (wall-clock timing aside).
func TestScenariosMatchRunLoop(t *testing.T) {
	for _, s := range looptest.Scenarios() {
		t.Run(s.Name, func(t *testing.T) {
			want, wantErr := s.Run(context.Background())
			cfg, err := s.Config()
			require.NoError(t, err)

			var suite testsuite.WorkflowTestSuite
			suite.SetLogger(quiet)
			env := suite.NewTestWorkflowEnvironment()
			env.SetTestTimeout(30 * time.Second)
			temporalloop.Register(env, s.Roles(env.CancelWorkflow))
			env.ExecuteWorkflow(temporalloop.WorkflowName, temporalloop.Input{Task: s.Task, Config: cfg})
			require.True(t, env.IsWorkflowCompleted())

			var got loop.Result[string]
			gotErr := env.GetWorkflowError()
			if gotErr == nil {
				require.NoError(t, env.GetWorkflowResult(&got))
			} else {
				var ok bool
				got, ok = temporalloop.ResultOf[string](gotErr)
				require.True(t, ok, "the error carries the Result: %v", gotErr)
			}
			if s.Kind == loop.ErrorCanceled {
				// The test environment settles a canceled activity at once
				// with its own CanceledError, without waiting for the
				// activity's outcome as a server does (WaitForCancellation):
				// the canceled step holds Temporal's error, not the role's
				// outcome (its error, or the pass it returned after the
				// cancel), so its candidate cannot be the best judged one.
				// The real-server test checks the role's outcome.
				last := len(got.Trace) - 1
				require.GreaterOrEqual(t, last, 0)
				require.Len(t, want.Trace, last+1)
				assert.Equal(t, "canceled", got.Trace[last].Err)
				w, g := &want.Trace[last], got.Trace[last]
				w.Err, w.ErrKind, w.Decision, w.Candidate = g.Err, g.ErrKind, g.Decision, g.Candidate
				if want.CandidateStep == last {
					want.Candidate, want.CandidateStep = got.Candidate, got.CandidateStep
				}
			}
			wantJSON, err := looptest.Canonical(want)
			require.NoError(t, err)
			gotJSON, err := looptest.Canonical(got)
			require.NoError(t, err)
			assert.Equal(t, string(wantJSON), string(gotJSON))

			if s.Kind == "" {
				assert.NoError(t, wantErr)
				assert.NoError(t, gotErr)
				return
			}
			require.Error(t, gotErr)
			if s.Kind == loop.ErrorCanceled {
				assert.True(t, temporal.IsCanceledError(gotErr), "%v", gotErr)
				return
			}
			var app *temporal.ApplicationError
			require.True(t, errors.As(gotErr, &app), "%T %v", gotErr, gotErr)
			assert.Equal(t, string(s.Kind), app.Type())
			assert.Equal(t, wantErr.Error(), app.Message())
		})
	}
}
