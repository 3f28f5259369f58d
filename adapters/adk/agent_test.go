package adkloop_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/adk/v2/agent"
	"google.golang.org/adk/v2/agent/llmagent"
	"google.golang.org/adk/v2/agent/workflowagents/loopagent"
	"google.golang.org/adk/v2/runner"
	"google.golang.org/adk/v2/session"
	"google.golang.org/genai"

	adkloop "github.com/evalopt/evalopt/adapters/adk"
	"github.com/evalopt/evalopt/adapters/adk/adktest"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

const (
	appName = "app"
	userID  = "u"
	sessID  = "s"
)

// judge is a scripted evaluator that counts its calls.
type judge struct {
	mu     sync.Mutex
	calls  int
	judged []string
	fn     func(n int, draft string) (evaluator.EvaluationDecision, error)
}

func (j *judge) Evaluate(ctx context.Context, _ evaluator.Task, draft string) (evaluator.EvaluationDecision, error) {
	j.mu.Lock()
	n := j.calls
	j.calls++
	j.judged = append(j.judged, draft)
	j.mu.Unlock()
	provider.AddCost(ctx, 0.001)
	return j.fn(n, draft)
}

func (j *judge) count() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.calls
}

func reviseDecision(instr string) evaluator.EvaluationDecision {
	return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4, RevisionInstructions: []string{instr}}
}

func passDecision() evaluator.EvaluationDecision {
	return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}
}

// fixture is an evalopt agent whose roles are llmagents on scripted models,
// served by a runner with a session service the test can read.
type fixture struct {
	gen, rev *adktest.Model
	judge    *judge
	svc      session.Service
	agent    agent.Agent
	runner   *runner.Runner
}

func newFixture(t *testing.T, gen, rev []adktest.Reply, fn func(int, string) (evaluator.EvaluationDecision, error), opts ...loop.Option) *fixture {
	t.Helper()
	f := &fixture{
		gen:   adktest.New("writer-model", 0.01, gen...),
		rev:   adktest.New("editor-model", 0.02, rev...),
		judge: &judge{fn: fn},
		svc:   session.InMemoryService(),
	}
	writer, err := llmagent.New(llmagent.Config{Name: "writer", Model: f.gen})
	require.NoError(t, err)
	editor, err := llmagent.New(llmagent.Config{Name: "editor", Model: f.rev})
	require.NoError(t, err)
	f.agent, err = adkloop.New(adkloop.Config[string]{
		Name:      "reply_gate",
		Generator: adkloop.Generator(writer, nil),
		Evaluator: f.judge,
		Reviser:   adkloop.Reviser(editor, nil),
		Options:   opts,
		OutputKey: "reply",
	})
	require.NoError(t, err)
	f.runner = f.newRunner(t, f.agent)
	return f
}

func (f *fixture) newRunner(t *testing.T, root agent.Agent) *runner.Runner {
	t.Helper()
	r, err := runner.New(runner.Config{AppName: appName, Agent: root, SessionService: f.svc, AutoCreateSession: true})
	require.NoError(t, err)
	return r
}

// run collects every event and error of one turn.
func (f *fixture) run(ctx context.Context, r *runner.Runner, text string) ([]*session.Event, []error) {
	var evs []*session.Event
	var errs []error
	for ev, err := range r.Run(ctx, userID, sessID, genai.NewContentFromText(text, genai.RoleUser), agent.RunConfig{}) {
		if err != nil {
			errs = append(errs, err)
		}
		if ev != nil {
			evs = append(evs, ev)
		}
	}
	return evs, errs
}

// history is the session's stored events.
func (f *fixture) history(t *testing.T) []*session.Event {
	t.Helper()
	resp, err := f.svc.Get(context.Background(), &session.GetRequest{AppName: appName, UserID: userID, SessionID: sessID})
	require.NoError(t, err)
	var out []*session.Event
	for ev := range resp.Session.Events().All() {
		out = append(out, ev)
	}
	return out
}

func finals(evs []*session.Event) []*session.Event {
	var out []*session.Event
	for _, ev := range evs {
		if ev.IsFinalResponse() && ev.Content != nil {
			out = append(out, ev)
		}
	}
	return out
}

func resultOf(t *testing.T, ev *session.Event) loop.Result[string] {
	t.Helper()
	res, ok := ev.CustomMetadata[adkloop.MetaResult].(loop.Result[string])
	require.True(t, ok, "the final event carries the Result")
	return res
}

const (
	draft   = "Your refund is on its way!"
	revised = "Your refund request is under review."
)

