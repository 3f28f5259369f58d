package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRun checks the program's whole output: the streamed steps, the
// accepted reply, and the check suite's scores under genkit.Evaluate.
func TestRun(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, run(context.Background(), &buf))
	want := `step 0 generate
step 1 evaluate revise
step 2 revise
step 3 evaluate pass
succeeded (passed), 46 tokens: Sorry about the blender. Your refund request is under review.
evaluate clean: PASS (evalopt pass, score 1.00) []
evaluate placeholder: FAIL (evalopt block, score 0.50) [placeholder.unfilled: unfilled placeholder: replace it with the final text (line 1:14, "[AMOUNT]")]
`
	assert.Equal(t, want, buf.String())
}
