package evalotel

import (
	"context"
	"errors"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// RunLoop is loop.RunLoop traced: the loop runs inside a span
// "invoke_workflow evalopt.loop", a child of the span in ctx, with Hooks
// installed after opts (so a role call's span is a child of the loop's),
// and its outcome is recorded on the span and in the metrics. It returns
// what loop.RunLoop returns.
func RunLoop[C any](ctx context.Context, in *Instrumentation, task evaluator.Task, gen loop.Generator[C], eval evaluator.Evaluator[C], rev loop.Reviser[C], opts ...loop.Option) (loop.Result[C], error) {
	if ctx == nil {
		return loop.RunLoop(ctx, task, gen, eval, rev, opts...) // the loop reports the nil context
	}
	ctx, span := in.tracer.Start(ctx, opWorkflow+" "+workflowName, trace.WithSpanKind(trace.SpanKindInternal),
		trace.WithAttributes(keyOperation.String(opWorkflow), keyWorkflowName.String(workflowName),
			keyTaskID.String(task.ID), keyTaskKind.String(string(task.Kind))))
	opts = append(opts[:len(opts):len(opts)], loop.WithHooks(Hooks[C](in)))
	res, err := loop.RunLoop(ctx, task, gen, eval, rev, opts...)
	in.endLoop(ctx, span, res.Outcome, &res.Decision, res.StopReason, res.Revisions, len(res.Trace), res.Cost, res.UsageByRole, err)
	return res, err
}

// endLoop sets how the loop ended on its span, ends it and records the
// loop's metrics.
func (in *Instrumentation) endLoop(ctx context.Context, span trace.Span, outcome loop.Outcome, d *evaluator.EvaluationDecision,
	reason evaluator.StopReason, revisions, steps int, cost float64, usage map[loop.Role]provider.Usage, err error) {
	defer in.metrics.recordLoop(ctx, outcome, string(reason), revisions)
	defer span.End()
	if !span.IsRecording() {
		return // sampled out: nothing would be kept of the attributes
	}
	attrs := make([]attribute.KeyValue, 0, 12)
	attrs = append(attrs,
		keyOutcome.String(string(outcome)),
		keyStopReason.String(string(reason)),
		keyRevisions.Int(revisions),
		keySteps.Int(steps),
		keyCost.Float64(cost))
	if d.Status != "" {
		attrs = append(attrs, keyStatus.String(string(d.Status)), keyScore.Float64(d.Score))
	}
	if usage != nil {
		var inTokens, outTokens int64
		for _, u := range usage {
			inTokens += inputTokens(u)
			outTokens += u.OutputTokens
		}
		attrs = append(attrs, keyInputTokens.Int64(inTokens), keyOutputTokens.Int64(outTokens))
	}
	if err != nil {
		kind := loop.ErrorPermanent
		if le := (*loop.Error)(nil); errors.As(err, &le) {
			kind = le.Kind
		}
		msg := bounded(err.Error())
		attrs = append(attrs, keyErrorType.String(string(kind)), keyErrorMessage.String(msg))
		span.SetStatus(codes.Error, msg)
	}
	span.SetAttributes(attrs...)
}
