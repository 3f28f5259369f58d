package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRun checks the program's whole output: four partial step events, then
// one final event holding the accepted reply; the draft never appears.
func TestRun(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, run(context.Background(), &buf))
	want := `step 0 generate partial=true  final=false
step 1 evaluate partial=true  final=false status=revise
step 2 revise   partial=true  final=false
step 3 evaluate partial=true  final=false status=pass
step 4 stop     partial=false final=true  status=pass
succeeded (passed) after 1 revision(s), cost 0.005
reply: Sorry about the blender. Your refund request is under review.
`
	assert.Equal(t, want, buf.String())
	assert.NotContains(t, buf.String(), "on its way")
}
