package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/testsuite"
)

func TestRunWithoutServer(t *testing.T) {
	err := run("127.0.0.1:1", "default", "q", 0, "", make(chan any))
	assert.Error(t, err)
}

// TestCallID: a call is named by its workflow and activity, plus the
// attempt, as the journal needs.
func TestCallID(t *testing.T) {
	var suite testsuite.WorkflowTestSuite
	env := suite.NewTestActivityEnvironment()
	env.RegisterActivity(func(ctx context.Context) (string, error) {
		key, attempt := callID(ctx)
		assert.Equal(t, 1, attempt)
		return key, nil
	})
	v, err := env.ExecuteActivity("func1")
	require.NoError(t, err)
	var key string
	require.NoError(t, v.Get(&key))
	assert.Regexp(t, `^.+/.+$`, key)
}
