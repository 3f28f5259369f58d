package evalotel

import (
	"context"
	"errors"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"

	"github.com/evalopt/evalopt/loop"
)

// instruments are the metrics of the package documentation.
type instruments struct {
	loops     metric.Int64Counter
	revisions metric.Int64Histogram
	cost      metric.Float64Counter
	tokens    metric.Int64Histogram
	judge     metric.Float64Histogram
}

// tokenBuckets are the bucket bounds the GenAI conventions advise for
// gen_ai.client.token.usage.
var tokenBuckets = []float64{1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864}

// durationBuckets are the bounds the GenAI conventions advise for model
// call durations, in seconds.
var durationBuckets = []float64{0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92}

// init makes the instruments on m.
func (in *instruments) init(m metric.Meter) error {
	var errs [5]error
	in.loops, errs[0] = m.Int64Counter("evalopt.loops", metric.WithUnit("{loop}"),
		metric.WithDescription("Loops run, by outcome and stop reason."))
	in.revisions, errs[1] = m.Int64Histogram("evalopt.loop.revisions", metric.WithUnit("{revision}"),
		metric.WithDescription("Revisions a loop made, by outcome."),
		metric.WithExplicitBucketBoundaries(0, 1, 2, 3, 4, 5, 6, 8, 10, 15, 20))
	in.cost, errs[2] = m.Float64Counter("evalopt.cost",
		metric.WithDescription("Cost the roles reported (provider.AddCost), in the price table's currency, by role and model."))
	in.tokens, errs[3] = m.Int64Histogram("gen_ai.client.token.usage", metric.WithUnit("{token}"),
		metric.WithDescription("Tokens of a model call, by role, model and token type."),
		metric.WithExplicitBucketBoundaries(tokenBuckets...))
	in.judge, errs[4] = m.Float64Histogram("evalopt.judge.duration", metric.WithUnit("s"),
		metric.WithDescription("Duration of an evaluation or a revision check, by role, status and error type."),
		metric.WithExplicitBucketBoundaries(durationBuckets...))
	return errors.Join(errs[:]...)
}

// recordStep records the metrics of one role call; requested is the model
// the role declares, or "".
func (in *instruments) recordStep(ctx context.Context, s *stepView, requested string) {
	role := keyRole.String(string(s.role))
	if model := responseModel(s.usage); model != "" {
		in.cost.Add(ctx, s.cost, metric.WithAttributes(role, keyResponseModel.String(model)))
	} else {
		in.cost.Add(ctx, s.cost, metric.WithAttributes(role))
	}
	for _, u := range s.usage {
		attrs := []attribute.KeyValue{keyOperation.String(opAgent), role, keyResponseModel.String(u.Model), {}}
		if requested != "" {
			attrs = append(attrs, keyRequestModel.String(requested))
		}
		attrs[3] = keyTokenType.String("input")
		in.tokens.Record(ctx, inputTokens(u), metric.WithAttributes(attrs...))
		attrs[3] = keyTokenType.String("output")
		in.tokens.Record(ctx, u.OutputTokens, metric.WithAttributes(attrs...))
	}
	if s.role == loop.RoleEvaluate || s.role == loop.RoleRevisionCheck {
		attrs := []attribute.KeyValue{role, keyStatus.String(string(s.decision.Status))}
		if s.errKind != "" {
			attrs = append(attrs, keyErrorType.String(string(s.errKind)))
		}
		in.judge.Record(ctx, s.duration.Seconds(), metric.WithAttributes(attrs...))
	}
}

// recordLoop records the metrics of one loop.
func (in *instruments) recordLoop(ctx context.Context, outcome loop.Outcome, reason string, revisions int) {
	o := keyOutcome.String(string(outcome))
	in.loops.Add(ctx, 1, metric.WithAttributes(o, keyStopReason.String(reason)))
	in.revisions.Record(ctx, int64(revisions), metric.WithAttributes(o))
}
