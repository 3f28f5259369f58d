package evalotel_test

import (
	"context"
	"fmt"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	evalotel "github.com/evalopt/evalopt/adapters/otel"
)

// One loop, traced: the evaluator's first attempt fails (503) and is
// retried, its second asks for a revision with a finding, the revision is
// blocked. The roles' model calls are spans of their own, nested under the
// role call that made them. (Here the spans go to an in-memory recorder;
// in production, to an exporter such as otlptracehttp.)
func Example() {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	defer func() { _ = tp.Shutdown(context.Background()) }()
	inst, err := evalotel.New(evalotel.WithTracerProvider(tp))
	if err != nil {
		fmt.Println(err)
		return
	}
	gen, eval, rev := roles(tp.Tracer("model-client"))
	res, err := evalotel.RunLoop(context.Background(), inst, task, gen, eval, rev, options()...)
	fmt.Println(res.Outcome, err)
	fmt.Print(spanTree(rec.Ended()))
	// Output:
	// blocked <nil>
	// invoke_workflow evalopt.loop gen_ai.usage.input_tokens=4400 gen_ai.usage.output_tokens=400 evalopt.cost=0.00825 evalopt.decision.status=block evalopt.decision.score=0.2 evalopt.outcome=blocked evalopt.stop_reason=policy_block evalopt.revisions=1
	//   invoke_agent generate evalopt.attempt=1 gen_ai.request.model=writer-1 gen_ai.response.model=writer-1-2026-01-15 gen_ai.usage.input_tokens=1000 gen_ai.usage.output_tokens=60 evalopt.cost=0.00233
	//     POST /v1/chat/completions
	//   invoke_agent evaluate evalopt.attempt=1 gen_ai.request.model=judge-2 evalopt.cost=0 error.type=retryable status=Error("judge: 503 Service Unavailable")
	//   invoke_agent evaluate evalopt.attempt=2 gen_ai.request.model=judge-2 gen_ai.response.model=judge-2 gen_ai.usage.input_tokens=1200 gen_ai.usage.output_tokens=150 evalopt.cost=0.0018 evalopt.decision.status=revise evalopt.decision.score=0.45
	//     * event evalopt.finding evalopt.criterion.name="advice.unconditional_promise" evalopt.criterion.reason="promises the refund before approval (line 1:6, \"money is on its way\")" evalopt.criterion.evidence_refs="[\"photo\"]"
	//     POST /v1/chat/completions
	//   invoke_agent revise evalopt.attempt=1 gen_ai.request.model=writer-1 gen_ai.response.model=writer-1-2026-01-15 gen_ai.usage.input_tokens=1000 gen_ai.usage.output_tokens=40 evalopt.cost=0.00232
	//     POST /v1/chat/completions
	//   invoke_agent evaluate evalopt.attempt=1 gen_ai.request.model=judge-2 gen_ai.response.model=judge-2 gen_ai.usage.input_tokens=1200 gen_ai.usage.output_tokens=150 evalopt.cost=0.0018 evalopt.decision.status=block evalopt.decision.score=0.2
	//     * event evalopt.blocking_failure evalopt.message="refund offered without a receipt"
	//     * event evalopt.finding evalopt.criterion.name="policy.no_refund_without_receipt" evalopt.criterion.reason="no receipt in the evidence"
	//     POST /v1/chat/completions
}
