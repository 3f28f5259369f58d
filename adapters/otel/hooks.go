package evalotel

import (
	"context"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// callKey is the context key of the state of a role call in flight.
type callKey struct{}

// callState is what BeforeCall hands to AfterCall through the context.
type callState struct {
	span      trace.Span
	requested string // the model the role declares, or ""
}

// Hooks returns the hooks that make a span of every role call, a child of
// the span in the context the call starts from (the loop's, under RunLoop),
// and record the call's metrics; see the package documentation for the
// names. Install them with loop.WithHooks, or in loop.Roles.Hooks for a
// Machine driver (the Temporal adapter's activities run them).
func Hooks[C any](in *Instrumentation) loop.Hooks[C] {
	return loop.Hooks[C]{
		BeforeCall: func(ctx context.Context, c loop.Call[C]) context.Context {
			return in.startCall(ctx, c.Role, c.Step, c.Attempt, c.TaskID, c.Models)
		},
		AfterCall: func(ctx context.Context, s loop.Step[C]) {
			v := viewOf(&s)
			in.endCall(ctx, &v)
		},
	}
}

// startCall starts the span of a role call and returns the context that
// carries it.
func (in *Instrumentation) startCall(ctx context.Context, role loop.Role, step, attempt int, taskID string, models []string) context.Context {
	attrs := make([]attribute.KeyValue, 0, 8)
	attrs = append(attrs,
		keyOperation.String(opAgent),
		keyAgentName.String(string(role)),
		keyTaskID.String(taskID),
		keyStep.Int(step),
		keyRole.String(string(role)),
		keyAttempt.Int(attempt))
	st := &callState{}
	switch len(models) {
	case 0:
	case 1:
		st.requested = models[0]
		attrs = append(attrs, keyRequestModel.String(models[0]))
	default:
		attrs = append(attrs, keyRequestModels.StringSlice(models))
	}
	ctx, st.span = in.tracer.Start(ctx, opAgent+" "+string(role),
		trace.WithSpanKind(trace.SpanKindInternal), trace.WithAttributes(attrs...))
	return context.WithValue(ctx, callKey{}, st)
}

// endCall sets what the call returned on its span, ends it and records the
// call's metrics.
func (in *Instrumentation) endCall(ctx context.Context, s *stepView) {
	st, ok := ctx.Value(callKey{}).(*callState)
	if !ok {
		return // a context this package's BeforeCall did not return
	}
	span := st.span
	if !span.IsRecording() {
		// Sampled out: nothing would be kept of the attributes or events.
		span.End()
		in.metrics.recordStep(ctx, s, st.requested)
		return
	}
	attrs := make([]attribute.KeyValue, 0, 10)
	attrs = append(attrs, keyCost.Float64(s.cost))
	attrs = appendUsage(attrs, s.usage)
	if d := s.decision; d.Status != "" {
		attrs = append(attrs, keyStatus.String(string(d.Status)), keyScore.Float64(d.Score))
		if d.StopReason != "" {
			attrs = append(attrs, keyStopReason.String(string(d.StopReason)))
		}
	}
	if s.err != "" {
		attrs = append(attrs, keyErrorType.String(string(s.errKind)), keyErrorMessage.String(bounded(s.err)))
		span.SetStatus(codes.Error, bounded(s.err))
	}
	span.SetAttributes(attrs...)
	addEvents(span, s.decision)
	span.End()
	in.metrics.recordStep(ctx, s, st.requested)
}

// appendUsage appends the model that answered and the token counts of a
// call's usages, when it has any.
func appendUsage(attrs []attribute.KeyValue, usage []provider.Usage) []attribute.KeyValue {
	if len(usage) == 0 {
		return attrs
	}
	var in, out, read, write int64
	for _, u := range usage {
		in += inputTokens(u)
		out += u.OutputTokens
		read += u.CachedInputTokens
		write += u.CacheWriteTokens
	}
	if model := responseModel(usage); model != "" {
		attrs = append(attrs, keyResponseModel.String(model))
	}
	attrs = append(attrs, keyInputTokens.Int64(in), keyOutputTokens.Int64(out))
	if read > 0 {
		attrs = append(attrs, keyCacheRead.Int64(read))
	}
	if write > 0 {
		attrs = append(attrs, keyCacheCreation.Int64(write))
	}
	return attrs
}
