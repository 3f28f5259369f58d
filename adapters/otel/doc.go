// Package evalotel traces and measures evalopt loops with OpenTelemetry:
// a loop is a span, each role call a child span (so that the spans a model
// client makes during the call, its HTTP requests, nest under it), named
// and attributed by the OpenTelemetry GenAI semantic conventions, with
// metrics for loops, revisions, cost, tokens and judge latency.
//
// Import it as github.com/evalopt/evalopt/adapters/otel (a module of its
// own, so that the core never depends on OpenTelemetry):
//
//	inst, err := evalotel.New() // the global tracer and meter providers
//	res, err := evalotel.RunLoop(ctx, inst, task, gen, eval, rev, opts...)
//
// RunLoop is loop.RunLoop inside an "invoke_workflow evalopt.loop" span,
// with Hooks installed. A driver of its own (loop.Steps, a loop.Machine, a
// Temporal workflow, whose span Temporal's own interceptor makes) installs
// Hooks alone: loop.WithHooks(evalotel.Hooks[C](inst)), or Roles.Hooks.
//
// # Spans
//
// The loop span (kind INTERNAL) carries gen_ai.operation.name
// "invoke_workflow", gen_ai.workflow.name "evalopt.loop", evalopt.task.id
// and evalopt.task.kind, and when the loop ends evalopt.outcome,
// evalopt.stop_reason, evalopt.decision.status and .score (the decision
// the controller acted on), evalopt.revisions, evalopt.steps, evalopt.cost
// and the loop's gen_ai.usage.input_tokens and .output_tokens. A loop that
// returns an error has the span status Error, with error.type (the
// loop.ErrorKind) and error.message.
//
// A role call span "invoke_agent {role}" (kind INTERNAL: the model client's
// own spans are the CLIENT ones) carries gen_ai.operation.name
// "invoke_agent", gen_ai.agent.name (the role: generate, evaluate, revise,
// revision_check), evalopt.task.id, evalopt.step, evalopt.role,
// evalopt.attempt and gen_ai.request.model (the one model the role declares
// or reports; evalopt.request.models when it has several); once the call
// returns, evalopt.cost, gen_ai.response.model (the model the provider says
// answered, "(several models)" when the call's usages name more than one),
// gen_ai.usage.input_tokens (every input token, cached ones included, as
// the conventions count them), gen_ai.usage.output_tokens,
// gen_ai.usage.cache_read.input_tokens and
// gen_ai.usage.cache_creation.input_tokens (when not zero), and for a
// decision evalopt.decision.status, .score and .stop_reason. Each blocking
// failure of the decision is an event "evalopt.blocking_failure" and each
// failed criterion (a check finding) an event "evalopt.finding", at most 64
// events per span, each text cut at 1,024 bytes. A failed call has the
// span status Error with error.type and error.message.
//
// # Metrics
//
//   - evalopt.loops (counter, {loop}): loops by evalopt.outcome and
//     evalopt.stop_reason;
//   - evalopt.loop.revisions (histogram, {revision}): revisions per loop,
//     by evalopt.outcome;
//   - evalopt.cost (counter, in the price table's currency): cost by
//     evalopt.role and gen_ai.response.model;
//   - gen_ai.client.token.usage (histogram, {token}, the conventions'
//     metric): tokens per model call by evalopt.role,
//     gen_ai.response.model, gen_ai.request.model and gen_ai.token.type
//     (input, output);
//   - evalopt.judge.duration (histogram, s): evaluate and revision check
//     calls by evalopt.role, evalopt.decision.status and error.type.
//
// The attribute names are those loop.WithLogger writes, so that logs and
// spans of one call can be joined.
package evalotel
