package evalotel_test

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.39.0"

	evalotel "github.com/evalopt/evalopt/adapters/otel"
	"github.com/evalopt/evalopt/loop"
)

// records is a slog.Handler that keeps every record.
type records struct {
	mu  sync.Mutex
	got []slog.Record
}

func (h *records) Enabled(context.Context, slog.Level) bool { return true }
func (h *records) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.got = append(h.got, r)
	return nil
}
func (h *records) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *records) WithGroup(string) slog.Handler      { return h }

// TestLogAndSpanAttributesAgree: every attribute loop.WithLogger writes
// about a role call is on that call's span, under the same name and with
// the same value, and so is every attribute of the outcome record on the
// loop's span: the two copies of the attribute names agree.
func TestLogAndSpanAttributesAgree(t *testing.T) {
	in, rec, _, tracer := traced(t)
	h := &records{}
	gen, eval, rev := roles(tracer)
	opts := append(options(), loop.WithLogger(slog.New(h)))
	res, err := evalotel.RunLoop(context.Background(), in, task, gen, eval, rev, opts...)
	require.NoError(t, err)
	require.Len(t, h.got, len(res.Trace)+1)

	spans := map[int64]map[string]any{}
	var loopSpan map[string]any
	for _, s := range rec.Ended() {
		a := attrsOf(s.Attributes())
		switch {
		case strings.HasPrefix(s.Name(), "invoke_agent "):
			spans[a["evalopt.step"].(int64)] = a
		case strings.HasPrefix(s.Name(), "invoke_workflow "):
			loopSpan = a
		}
	}
	keys := 0
	for i, r := range h.got {
		want := loopSpan
		if i < len(res.Trace) {
			want = spans[int64(i)]
		}
		require.NotNil(t, want, "record %d has a span", i)
		r.Attrs(func(a slog.Attr) bool {
			keys++
			v, ok := want[a.Key]
			if assert.True(t, ok, "record %d (%s): %s is not on the span", i, r.Message, a.Key) {
				assert.Equal(t, v, a.Value.Any(), "record %d: %s", i, a.Key)
			}
			return true
		})
	}
	assert.Greater(t, keys, 40, "the records carry attributes to compare")
}

// TestConventionNames: the GenAI names are the semantic conventions' (the
// ones the semconv release this module requires already has).
func TestConventionNames(t *testing.T) {
	in, rec, _, tracer := traced(t)
	gen, eval, rev := roles(tracer)
	_, err := evalotel.RunLoop(context.Background(), in, task, gen, eval, rev, options()...)
	require.NoError(t, err)
	var first sdktrace.ReadOnlySpan
	for _, s := range rec.Ended() {
		if s.Name() == "invoke_agent generate" {
			first = s
		}
	}
	require.NotNil(t, first)
	have := map[attribute.Key]bool{}
	for _, kv := range first.Attributes() {
		have[kv.Key] = true
	}
	for _, k := range []attribute.Key{semconv.GenAIOperationNameKey, semconv.GenAIAgentNameKey, semconv.GenAIRequestModelKey,
		semconv.GenAIResponseModelKey, semconv.GenAIUsageInputTokensKey, semconv.GenAIUsageOutputTokensKey} {
		assert.True(t, have[k], "%s on the generate span", k)
	}
	assert.Equal(t, semconv.GenAIOperationNameInvokeAgent.Value.AsString(), attrsOf(first.Attributes())[string(semconv.GenAIOperationNameKey)])
	assert.Equal(t, "error.type", string(semconv.ErrorTypeKey))
	assert.Equal(t, "gen_ai.token.type", string(semconv.GenAITokenTypeKey))
}
