package temporalloop_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/testsuite"

	temporalloop "github.com/evalopt/evalopt/adapters/temporal"
	"github.com/evalopt/evalopt/adapters/temporal/internal/demo"
	"github.com/evalopt/evalopt/loop"
)

type hookKey struct{}

// TestActivityRunsHooks: the activity runs Roles.Hooks around every role
// call, each AfterCall with the context its BeforeCall returned and the
// step the workflow records.
func TestActivityRunsHooks(t *testing.T) {
	var mu sync.Mutex
	var calls []loop.Call[string]
	var steps []loop.Step[string]
	roles := demo.Roles(0)
	roles.Hooks = loop.Hooks[string]{
		BeforeCall: func(ctx context.Context, c loop.Call[string]) context.Context {
			mu.Lock()
			defer mu.Unlock()
			calls = append(calls, c)
			return context.WithValue(ctx, hookKey{}, c.Step)
		},
		AfterCall: func(ctx context.Context, s loop.Step[string]) {
			mu.Lock()
			defer mu.Unlock()
			assert.Equal(t, s.Index, ctx.Value(hookKey{}), "AfterCall gets its BeforeCall's context")
			steps = append(steps, s)
		},
	}
	cfg, err := loop.NewConfig(demo.Options()...)
	require.NoError(t, err)
	var suite testsuite.WorkflowTestSuite
	suite.SetLogger(quiet)
	env := suite.NewTestWorkflowEnvironment()
	temporalloop.Register(env, roles)
	env.ExecuteWorkflow(temporalloop.WorkflowName, temporalloop.Input{Task: demo.Task, Config: cfg})
	var res loop.Result[string]
	require.NoError(t, env.GetWorkflowResult(&res))

	require.Len(t, calls, len(res.Trace))
	require.Len(t, steps, len(res.Trace))
	for i, s := range steps {
		assert.Equal(t, demo.Task.ID, calls[i].TaskID)
		want := res.Trace[i]
		s.Start, s.Duration, want.Start, want.Duration = time.Time{}, 0, time.Time{}, 0
		wantJSON, err := json.Marshal(want)
		require.NoError(t, err)
		gotJSON, err := json.Marshal(s)
		require.NoError(t, err)
		assert.JSONEq(t, string(wantJSON), string(gotJSON), "step %d (as JSON: the workflow's went through it)", i)
	}
}
