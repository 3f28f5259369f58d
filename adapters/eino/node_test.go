package einoloop_test

import (
	"context"
	"errors"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	einoloop "github.com/evalopt/evalopt/adapters/eino"
	"github.com/evalopt/evalopt/adapters/eino/einotest"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// judge is a scripted evaluator that counts its calls.
type judge struct {
	mu    sync.Mutex
	calls int
	fn    func(n int, draft string) (evaluator.EvaluationDecision, error)
}

func (j *judge) Evaluate(_ context.Context, _ evaluator.Task, draft string) (evaluator.EvaluationDecision, error) {
	j.mu.Lock()
	n := j.calls
	j.calls++
	j.mu.Unlock()
	return j.fn(n, draft)
}

func (j *judge) count() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.calls
}

const (
	draft   = "Your refund is on its way!"
	revised = "Your refund request is under review."
)

var task = evaluator.Task{ID: "refund-1", Input: "The blender arrived cracked."}

func promiseJudge() *judge {
	return &judge{fn: func(_ int, d string) (evaluator.EvaluationDecision, error) {
		if strings.Contains(d, "on its way") {
			return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4, RevisionInstructions: []string{"Do not promise the refund."}}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
	}}
}

type fixture struct {
	gen, rev *einotest.Model
	judge    *judge
	loop     einoloop.Loop[string]
}

func newFixture(j *judge, gen, rev []einotest.Reply, opts ...loop.Option) *fixture {
	f := &fixture{gen: einotest.New(gen...), rev: einotest.New(rev...), judge: j}
	f.loop = einoloop.Loop[string]{
		Generator: einoloop.Generator(f.gen, nil),
		Evaluator: j,
		Reviser:   einoloop.Reviser(f.rev, nil),
		Options:   opts,
	}
	return f
}

func compile(t *testing.T, l einoloop.Loop[string]) compose.Runnable[evaluator.Task, loop.Step[string]] {
	t.Helper()
	r, err := compose.NewChain[evaluator.Task, loop.Step[string]]().AppendLambda(l.Lambda()).Compile(context.Background())
	require.NoError(t, err)
	return r
}

func TestNodeInvokeReviseThenPass(t *testing.T) {
	f := newFixture(promiseJudge(), []einotest.Reply{{Text: draft, Tokens: 30}}, []einotest.Reply{{Text: revised, Tokens: 50}})
	out, err := compile(t, f.loop).Invoke(context.Background(), task)
	require.NoError(t, err)
	assert.Equal(t, loop.RoleStop, out.Role)
	require.NotNil(t, out.Result)
	res := *out.Result
	assert.Equal(t, loop.OutcomeSucceeded, res.Outcome)
	assert.Equal(t, revised, res.Candidate)
	assert.Equal(t, 1, res.Revisions)
	assert.Len(t, res.Trace, 4)
	assert.InDelta(t, 80, res.Cost, 1e-9, "the chat roles charge their tokens to the loop")

	// The reviser got the instructions and the draft.
	reqs := f.rev.Requests()
	require.Len(t, reqs, 1)
	require.Len(t, reqs[0], 2)
	assert.Equal(t, schema.System, reqs[0][0].Role)
	assert.Contains(t, reqs[0][0].Content, "Do not promise the refund.")
	assert.Contains(t, reqs[0][1].Content, draft)
}

func TestNodeStream(t *testing.T) {
	f := newFixture(promiseJudge(), []einotest.Reply{{Text: draft}}, []einotest.Reply{{Text: revised}})
	sr, err := compile(t, f.loop).Stream(context.Background(), task)
	require.NoError(t, err)
	defer sr.Close()
	var roles []loop.Role
	var last loop.Step[string]
	for {
		s, err := sr.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		assert.Equal(t, len(roles), s.Index)
		roles = append(roles, s.Role)
		last = s
	}
	assert.Equal(t, []loop.Role{loop.RoleGenerate, loop.RoleEvaluate, loop.RoleRevise, loop.RoleEvaluate, loop.RoleStop}, roles)
	require.NotNil(t, last.Result)
	assert.Equal(t, revised, last.Result.Candidate)
}

