package evaltest_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/evaltest"
)

// The interfaces of package loop, restated so that this test checks the
// scripted roles match them structurally without importing loop.
type (
	generator[C any] interface {
		Generate(ctx context.Context, task evaluator.Task) (C, error)
	}
	reviser[C any] interface {
		Revise(ctx context.Context, task evaluator.Task, candidate C, decision evaluator.EvaluationDecision) (C, error)
	}
)

var (
	_ generator[string]           = (*evaltest.ScriptedGenerator[string])(nil)
	_ evaluator.Evaluator[string] = (*evaltest.ScriptedEvaluator[string])(nil)
	_ reviser[string]             = (*evaltest.ScriptedReviser[string])(nil)
)

var (
	passD   = evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}
	reviseD = evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4, RevisionInstructions: []string{"cite the invoice"}}
)

func TestGeneratorReplaysThenExhausts(t *testing.T) {
	boom := errors.New("model down")
	g := evaltest.NewGenerator(evaltest.Return("draft 1"), evaltest.ReturnError[string](boom), evaltest.Return("draft 3"))
	ctx := context.Background()
	task := evaluator.Task{ID: "t1"}
	type reply struct {
		v   string
		err error
	}
	var got []reply
	for range 3 {
		v, err := g.Generate(ctx, task)
		got = append(got, reply{v, err})
	}
	assert.Equal(t, []reply{{"draft 1", nil}, {"", boom}, {"draft 3", nil}}, got)
	assert.Equal(t, 0, g.Remaining())

	_, err := g.Generate(ctx, task)
	require.ErrorIs(t, err, evaltest.ErrExhausted)
	assert.EqualError(t, err, "evaltest: script exhausted: Generate call 4, but only 3 replies were scripted")
	_, err = g.Generate(ctx, task)
	require.ErrorIs(t, err, evaltest.ErrExhausted, "it stays exhausted")

	calls := g.Calls()
	require.Len(t, calls, 5)
	assert.Equal(t, "t1", calls[4].Task.ID)
}

func TestRolesHonourEndedContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e := evaltest.NewEvaluator[string](evaltest.Return(passD))
	_, err := e.Evaluate(ctx, evaluator.Task{}, "x")
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 1, e.Remaining(), "an ended context uses no reply")
	assert.Len(t, e.Calls(), 1, "but the call is recorded")

	d, err := e.Evaluate(context.Background(), evaluator.Task{}, "y")
	require.NoError(t, err)
	assert.Equal(t, passD, d)
	assert.Equal(t, []evaltest.EvaluateCall[string]{{Candidate: "x"}, {Candidate: "y"}}, e.Calls())
}

func TestReviserRecordsDecision(t *testing.T) {
	r := evaltest.NewReviser(evaltest.Values("v2", "v3")...)
	task := evaluator.Task{ID: "t"}
	v, err := r.Revise(context.Background(), task, "v1", reviseD)
	require.NoError(t, err)
	assert.Equal(t, "v2", v)
	assert.Equal(t, []evaltest.ReviseCall[string]{{Task: task, Candidate: "v1", Decision: reviseD}}, r.Calls())
	assert.Equal(t, 1, r.Remaining())
}

func TestCallsReturnsACopy(t *testing.T) {
	g := evaltest.NewGenerator(evaltest.Return(1))
	_, _ = g.Generate(context.Background(), evaluator.Task{ID: "a"})
	calls := g.Calls()
	calls[0].Task.ID = "changed"
	assert.Equal(t, "a", g.Calls()[0].Task.ID)
}

func TestScriptedRolesAreSafeForConcurrentUse(t *testing.T) {
	const n = 64
	replies := make([]int, n)
	for i := range replies {
		replies[i] = i
	}
	g := evaltest.NewGenerator(evaltest.Values(replies...)...)
	var wg sync.WaitGroup
	got := make([]int, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = g.Generate(context.Background(), evaluator.Task{})
		}()
	}
	wg.Wait()
	seen := make(map[int]bool, n)
	for i := range n {
		require.NoError(t, errs[i])
		seen[got[i]] = true
	}
	assert.Len(t, seen, n, "every reply handed out exactly once")
	assert.Len(t, g.Calls(), n)
	assert.Equal(t, 0, g.Remaining())
}
