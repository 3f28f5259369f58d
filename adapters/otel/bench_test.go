package evalotel_test

import (
	"context"
	"testing"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	evalotel "github.com/evalopt/evalopt/adapters/otel"
	"github.com/evalopt/evalopt/loop"
)

// BenchmarkRunLoopTraced is one traced loop of five role calls (spans to
// an in-memory exporter, metrics to a manual reader): what tracing adds
// to a loop, the roles' own work aside.
func BenchmarkRunLoopTraced(b *testing.B) {
	in, _, _, tracer := traced(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		gen, eval, rev := roles(tracer)
		if _, err := evalotel.RunLoop(ctx, in, task, gen, eval, rev, options()...); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunLoopUnsampled is the same loop with a tracer that samples
// nothing, as most production traffic is: the hooks' cost when no span is
// recorded.
func BenchmarkRunLoopUnsampled(b *testing.B) {
	tp := sdktrace.NewTracerProvider(sdktrace.WithSampler(sdktrace.NeverSample()), sdktrace.WithSpanProcessor(tracetest.NewSpanRecorder()))
	in, err := evalotel.New(evalotel.WithTracerProvider(tp))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	tracer := tp.Tracer("model-client")
	b.ReportAllocs()
	for b.Loop() {
		gen, eval, rev := roles(tracer)
		if _, err := evalotel.RunLoop(ctx, in, task, gen, eval, rev, options()...); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunLoopUntraced is the same loop without this package, for
// comparison: the roles' own work (pricing, their model-call spans on a
// tracer that samples nothing).
func BenchmarkRunLoopUntraced(b *testing.B) {
	tp := sdktrace.NewTracerProvider(sdktrace.WithSampler(sdktrace.NeverSample()))
	ctx := context.Background()
	tracer := tp.Tracer("model-client")
	b.ReportAllocs()
	for b.Loop() {
		gen, eval, rev := roles(tracer)
		if _, err := loop.RunLoop(ctx, task, gen, eval, rev, options()...); err != nil {
			b.Fatal(err)
		}
	}
}