func TestReviseThenPass(t *testing.T) {
	f := newFixture(t,
		[]adktest.Reply{{Text: draft}}, []adktest.Reply{{Text: revised}},
		func(n int, d string) (evaluator.EvaluationDecision, error) {
			if strings.Contains(d, "on its way") {
				return reviseDecision("Do not promise the refund."), nil
			}
			return passDecision(), nil
		})
	evs, errs := f.run(context.Background(), f.runner, "The blender arrived cracked.")
	require.Empty(t, errs)

	// Steps, in order, with the step in the metadata; only the last is stored.
	require.Len(t, evs, 5)
	roles := []string{"generate", "evaluate", "revise", "evaluate", "stop"}
	for i, ev := range evs {
		assert.Equal(t, i, ev.CustomMetadata[adkloop.MetaStep], "event %d", i)
		assert.Equal(t, roles[i], ev.CustomMetadata[adkloop.MetaRole], "event %d", i)
		assert.Equal(t, "reply_gate", ev.Author)
		assert.Equal(t, i < 4, ev.Partial, "event %d: only the stop event is stored", i)
		if i < 4 {
			assert.Nil(t, ev.Content, "event %d: a step event carries no draft", i)
		}
	}
	assert.Equal(t, "revise", evs[1].CustomMetadata[adkloop.MetaStatus])
	assert.Equal(t, "pass", evs[3].CustomMetadata[adkloop.MetaStatus])

	// Only the accepted candidate is a final response.
	fin := finals(evs)
	require.Len(t, fin, 1)
	assert.Equal(t, revised, adkloop.Text(fin[0].Content))
	assert.Equal(t, "succeeded", fin[0].CustomMetadata[adkloop.MetaOutcome])
	assert.False(t, fin[0].Actions.Escalate)

	res := resultOf(t, evs[4])
	assert.Equal(t, loop.OutcomeSucceeded, res.Outcome)
	assert.Equal(t, 1, res.Revisions)
	// The models saw the loop's context: their cost is in the trace.
	assert.InDelta(t, 0.01, res.Trace[0].Cost, 1e-9)
	assert.InDelta(t, 0.02, res.Trace[2].Cost, 1e-9)
	assert.InDelta(t, 0.032, res.Cost, 1e-9)
	// The reviser got the judge's instructions and the draft.
	require.Len(t, f.rev.Prompts(), 1)
	assert.Contains(t, f.rev.Prompts()[0], "Do not promise the refund.")
	assert.Contains(t, f.rev.Prompts()[0], draft)
	assert.Equal(t, []string{draft, revised}, f.judge.judged)

	// The session holds the user's message and the accepted reply, no draft.
	hist := f.history(t)
	require.Len(t, hist, 2)
	assert.Equal(t, "The blender arrived cracked.", adkloop.Text(hist[0].Content))
	assert.Equal(t, revised, adkloop.Text(hist[1].Content))
	for _, ev := range hist {
		assert.NotContains(t, adkloop.Text(ev.Content), "on its way")
	}
	resp, err := f.svc.Get(context.Background(), &session.GetRequest{AppName: appName, UserID: userID, SessionID: sessID})
	require.NoError(t, err)
	got, err := resp.Session.State().Get("reply")
	require.NoError(t, err)
	assert.Equal(t, revised, got)
}

func TestBlock(t *testing.T) {
	f := newFixture(t, []adktest.Reply{{Text: draft}}, nil,
		func(int, string) (evaluator.EvaluationDecision, error) {
			return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, Score: 0.1, BlockingFailures: []string{"promises money before approval"}}, nil
		})
	evs, errs := f.run(context.Background(), f.runner, "refund?")
	require.Empty(t, errs)
	require.Len(t, evs, 3)
	last := evs[2]
	assert.Empty(t, finals(evs), "a blocked draft is never a final response")
	assert.Equal(t, "evalopt_blocked", last.ErrorCode)
	assert.Contains(t, last.ErrorMessage, "promises money before approval")
	assert.False(t, last.Actions.Escalate)
	res := resultOf(t, last)
	assert.Equal(t, loop.OutcomeBlocked, res.Outcome)
	assert.Equal(t, evaluator.StopPolicyBlock, res.StopReason)
	assert.Empty(t, f.rev.Prompts(), "a block is not revised")
	for _, ev := range f.history(t) {
		assert.NotContains(t, adkloop.Text(ev.Content), draft)
	}
}

func TestMaxRevisions(t *testing.T) {
	f := newFixture(t, []adktest.Reply{{Text: "d0"}}, []adktest.Reply{{Text: "d1"}, {Text: "d2"}},
		func(int, string) (evaluator.EvaluationDecision, error) { return reviseDecision("shorter"), nil },
		loop.WithMaxRevisions(1))
	evs, errs := f.run(context.Background(), f.runner, "write")
	require.Empty(t, errs)
	res := resultOf(t, evs[len(evs)-1])
	assert.Equal(t, evaluator.StopMaxRevisions, res.StopReason)
	assert.Equal(t, 1, res.Revisions)
	assert.Equal(t, 2, f.judge.count())
	assert.Len(t, f.rev.Prompts(), 1, "the budget allows one revision")
	assert.Empty(t, finals(evs))
	assert.Equal(t, "evalopt_failed", evs[len(evs)-1].ErrorCode)
}

