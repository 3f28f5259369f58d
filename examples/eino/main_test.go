package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRun checks the program's whole output.
func TestRun(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, run(context.Background(), &buf))
	want := `invoke: succeeded (passed), 300 tokens: Sorry about the blender. Your refund request is under review.
stream: step 0 generate
stream: step 1 evaluate revise
stream: step 2 revise
stream: step 3 evaluate pass
stream: step 4 stop     pass
agent message: Sorry about the blender. Your refund request is under review.
`
	assert.Equal(t, want, buf.String())
}
