package einoloop_test

import (
	"context"
	"errors"
	"testing"

	"github.com/cloudwego/eino/adk"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	einoloop "github.com/evalopt/evalopt/adapters/eino"
	"github.com/evalopt/evalopt/adapters/eino/einotest"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

func newAgent(t *testing.T, f *fixture) adk.Agent {
	t.Helper()
	a, err := einoloop.NewAgent(einoloop.AgentConfig[string]{Name: "reply_gate", Loop: f.loop})
	require.NoError(t, err)
	return a
}

func drain(it *adk.AsyncIterator[*adk.AgentEvent]) []*adk.AgentEvent {
	var evs []*adk.AgentEvent
	for {
		ev, ok := it.Next()
		if !ok {
			return evs
		}
		evs = append(evs, ev)
	}
}

// messages returns the text of every message the events carry.
func messages(t *testing.T, evs []*adk.AgentEvent) []string {
	t.Helper()
	var out []string
	for _, ev := range evs {
		if ev.Output != nil && ev.Output.MessageOutput != nil {
			m, err := ev.Output.MessageOutput.GetMessage()
			require.NoError(t, err)
			out = append(out, m.Content)
		}
	}
	return out
}

func TestAgentReviseThenPass(t *testing.T) {
	f := newFixture(promiseJudge(), []einotest.Reply{{Text: draft}}, []einotest.Reply{{Text: revised}})
	r := adk.NewRunner(context.Background(), adk.RunnerConfig{Agent: newAgent(t, f)})
	evs := drain(r.Query(context.Background(), "The blender arrived cracked."))
	require.Len(t, evs, 5)
	for i, ev := range evs[:4] {
		require.NoError(t, ev.Err)
		s, ok := ev.Output.CustomizedOutput.(loop.Step[string])
		require.True(t, ok, "event %d carries its step", i)
		assert.Equal(t, i, s.Index)
		assert.Nil(t, ev.Output.MessageOutput, "event %d: no draft in the conversation", i)
	}
	assert.Equal(t, []string{revised}, messages(t, evs), "the accepted candidate is the only message")
	last := evs[4]
	require.NoError(t, last.Err)
	res, ok := last.Output.CustomizedOutput.(loop.Result[string])
	require.True(t, ok)
	assert.Equal(t, loop.OutcomeSucceeded, res.Outcome)
	assert.Equal(t, "The blender arrived cracked.", f.gen.Requests()[0][0].Content)
}

func TestAgentBlockAndError(t *testing.T) {
	blocker := &judge{fn: func(int, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, Score: 0.1, BlockingFailures: []string{"promises money"}}, nil
	}}
	f := newFixture(blocker, []einotest.Reply{{Text: draft}}, nil)
	evs := drain(adk.NewRunner(context.Background(), adk.RunnerConfig{Agent: newAgent(t, f)}).Query(context.Background(), "refund?"))
	assert.Empty(t, messages(t, evs), "a blocked draft is never a message")
	last := evs[len(evs)-1]
	require.NoError(t, last.Err)
	assert.Equal(t, loop.OutcomeBlocked, last.Output.CustomizedOutput.(loop.Result[string]).Outcome)

	boom := errors.New("model overloaded")
	f = newFixture(promiseJudge(), []einotest.Reply{{Err: boom}}, nil)
	evs = drain(adk.NewRunner(context.Background(), adk.RunnerConfig{Agent: newAgent(t, f)}).Query(context.Background(), "refund?"))
	last = evs[len(evs)-1]
	require.Error(t, last.Err)
	assert.ErrorIs(t, last.Err, boom)
	res, ok := loop.ResultOf[string](last.Err)
	require.True(t, ok)
	assert.Len(t, res.Trace, 1)
	assert.Empty(t, messages(t, evs))
}

func TestAgentCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := newFixture(promiseJudge(), []einotest.Reply{{Text: draft}}, []einotest.Reply{{Text: revised}})
	f.gen.Hook = func(context.Context, int) { cancel() }
	evs := drain(adk.NewRunner(ctx, adk.RunnerConfig{Agent: newAgent(t, f)}).Query(ctx, "refund?"))
	require.NotEmpty(t, evs)
	last := evs[len(evs)-1]
	assert.ErrorIs(t, last.Err, context.Canceled)
	assert.Equal(t, 0, f.judge.count())
}

func TestAgentEscalationEndsALoopAgent(t *testing.T) {
	esc := &judge{fn: func(int, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusEscalate, Score: 0.5}, nil
	}}
	f := newFixture(esc, []einotest.Reply{{Text: draft}, {Text: "again"}}, nil)
	outer, err := adk.NewLoopAgent(context.Background(), &adk.LoopAgentConfig{Name: "outer", SubAgents: []adk.Agent{newAgent(t, f)}, MaxIterations: 3})
	require.NoError(t, err)
	evs := drain(adk.NewRunner(context.Background(), adk.RunnerConfig{Agent: outer}).Query(context.Background(), "refund?"))
	assert.Equal(t, 1, esc.count(), "the LoopAgent stopped after the escalation")
	assert.Equal(t, 1, f.gen.Calls())
	var broke bool
	for _, ev := range evs {
		require.NoError(t, ev.Err)
		broke = broke || ev.Action != nil && ev.Action.BreakLoop != nil
	}
	assert.True(t, broke)
}

func TestNewAgentNamesMissingFields(t *testing.T) {
	_, err := einoloop.NewAgent(einoloop.AgentConfig[string]{})
	require.Error(t, err)
	for _, field := range []string{"AgentConfig.Name", "Loop.Generator", "Loop.Evaluator", "Loop.Reviser"} {
		assert.Contains(t, err.Error(), field)
	}
}

func TestAgentWithoutUserText(t *testing.T) {
	f := newFixture(promiseJudge(), nil, nil)
	evs := drain(newAgent(t, f).Run(context.Background(), &adk.AgentInput{}))
	require.Len(t, evs, 1)
	assert.ErrorContains(t, evs[0].Err, "no user message")
	assert.Equal(t, 0, f.gen.Calls())
}