func TestModelErrorHandsBackTheTrace(t *testing.T) {
	boom := errors.New("model overloaded")
	f := newFixture(t, []adktest.Reply{{Text: draft}}, []adktest.Reply{{Err: boom}},
		func(int, string) (evaluator.EvaluationDecision, error) { return reviseDecision("fix"), nil })
	evs, errs := f.run(context.Background(), f.runner, "write")
	require.Len(t, errs, 1)
	assert.ErrorIs(t, errs[0], boom)
	res, ok := loop.ResultOf[string](errs[0])
	require.True(t, ok, "the error carries the Result")
	assert.Equal(t, evaluator.StopError, res.StopReason)
	require.Len(t, res.Trace, 3)
	assert.Contains(t, res.Trace[2].Err, "model overloaded")
	assert.Equal(t, "stop", evs[len(evs)-1].CustomMetadata[adkloop.MetaRole])
	assert.Empty(t, finals(evs))
}

func TestCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := newFixture(t, []adktest.Reply{{Text: draft}}, []adktest.Reply{{Text: revised}},
		func(int, string) (evaluator.EvaluationDecision, error) {
			cancel() // the user leaves while the judge works
			return reviseDecision("fix"), nil
		})
	_, errs := f.run(ctx, f.runner, "write")
	require.NotEmpty(t, errs)
	assert.ErrorIs(t, errs[len(errs)-1], context.Canceled)
	res, ok := loop.ResultOf[string](errs[len(errs)-1])
	require.True(t, ok)
	assert.Equal(t, evaluator.StopCanceled, res.StopReason)
	assert.Empty(t, f.rev.Prompts(), "no role is called after cancellation")
}

func TestBreakStopsBeforeTheNextRoleCall(t *testing.T) {
	f := newFixture(t, []adktest.Reply{{Text: draft}}, []adktest.Reply{{Text: revised}},
		func(int, string) (evaluator.EvaluationDecision, error) { return passDecision(), nil })
	seen := 0
	for ev, err := range f.runner.Run(context.Background(), userID, sessID, genai.NewContentFromText("write", genai.RoleUser), agent.RunConfig{}) {
		require.NoError(t, err)
		seen++
		assert.Equal(t, "generate", ev.CustomMetadata[adkloop.MetaRole])
		break
	}
	assert.Equal(t, 1, seen)
	assert.Equal(t, 0, f.judge.count(), "the evaluator is never called after the consumer stops")
	for _, ev := range f.history(t) {
		assert.NotContains(t, adkloop.Text(ev.Content), draft, "the unjudged draft never reaches the session")
	}
}

func TestEscalationEndsALoopAgent(t *testing.T) {
	f := newFixture(t, []adktest.Reply{{Text: draft}, {Text: "second run"}}, nil,
		func(int, string) (evaluator.EvaluationDecision, error) {
			return evaluator.EvaluationDecision{Status: evaluator.StatusEscalate, Score: 0.5}, nil
		})
	outer, err := loopagent.New(loopagent.Config{
		AgentConfig:   agent.Config{Name: "outer", SubAgents: []agent.Agent{f.agent}},
		MaxIterations: 3,
	})
	require.NoError(t, err)
	evs, errs := f.run(context.Background(), f.newRunner(t, outer), "write")
	require.Empty(t, errs)
	assert.Equal(t, 1, f.judge.count(), "the LoopAgent stopped after the first escalation")
	assert.Len(t, f.gen.Prompts(), 1)
	last := evs[len(evs)-1]
	assert.True(t, last.Actions.Escalate)
	assert.Equal(t, "escalated", last.CustomMetadata[adkloop.MetaOutcome])
	assert.Empty(t, finals(evs))
}

func TestNewNamesMissingFields(t *testing.T) {
	_, err := adkloop.New(adkloop.Config[string]{})
	require.Error(t, err)
	for _, field := range []string{"Config.Name", "Config.Generator", "Config.Evaluator", "Config.Reviser"} {
		assert.Contains(t, err.Error(), field)
	}
	assert.ErrorIs(t, err, loop.ErrNilRole)
}

func TestEmptyUserMessageIsAnError(t *testing.T) {
	f := newFixture(t, nil, nil, func(int, string) (evaluator.EvaluationDecision, error) { return passDecision(), nil })
	_, errs := f.run(context.Background(), f.runner, "  ")
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0].Error(), "no text")
	assert.Empty(t, f.gen.Prompts())
}
