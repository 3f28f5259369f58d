package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/evalopt/evalopt/examples/temporal/demo"
	"github.com/evalopt/evalopt/loop"
)

func TestPrintResult(t *testing.T) {
	r := demo.Roles(0)
	res, err := loop.RunLoop(context.Background(), demo.Task, r.Generator, r.Evaluator, r.Reviser, demo.Options()...)
	require.NoError(t, err)
	var b strings.Builder
	printResult(&b, res, nil)
	assert.Equal(t, `0 generate 1        0.002
1 evaluate 1 revise 0.001
2 revise   1        0.002
3 evaluate 1 revise 0.001
4 revise   1        0.002
5 evaluate 1 pass   0.001
succeeded (passed) after 2 revision(s), cost 0.009
Sorry about the blender. Your refund request is under review. Thanks for the photo of the cracked jug.
`, b.String())

	b.Reset()
	printResult(&b, loop.Result[string]{Outcome: loop.OutcomeFailed, StopReason: "error"}, temporal.NewApplicationError("loop: step 1 (evaluate): boom", "permanent"))
	assert.Contains(t, b.String(), "permanent: loop: step 1 (evaluate): boom")
}

// TestRunWithoutServer: with nothing listening, run fails within its
// context's time instead of waiting for a server.
func TestRunWithoutServer(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	start := time.Now()
	_, err := run(ctx, "127.0.0.1:1", "default", "q", "id", 0)
	assert.Error(t, err)
	assert.Less(t, time.Since(start), 10*time.Second)
}
