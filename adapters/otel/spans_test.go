package evalotel_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"

	evalotel "github.com/evalopt/evalopt/adapters/otel"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// attrsOf returns the attributes of kvs by key.
func attrsOf(kvs []attribute.KeyValue) map[string]any {
	m := map[string]any{}
	for _, kv := range kvs {
		m[string(kv.Key)] = kv.Value.AsInterface()
	}
	return m
}

// TestSpans: the loop is a span, each role call (each attempt) a child of
// it, and the spans a role makes are children of its call's span; every
// span carries the attributes, events and status the package promises.
func TestSpans(t *testing.T) {
	in, rec, _, tracer := traced(t)
	gen, eval, rev := roles(tracer)
	res, err := evalotel.RunLoop(context.Background(), in, task, gen, eval, rev, options()...)
	require.NoError(t, err)
	require.Equal(t, loop.OutcomeBlocked, res.Outcome)
	require.Len(t, res.Trace, 5, "generate, evaluate (503), evaluate, revise, evaluate")

	spans := rec.Ended()
	var root sdktrace.ReadOnlySpan
	var calls, clients []sdktrace.ReadOnlySpan
	for _, s := range spans {
		switch {
		case s.Name() == "invoke_workflow evalopt.loop":
			root = s
		case strings.HasPrefix(s.Name(), "invoke_agent "):
			calls = append(calls, s)
		default:
			clients = append(clients, s)
		}
	}
	require.NotNil(t, root)
	require.Len(t, calls, len(res.Trace), "one span per attempt")
	require.Len(t, clients, 4, "the roles' own model-call spans")
	assert.Equal(t, trace.SpanKindInternal, root.SpanKind())
	assert.False(t, root.Parent().IsValid(), "the loop's span is a root here")

	callByID := map[trace.SpanID]sdktrace.ReadOnlySpan{}
	for i, s := range calls {
		callByID[s.SpanContext().SpanID()] = s
		assert.Equal(t, root.SpanContext().SpanID(), s.Parent().SpanID(), "call %d is a child of the loop", i)
		assert.Equal(t, root.SpanContext().TraceID(), s.SpanContext().TraceID())
	}
	for _, c := range clients {
		_, ok := callByID[c.Parent().SpanID()]
		assert.True(t, ok, "a role's own span nests under its call's span")
	}

	want := []map[string]any{
		{"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "generate", "evalopt.role": "generate", "evalopt.step": int64(0), "evalopt.attempt": int64(1),
			"evalopt.task.id": "refund-7", "gen_ai.request.model": "writer-1", "gen_ai.response.model": "writer-1-2026-01-15",
			"gen_ai.usage.input_tokens": int64(1000), "gen_ai.usage.output_tokens": int64(60), "gen_ai.usage.cache_read.input_tokens": int64(100),
			"evalopt.cost": (900*2 + 100*0.5 + 60*8) / 1e6},
		{"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "evaluate", "evalopt.role": "evaluate", "evalopt.step": int64(1), "evalopt.attempt": int64(1),
			"evalopt.task.id": "refund-7", "gen_ai.request.model": "judge-2", "evalopt.cost": 0.0,
			"error.type": "retryable", "error.message": "judge: 503 Service Unavailable"},
		{"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "evaluate", "evalopt.role": "evaluate", "evalopt.step": int64(2), "evalopt.attempt": int64(2),
			"evalopt.task.id": "refund-7", "gen_ai.request.model": "judge-2", "gen_ai.response.model": "judge-2",
			"gen_ai.usage.input_tokens": int64(1200), "gen_ai.usage.output_tokens": int64(150), "evalopt.cost": (1200*1 + 150*4) / 1e6,
			"evalopt.decision.status": "revise", "evalopt.decision.score": 0.45},
	}
	for i, w := range want {
		assert.Equal(t, w, attrsOf(calls[i].Attributes()), "span of step %d", i)
	}
	assert.Equal(t, "invoke_agent evaluate", calls[1].Name())
	assert.Equal(t, codes.Error, calls[1].Status().Code, "a failed attempt sets the status")
	assert.Equal(t, "judge: 503 Service Unavailable", calls[1].Status().Description)
	assert.Equal(t, codes.Unset, calls[2].Status().Code)

	require.Len(t, calls[2].Events(), 1, "one event per failed criterion, none for a passed one")
	ev := calls[2].Events()[0]
	assert.Equal(t, "evalopt.finding", ev.Name)
	assert.Equal(t, map[string]any{"evalopt.criterion.name": "advice.unconditional_promise",
		"evalopt.criterion.reason":        `promises the refund before approval (line 1:6, "money is on its way")`,
		"evalopt.criterion.evidence_refs": []string{"photo"}}, attrsOf(ev.Attributes))
	blockEvents := calls[4].Events()
	require.Len(t, blockEvents, 2)
	assert.Equal(t, "evalopt.blocking_failure", blockEvents[0].Name)
	assert.Equal(t, map[string]any{"evalopt.message": "refund offered without a receipt"}, attrsOf(blockEvents[0].Attributes))
	assert.Equal(t, "evalopt.finding", blockEvents[1].Name)

	assert.Equal(t, map[string]any{"gen_ai.operation.name": "invoke_workflow", "gen_ai.workflow.name": "evalopt.loop",
		"evalopt.task.id": "refund-7", "evalopt.task.kind": "customer_reply", "evalopt.outcome": "blocked", "evalopt.stop_reason": "policy_block",
		"evalopt.revisions": int64(1), "evalopt.steps": int64(5), "evalopt.cost": res.Cost, "evalopt.decision.status": "block",
		"evalopt.decision.score": 0.2, "gen_ai.usage.input_tokens": int64(1000 + 2*1200 + 1000), "gen_ai.usage.output_tokens": int64(60 + 2*150 + 40)},
		attrsOf(root.Attributes()))
	assert.Equal(t, codes.Unset, root.Status().Code, "a block is an outcome, not an error")
}

