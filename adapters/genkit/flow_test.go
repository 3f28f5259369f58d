package genkitloop_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	genkitloop "github.com/evalopt/evalopt/adapters/genkit"
	"github.com/evalopt/evalopt/adapters/genkit/genkittest"
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

var task = evaluator.Task{ID: "refund-1", Input: "The blender arrived cracked; 100% broken."}

func promiseJudge() *judge {
	return &judge{fn: func(_ int, d string) (evaluator.EvaluationDecision, error) {
		if strings.Contains(d, "on its way") {
			return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4, RevisionInstructions: []string{"Do not promise the refund."}}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
	}}
}

type fixture struct {
	g        *genkit.Genkit
	gen, rev *genkittest.Model
	judge    *judge
	flow     *genkitloop.Flow[string]
}

func newFixture(j *judge, gen, rev []genkittest.Reply, opts ...loop.Option) *fixture {
	g := genkit.Init(context.Background())
	f := &fixture{g: g, gen: genkittest.Define(g, "writer", gen...), rev: genkittest.Define(g, "editor", rev...), judge: j}
	f.flow = genkitloop.DefineFlow(g, "replyGate", genkitloop.Loop[string]{
		Generator: genkitloop.Generator(g, nil, ai.WithModelName(f.gen.Name)),
		Evaluator: j,
		Reviser:   genkitloop.Reviser(g, nil, ai.WithModelName(f.rev.Name)),
		Options:   opts,
	})
	return f
}

func TestFlowReviseThenPass(t *testing.T) {
	f := newFixture(promiseJudge(), []genkittest.Reply{{Text: draft, Tokens: 20}}, []genkittest.Reply{{Text: revised, Tokens: 30}})
	res, err := f.flow.Run(context.Background(), task)
	require.NoError(t, err)
	assert.Equal(t, loop.OutcomeSucceeded, res.Outcome)
	assert.Equal(t, revised, res.Candidate)
	assert.Len(t, res.Trace, 4)
	assert.InDelta(t, 70, res.Cost, 1e-9, "input and output tokens of both calls")
	// The prompt went through intact: no fmt verbs were applied to it.
	assert.Equal(t, []string{task.Input}, f.gen.Prompts())
	require.Len(t, f.rev.Prompts(), 1)
	assert.Contains(t, f.rev.Prompts()[0], "Do not promise the refund.")
	assert.Contains(t, f.rev.Prompts()[0], draft)
}

func TestFlowStreamsSteps(t *testing.T) {
	f := newFixture(promiseJudge(), []genkittest.Reply{{Text: draft}}, []genkittest.Reply{{Text: revised}})
	var roles []loop.Role
	var out *loop.Result[string]
	for v, err := range f.flow.Stream(context.Background(), task) {
		require.NoError(t, err)
		if v.Done {
			out = &v.Output
			continue
		}
		assert.Equal(t, len(roles), v.Stream.Index)
		roles = append(roles, v.Stream.Role)
	}
	assert.Equal(t, []loop.Role{loop.RoleGenerate, loop.RoleEvaluate, loop.RoleRevise, loop.RoleEvaluate}, roles)
	require.NotNil(t, out)
	assert.Equal(t, revised, out.Candidate)
}

func TestFlowErrorCarriesTheResult(t *testing.T) {
	boom := errors.New("model overloaded")
	f := newFixture(promiseJudge(), []genkittest.Reply{{Text: draft}}, []genkittest.Reply{{Err: boom}})
	_, err := f.flow.Run(context.Background(), task)
	require.Error(t, err)
	assert.ErrorIs(t, err, boom)
	res, ok := loop.ResultOf[string](err)
	require.True(t, ok, "the flow's error carries the Result")
	assert.Equal(t, evaluator.StopError, res.StopReason)
	require.Len(t, res.Trace, 3)
	assert.Contains(t, res.Trace[2].Err, "model overloaded")

	f = newFixture(promiseJudge(), []genkittest.Reply{{Text: draft}}, []genkittest.Reply{{Err: boom}})
	var serr error
	for _, err := range f.flow.Stream(context.Background(), task) {
		if err != nil {
			serr = err
		}
	}
	res, ok = loop.ResultOf[string](serr)
	require.True(t, ok, "the streamed error carries the Result too")
	assert.Len(t, res.Trace, 3)
}

func TestBreakingTheStreamStopsTheLoop(t *testing.T) {
	f := newFixture(promiseJudge(), []genkittest.Reply{{Text: draft}}, []genkittest.Reply{{Text: revised}})
	n := 0
	for v, err := range f.flow.Stream(context.Background(), task) {
		require.NoError(t, err)
		n++
		assert.Equal(t, loop.RoleGenerate, v.Stream.Role)
		break
	}
	assert.Equal(t, 1, n)
	assert.Equal(t, 0, f.judge.count(), "no role is called after the consumer stopped")
}

func TestCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := newFixture(promiseJudge(), []genkittest.Reply{{Text: draft}}, []genkittest.Reply{{Text: revised}})
	f.gen.Hook = func(context.Context, int) { cancel() }
	_, err := f.flow.Run(ctx, task)
	require.Error(t, err)
	assert.ErrorIs(t, err, context.Canceled)
	res, ok := loop.ResultOf[string](err)
	require.True(t, ok)
	assert.Equal(t, evaluator.StopCanceled, res.StopReason)
	assert.Equal(t, 0, f.judge.count())
}

// A block and a spent budget are outcomes: the flow returns them, and its
// output passes Genkit's schema validation although the decisions hold no
// lists (they are written as [], never null).
func TestOutcomesPassOutputValidation(t *testing.T) {
	blocker := &judge{fn: func(int, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, Score: 0.1, BlockingFailures: []string{"promises money"}}, nil
	}}
	f := newFixture(blocker, []genkittest.Reply{{Text: draft}}, nil)
	raw, err := f.flow.RunJSON(context.Background(), mustJSON(t, task), nil)
	require.NoError(t, err)
	var res loop.Result[string]
	require.NoError(t, json.Unmarshal(raw, &res))
	assert.Equal(t, loop.OutcomeBlocked, res.Outcome)
	assert.Contains(t, string(raw), `"revisionInstructions":[]`)
	assert.Contains(t, string(raw), `"criteria":[]`)
	assert.NotContains(t, string(raw), `:null`)

	reviser := &judge{fn: func(int, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.3, RevisionInstructions: []string{"shorter"}}, nil
	}}
	f = newFixture(reviser, []genkittest.Reply{{Text: "d0"}}, []genkittest.Reply{{Text: "d1"}}, loop.WithMaxRevisions(1))
	out, err := f.flow.Run(context.Background(), task)
	require.NoError(t, err)
	assert.Equal(t, evaluator.StopMaxRevisions, out.StopReason)
	assert.Equal(t, 2, reviser.count())
}

func mustJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}
