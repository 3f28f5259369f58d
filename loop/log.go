package loop

import (
	"context"
	"errors"
	"log/slog"

	"github.com/evalopt/evalopt/evaluator/provider"
)

// logStep logs the step just recorded: at debug level when the call
// succeeded, as a warning when it failed, saying in the message whether the
// machine m will retry it.
func logStep[C any](ctx context.Context, l *slog.Logger, m *Machine[C], s *Step[C]) {
	level, msg := slog.LevelDebug, "evalopt: role call"
	if s.Err != "" {
		level, msg = slog.LevelWarn, "evalopt: role call failed"
		if m.Phase == s.Role && m.Attempt == s.Attempt+1 {
			msg = "evalopt: role call failed; retrying"
		}
	}
	if !l.Enabled(ctx, level) {
		return
	}
	attrs := make([]slog.Attr, 0, 14)
	attrs = append(attrs,
		slog.String(attrTaskID, m.Task.ID),
		slog.Int(attrStep, s.Index),
		slog.String(attrRole, string(s.Role)),
		slog.Int(attrAttempt, s.Attempt),
		slog.Float64(attrCost, s.Cost))
	if s.Decision.Status != "" {
		attrs = append(attrs, slog.String(attrStatus, string(s.Decision.Status)), slog.Float64(attrScore, s.Decision.Score))
	}
	attrs = appendUsage(attrs, s.Usage)
	if s.Err != "" {
		attrs = append(attrs, slog.String(attrErrorType, string(s.ErrKind)), slog.String(attrErrorMessage, s.Err))
	}
	l.LogAttrs(ctx, level, msg, attrs...)
}

// logOutcome logs how the loop of the task taskID ended, at info level.
func logOutcome[C any](ctx context.Context, l *slog.Logger, taskID string, res *Result[C], err error) {
	if !l.Enabled(ctx, slog.LevelInfo) {
		return
	}
	attrs := make([]slog.Attr, 0, 14)
	attrs = append(attrs,
		slog.String(attrTaskID, taskID),
		slog.String(attrOutcome, string(res.Outcome)),
		slog.String(attrStopReason, string(res.StopReason)),
		slog.Int(attrRevisions, res.Revisions),
		slog.Int(attrSteps, len(res.Trace)),
		slog.Float64(attrCost, res.Cost))
	if res.Decision.Status != "" {
		attrs = append(attrs, slog.String(attrStatus, string(res.Decision.Status)), slog.Float64(attrScore, res.Decision.Score))
	}
	var in, out int64
	for _, u := range res.UsageByRole {
		in += inputTokens(u)
		out += u.OutputTokens
	}
	if res.UsageByRole != nil {
		attrs = append(attrs, slog.Int64(attrInputTokens, in), slog.Int64(attrOutputTokens, out))
	}
	if err != nil {
		kind := ErrorPermanent
		if le := (*Error)(nil); errors.As(err, &le) {
			kind = le.Kind
		}
		attrs = append(attrs, slog.String(attrErrorType, string(kind)), slog.String(attrErrorMessage, err.Error()))
	}
	l.LogAttrs(ctx, slog.LevelInfo, "evalopt: loop ended", attrs...)
}

// appendUsage appends the model that answered and the token counts of a
// step's usages, when it has any.
func appendUsage(attrs []slog.Attr, usage []provider.Usage) []slog.Attr {
	if len(usage) == 0 {
		return attrs
	}
	var in, out int64
	model := usage[0].Model
	for _, u := range usage {
		in += inputTokens(u)
		out += u.OutputTokens
		if u.Model != model {
			model = severalModels
		}
	}
	if model != "" {
		attrs = append(attrs, slog.String(attrResponseModel, model))
	}
	return append(attrs, slog.Int64(attrInputTokens, in), slog.Int64(attrOutputTokens, out))
}

// inputTokens counts every input token of u, cached ones included, as the
// GenAI semantic conventions count gen_ai.usage.input_tokens.
func inputTokens(u provider.Usage) int64 {
	return u.InputTokens + u.CachedInputTokens + u.CacheWriteTokens
}