// TestLoopErrorSetsStatus: a loop that returns an error marks its span.
func TestLoopErrorSetsStatus(t *testing.T) {
	in, rec, _, _ := traced(t)
	gen := loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) {
		panic("the generator broke")
	})
	eval := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
	})
	rev := loop.ReviserFunc[string](func(_ context.Context, _ evaluator.Task, c string, _ evaluator.EvaluationDecision) (string, error) {
		return c, nil
	})
	_, err := evalotel.RunLoop(context.Background(), in, task, gen, eval, rev)
	require.Error(t, err)
	spans := rec.Ended()
	require.Len(t, spans, 2)
	call, root := spans[0], spans[1]
	assert.Equal(t, codes.Error, call.Status().Code)
	assert.Equal(t, "panic", attrsOf(call.Attributes())["error.type"])
	assert.Equal(t, codes.Error, root.Status().Code)
	assert.Equal(t, "panic", attrsOf(root.Attributes())["error.type"])
	assert.Contains(t, root.Status().Description, "the generator broke")

	// A loop that refuses to start has a span too, with no child.
	rec.Reset()
	_, err = evalotel.RunLoop(context.Background(), in, task, gen, eval, rev, loop.WithMaxRevisions(-1))
	require.Error(t, err)
	require.Len(t, rec.Ended(), 1)
	assert.Equal(t, "permanent", attrsOf(rec.Ended()[0].Attributes())["error.type"])
}

// TestEventsBounded: a decision with any number of failures makes at most
// 64 events per span, each text cut at 1,024 bytes.
func TestEventsBounded(t *testing.T) {
	in, rec, _, _ := traced(t)
	long := strings.Repeat("é", 2000)
	failures := make([]string, 200)
	for i := range failures {
		failures[i] = long
	}
	d := evaluator.EvaluationDecision{Status: evaluator.StatusBlock, Score: 0, BlockingFailures: failures}
	roles := loop.Roles[string]{
		Evaluator: evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) { return d, nil }),
		Hooks:     evalotel.Hooks[string](in),
	}
	roles.Invoke(context.Background(), task, loop.Call[string]{Kind: loop.CallRole, Role: loop.RoleEvaluate, Step: 3, Attempt: 1, Candidate: "x"})
	spans := rec.Ended()
	require.Len(t, spans, 1)
	assert.Equal(t, "invoke_agent evaluate", spans[0].Name())
	assert.Equal(t, "refund-7", attrsOf(spans[0].Attributes())["evalopt.task.id"], "Invoke fills the task id")
	require.Len(t, spans[0].Events(), 64)
	msg := spans[0].Events()[0].Attributes[0].Value.AsString()
	assert.LessOrEqual(t, len(msg), 1024)
	assert.True(t, strings.HasSuffix(msg, "é…"), "cut on a rune boundary and marked")
}

// TestHooksUnderACallersSpan: Hooks alone (a driver of its own, Steps
// here) make role spans under whatever span the caller's context holds.
func TestHooksUnderACallersSpan(t *testing.T) {
	in, rec, _, tracer := traced(t)
	ctx, parent := tracer.Start(context.Background(), "request")
	gen, eval, rev := roles(tracer)
	opts := append(options(), loop.WithHooks(evalotel.Hooks[string](in)))
	n := 0
	for s, err := range loop.Steps(ctx, task, gen, eval, rev, opts...) {
		if s.Role != loop.RoleStop {
			n++
		} else {
			require.NoError(t, err)
		}
	}
	parent.End()
	calls := 0
	for _, s := range rec.Ended() {
		if strings.HasPrefix(s.Name(), "invoke_agent ") {
			calls++
			assert.Equal(t, parent.SpanContext().SpanID(), s.Parent().SpanID())
		}
	}
	assert.Equal(t, n, calls)
}

// TestNewOptions: nil options are refused; none means the global providers.
func TestNewOptions(t *testing.T) {
	_, err := evalotel.New(nil)
	assert.ErrorContains(t, err, "opts[0]: nil option")
	in, err := evalotel.New(evalotel.WithTracerProvider(nil), evalotel.WithMeterProvider(nil))
	require.NoError(t, err)
	gen, eval, rev := roles(noop.NewTracerProvider().Tracer(""))
	res, err := evalotel.RunLoop(context.Background(), in, task, gen, eval, rev, options()...)
	require.NoError(t, err, "the global (no-op) providers work")
	assert.Equal(t, loop.OutcomeBlocked, res.Outcome)
}