func TestNodeBlockAndMaxRevisions(t *testing.T) {
	blocker := &judge{fn: func(int, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, Score: 0.1, BlockingFailures: []string{"promises money"}}, nil
	}}
	f := newFixture(blocker, []einotest.Reply{{Text: draft}}, nil)
	out, err := compile(t, f.loop).Invoke(context.Background(), task)
	require.NoError(t, err, "a block is an outcome, not a failure")
	assert.Equal(t, loop.OutcomeBlocked, out.Result.Outcome)
	assert.Equal(t, 0, f.rev.Calls())

	reviser := &judge{fn: func(int, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.3, RevisionInstructions: []string{"shorter"}}, nil
	}}
	f = newFixture(reviser, []einotest.Reply{{Text: "d0"}}, []einotest.Reply{{Text: "d1"}, {Text: "d2"}, {Text: "d3"}}, loop.WithMaxRevisions(2))
	// Eino's own step limit does not collide with the revision budget: the
	// loop is one node, one graph step.
	r, err := compose.NewChain[evaluator.Task, loop.Step[string]]().AppendLambda(f.loop.Lambda()).
		Compile(context.Background(), compose.WithMaxRunSteps(3))
	require.NoError(t, err)
	out, err = r.Invoke(context.Background(), task)
	require.NoError(t, err)
	assert.Equal(t, evaluator.StopMaxRevisions, out.Result.StopReason)
	assert.Equal(t, 2, f.rev.Calls())
	assert.Equal(t, 3, reviser.count())
}

func TestFailedNodeStillHandsBackTheTrace(t *testing.T) {
	boom := errors.New("model overloaded")
	f := newFixture(promiseJudge(), []einotest.Reply{{Text: draft}}, []einotest.Reply{{Err: boom}})
	out, err := compile(t, f.loop).Invoke(context.Background(), task)
	require.Error(t, err)
	assert.Nil(t, out.Result, "Eino hands back a zero output")
	assert.ErrorIs(t, err, boom)
	res, ok := loop.ResultOf[string](err)
	require.True(t, ok, "the graph's error carries the Result")
	assert.Equal(t, evaluator.StopError, res.StopReason)
	require.Len(t, res.Trace, 3)
	assert.Contains(t, res.Trace[2].Err, "model overloaded")

	// The same through a stream: the last item's error carries it.
	f = newFixture(promiseJudge(), []einotest.Reply{{Text: draft}}, []einotest.Reply{{Err: boom}})
	sr, err := compile(t, f.loop).Stream(context.Background(), task)
	require.NoError(t, err)
	defer sr.Close()
	var serr error
	for {
		_, err := sr.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			serr = err
			break
		}
	}
	res, ok = loop.ResultOf[string](serr)
	require.True(t, ok)
	assert.Len(t, res.Trace, 3)
}

func TestClosingTheStreamStopsTheLoop(t *testing.T) {
	for _, via := range []string{"loop", "graph"} {
		t.Run(via, func(t *testing.T) {
			f := newFixture(promiseJudge(), []einotest.Reply{{Text: draft}}, []einotest.Reply{{Text: revised}})
			before := runtime.NumGoroutine()
			var sr *schema.StreamReader[loop.Step[string]]
			var err error
			if via == "loop" {
				sr, err = f.loop.Stream(context.Background(), task)
			} else {
				sr, err = compile(t, f.loop).Stream(context.Background(), task)
			}
			require.NoError(t, err)
			s, err := sr.Recv()
			require.NoError(t, err)
			require.Equal(t, loop.RoleGenerate, s.Role)
			sr.Close()
			assert.Never(t, func() bool { return f.judge.count() > 0 }, waitFor, tick,
				"the evaluator is never called after the reader closed")
			// Polled by hand: testify's Eventually runs its condition on a
			// goroutine of its own, which the count would include.
			for deadline := time.Now().Add(5 * waitFor); runtime.NumGoroutine() > before && time.Now().Before(deadline); {
				time.Sleep(tick)
			}
			assert.LessOrEqual(t, runtime.NumGoroutine(), before, "the loop's goroutine ends once the reader closed")
		})
	}
}

func TestCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := newFixture(promiseJudge(), []einotest.Reply{{Text: draft}}, []einotest.Reply{{Text: revised}})
	f.gen.Hook = func(context.Context, int) { cancel() }
	_, err := compile(t, f.loop).Invoke(ctx, task)
	require.Error(t, err)
	assert.ErrorIs(t, err, context.Canceled)
	res, ok := loop.ResultOf[string](err)
	require.True(t, ok)
	assert.Equal(t, evaluator.StopCanceled, res.StopReason)
	assert.Equal(t, 0, f.judge.count())
}
