package loop

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// records is a slog.Handler that keeps every record it is given.
type records struct {
	mu    sync.Mutex
	level slog.Level
	got   []slog.Record
}

func (h *records) Enabled(_ context.Context, l slog.Level) bool { return l >= h.level }
func (h *records) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.got = append(h.got, r)
	return nil
}
func (h *records) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *records) WithGroup(string) slog.Handler      { return h }

// attrs returns the attributes of r by key.
func attrs(r slog.Record) map[string]any {
	m := map[string]any{}
	r.Attrs(func(a slog.Attr) bool {
		m[a.Key] = a.Value.Any()
		return true
	})
	return m
}

// TestLogger: a debug record per step, a warning per failed call saying
// whether it is retried, an info record with the outcome, with the span
// attribute names.
func TestLogger(t *testing.T) {
	h := &records{level: slog.LevelDebug}
	s := &script{decisions: []evaluator.EvaluationDecision{revise(0.4), pass(0.9)}}
	s.genHook = func(ctx context.Context, n int) (string, error) {
		provider.AddCost(ctx, 0.25)
		provider.AddUsage(ctx, provider.Usage{Model: "writer-1", InputTokens: 10, CachedInputTokens: 5, OutputTokens: 7})
		if n == 0 {
			return "", provider.Transient(errors.New("503 from the provider"))
		}
		return "draft-0", nil
	}
	res, err := s.run(context.Background(), refundTask, WithRetry(2, 0), WithLogger(slog.New(h)))
	require.NoError(t, err)
	require.Len(t, h.got, len(res.Trace)+1, "one record per step and one for the outcome")

	warn := h.got[0]
	assert.Equal(t, slog.LevelWarn, warn.Level)
	assert.Equal(t, "evalopt: role call failed; retrying", warn.Message)
	assert.Equal(t, map[string]any{
		attrTaskID: refundTask.ID, attrStep: int64(0), attrRole: "generate", attrAttempt: int64(1), attrCost: 0.25,
		attrResponseModel: "writer-1", attrInputTokens: int64(15), attrOutputTokens: int64(7),
		attrErrorType: "retryable", attrErrorMessage: "503 from the provider",
	}, attrs(warn))

	eval := h.got[2]
	assert.Equal(t, slog.LevelDebug, eval.Level)
	assert.Equal(t, "evalopt: role call", eval.Message)
	assert.Equal(t, map[string]any{
		attrTaskID: refundTask.ID, attrStep: int64(2), attrRole: "evaluate", attrAttempt: int64(1), attrCost: 0.0,
		attrStatus: "revise", attrScore: 0.4,
	}, attrs(eval))

	end := h.got[len(h.got)-1]
	assert.Equal(t, slog.LevelInfo, end.Level)
	assert.Equal(t, "evalopt: loop ended", end.Message)
	assert.Equal(t, map[string]any{
		attrTaskID: refundTask.ID, attrOutcome: "succeeded", attrStopReason: "passed", attrRevisions: int64(1),
		attrSteps: int64(5), attrCost: 0.5, attrStatus: "pass", attrScore: 0.9,
		attrInputTokens: int64(30), attrOutputTokens: int64(14),
	}, attrs(end))
}

// TestLoggerErrors: the last failed attempt is not retried, and a loop
// that fails or refuses to start logs its error.
func TestLoggerErrors(t *testing.T) {
	h := &records{level: slog.LevelInfo}
	s := &script{}
	s.genHook = func(context.Context, int) (string, error) { return "", provider.Permanent(errors.New("bad key")) }
	_, err := s.run(context.Background(), refundTask, WithLogger(slog.New(h)))
	require.Error(t, err)
	require.Len(t, h.got, 2, "the warning and the outcome; debug is off")
	assert.Equal(t, "evalopt: role call failed", h.got[0].Message, "the last attempt: no retry")
	end := attrs(h.got[1])
	assert.Equal(t, "permanent", end[attrErrorType])
	assert.Contains(t, end[attrErrorMessage], "bad key")
	assert.Equal(t, "error", end[attrStopReason])

	h.got = nil
	_, err = (&script{}).run(context.Background(), refundTask, WithLogger(slog.New(h)), WithMaxRevisions(-1))
	require.Error(t, err)
	require.Len(t, h.got, 1, "a loop that refuses to start logs its outcome")
	assert.Contains(t, attrs(h.got[0])[attrErrorMessage], "WithMaxRevisions(-1)")
	assert.Equal(t, refundTask.ID, attrs(h.got[0])[attrTaskID])

	_, err = (&script{}).run(context.Background(), refundTask, WithLogger(nil))
	assert.NoError(t, err, "a nil logger logs nothing")
}

// TestLoggerDisabledLevelsCostNothing: with debug off, a loop that
// succeeds makes one record and allocates no more than without a logger
// but for that record.
func TestLoggerDisabledLevelsCostNothing(t *testing.T) {
	gen, eval, rev := benchRoles()
	quiet := slog.New(&records{level: slog.LevelError})
	ctx := context.Background()
	base := testing.AllocsPerRun(50, func() { _, _ = RunLoop(ctx, refundTask, gen, eval, rev) })
	logged := testing.AllocsPerRun(50, func() { _, _ = RunLoop(ctx, refundTask, gen, eval, rev, WithLogger(quiet)) })
	assert.LessOrEqual(t, logged, base+2, "a logger whose levels are off builds no record (the observers struct aside)")
}

func ExampleWithLogger() {
	h := slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		Level: slog.LevelDebug,
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{} // a stable output for the example
			}
			return a
		},
	})
	task := evaluator.Task{ID: "refund-42", Input: "Reply to the customer."}
	gen := GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) { return "Refund sent.", nil })
	eval := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
	})
	rev := ReviserFunc[string](func(_ context.Context, _ evaluator.Task, c string, _ evaluator.EvaluationDecision) (string, error) {
		return c, nil
	})
	_, _ = RunLoop(context.Background(), task, gen, eval, rev, WithLogger(slog.New(h)))
	// Output:
	// level=DEBUG msg="evalopt: role call" evalopt.task.id=refund-42 evalopt.step=0 evalopt.role=generate evalopt.attempt=1 evalopt.cost=0
	// level=DEBUG msg="evalopt: role call" evalopt.task.id=refund-42 evalopt.step=1 evalopt.role=evaluate evalopt.attempt=1 evalopt.cost=0 evalopt.decision.status=pass evalopt.decision.score=0.9
	// level=INFO msg="evalopt: loop ended" evalopt.task.id=refund-42 evalopt.outcome=succeeded evalopt.stop_reason=passed evalopt.revisions=0 evalopt.steps=2 evalopt.cost=0 evalopt.decision.status=pass evalopt.decision.score=0.9
}

// BenchmarkRunLoopWithLogger is a loop whose logger has debug off, as in
// production: the per-step records are not built.
func BenchmarkRunLoopWithLogger(b *testing.B) {
	gen, eval, rev := benchRoles()
	var buf bytes.Buffer
	l := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo}))
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if _, err := RunLoop(ctx, refundTask, gen, eval, rev, WithLogger(l), WithTimeout(time.Minute)); err != nil {
			b.Fatal(err)
		}
	}
	if !strings.Contains(buf.String(), "evalopt.outcome=") {
		b.Fatal("the outcome was not logged")
	}
}
