package evalotel_test

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	evalotel "github.com/evalopt/evalopt/adapters/otel"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// task is the task of the test loops.
var task = evaluator.Task{
	ID:       "refund-7",
	Kind:     evaluator.KindCustomerReply,
	Input:    "Reply to the customer whose blender arrived broken.",
	Evidence: []evaluator.Evidence{{ID: "photo", Content: "The jar is cracked."}},
}

// prices prices the models the test roles report.
var prices = provider.PriceTable{
	"writer-1": {Input: 2, CachedInput: 0.5, Output: 8},
	"judge-2":  {Input: 1, Output: 4},
}

// roles are scripted roles that report their usage as model adapters do
// and make a "model call" span of their own under the context they
// receive, as an instrumented HTTP client would. The evaluator fails its
// first call with a transient error, asks for a revision with a finding,
// then blocks the revision.
func roles(tracer trace.Tracer) (loop.Generator[string], evaluator.Evaluator[string], loop.Reviser[string]) {
	modelCall := func(ctx context.Context, model string, u provider.Usage) error {
		_, span := tracer.Start(ctx, "POST /v1/chat/completions", trace.WithSpanKind(trace.SpanKindClient))
		defer span.End()
		u.Model = model
		_, err := prices.ReportUsage(ctx, u)
		return err
	}
	gen := loop.GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
		return "Your money is on its way!", modelCall(ctx, "writer-1-2026-01-15", provider.Usage{InputTokens: 900, CachedInputTokens: 100, OutputTokens: 60})
	})
	evals := 0
	eval := evaluator.Func[string](func(ctx context.Context, _ evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		evals++
		if evals == 1 {
			return evaluator.EvaluationDecision{}, provider.Transient(errors.New("judge: 503 Service Unavailable"))
		}
		if err := modelCall(ctx, "judge-2", provider.Usage{InputTokens: 1200, OutputTokens: 150}); err != nil {
			return evaluator.EvaluationDecision{}, err
		}
		if evals == 2 {
			return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.45,
				Criteria: []evaluator.Criterion{
					{Name: "tone", Passed: true, Reason: "polite"},
					{Name: "advice.unconditional_promise", Passed: false, EvidenceRefs: []string{"photo"}, Reason: `promises the refund before approval (line 1:6, "money is on its way")`},
				},
				RevisionInstructions: []string{"Say the refund is under review."}}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, Score: 0.2,
			Criteria:         []evaluator.Criterion{{Name: "policy.no_refund_without_receipt", Passed: false, Reason: "no receipt in the evidence"}},
			BlockingFailures: []string{"refund offered without a receipt"}}, nil
	})
	rev := loop.ReviserFunc[string](func(ctx context.Context, _ evaluator.Task, _ string, _ evaluator.EvaluationDecision) (string, error) {
		return "Your refund request is under review.", modelCall(ctx, "writer-1-2026-01-15", provider.Usage{InputTokens: 1000, OutputTokens: 40})
	})
	return gen, eval, rev
}

// options are the loop options of the test loops.
func options() []loop.Option {
	return []loop.Option{loop.WithRetry(2, 0), loop.WithModels(loop.RoleGenerate, "writer-1"), loop.WithModels(loop.RoleRevise, "writer-1"), loop.WithModels(loop.RoleEvaluate, "judge-2")}
}

// traced returns an Instrumentation recording its spans in memory and its
// metrics in a manual reader, with the tracer the roles use.
func traced(t testing.TB) (*evalotel.Instrumentation, *tracetest.SpanRecorder, *sdkmetric.ManualReader, trace.Tracer) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	reader := sdkmetric.NewManualReader()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))
	t.Cleanup(func() {
		_ = tp.Shutdown(context.Background())
		_ = mp.Shutdown(context.Background())
	})
	in, err := evalotel.New(evalotel.WithTracerProvider(tp), evalotel.WithMeterProvider(mp))
	if err != nil {
		t.Fatal(err)
	}
	return in, rec, reader, tp.Tracer("model-client")
}

// treeAttrs are the attributes the span tree shows, in this order.
var treeAttrs = []attribute.Key{"evalopt.attempt", "gen_ai.request.model", "gen_ai.response.model", "gen_ai.usage.input_tokens",
	"gen_ai.usage.output_tokens", "evalopt.cost", "evalopt.decision.status", "evalopt.decision.score", "evalopt.outcome",
	"evalopt.stop_reason", "evalopt.revisions", "error.type"}

// spanTree renders spans as an indented tree, children in start order:
// each span's name, the attributes of treeAttrs it has, its status when
// Error, and its events.
func spanTree(spans []sdktrace.ReadOnlySpan) string {
	children := map[trace.SpanID][]sdktrace.ReadOnlySpan{}
	ids := map[trace.SpanID]bool{}
	for _, s := range spans {
		ids[s.SpanContext().SpanID()] = true
	}
	var roots []sdktrace.ReadOnlySpan
	for _, s := range spans {
		if p := s.Parent().SpanID(); p.IsValid() && ids[p] {
			children[p] = append(children[p], s)
		} else {
			roots = append(roots, s)
		}
	}
	var b strings.Builder
	var walk func(s sdktrace.ReadOnlySpan, depth int)
	walk = func(s sdktrace.ReadOnlySpan, depth int) {
		indent := strings.Repeat("  ", depth)
		fmt.Fprintf(&b, "%s%s", indent, s.Name())
		attrs := map[attribute.Key]attribute.Value{}
		for _, kv := range s.Attributes() {
			attrs[kv.Key] = kv.Value
		}
		for _, k := range treeAttrs {
			if v, ok := attrs[k]; ok {
				fmt.Fprintf(&b, " %s=%s", k, v.Emit())
			}
		}
		if s.Status().Code == codes.Error {
			fmt.Fprintf(&b, " status=Error(%q)", s.Status().Description)
		}
		b.WriteString("\n")
		for _, e := range s.Events() {
			fmt.Fprintf(&b, "%s  * event %s", indent, e.Name)
			for _, kv := range e.Attributes {
				fmt.Fprintf(&b, " %s=%q", kv.Key, kv.Value.Emit())
			}
			b.WriteString("\n")
		}
		kids := children[s.SpanContext().SpanID()]
		sort.SliceStable(kids, func(i, j int) bool { return kids[i].StartTime().Before(kids[j].StartTime()) })
		for _, c := range kids {
			walk(c, depth+1)
		}
	}
	for _, r := range roots {
		walk(r, 0)
	}
	return b.String()
}
