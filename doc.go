// Package evalopt is an embeddable library for the Evaluator-Optimizer
// pattern: a generator proposes a candidate, an evaluator judges it against
// explicit criteria and evidence, and a controller accepts it, asks for a
// targeted revision, blocks it, escalates it to a human, or stops when its
// budget is spent, recording every step. This package holds no code: it is
// the landing page.
//
// # When to use it
//
// Use it when a model's output reaches a user, a customer or another system
// and a wrong answer costs more than a second model call: refunds, contract
// reviews, compliance summaries, code that will be merged. Use it when you can
// state what "good" means as criteria a judge can check and evidence it can
// cite. Do not use it when there is no criterion beyond taste, when one
// deterministic check would do, or when latency matters more than quality: a
// loop multiplies model calls.
//
// # Packages
//
//   - evaluator: the contract (Task, Evidence, EvaluationDecision, Evaluator,
//     Func), validation, strict parsing of a judge's reply, JSON Schemas for
//     structured output, and Chain to run deterministic stages before a model.
//   - loop: RunLoop, the controller: budgets, stop reasons, retries, hooks,
//     the trace; Machine, the loop as data for durable engines.
//   - rubric: weighted rubrics with floors and auto-fail rules; the library
//     recomputes the score a judge reports.
//   - checks: deterministic checks chosen by the deliverable's kind, one
//     package per family under checks/, run before any model judgment.
//   - evaluator/golden, evaluator/quality, evaluator/evaltest: golden sets,
//     regression gates, and measures of the evaluator itself.
//   - report and cmd/evalopt: what a run did, for people and for CI.
//
// The README's package map lists every package with its import path and
// guide. Model clients stay with the caller: the core never imports an LLM
// SDK; the adapters for model SDKs, agent frameworks and Temporal are modules
// of their own under adapters/.
//
// # Quick start
//
// Roles are small interfaces with function adapters, like http.Handler and
// http.HandlerFunc:
//
//	writer := loop.GeneratorFunc[string](draft)  // func(ctx, task) (string, error)
//	judge := evaluator.Func[string](decide)      // func(ctx, task, draft) (evaluator.EvaluationDecision, error)
//	editor := loop.ReviserFunc[string](revise)   // func(ctx, task, draft, decision) (string, error)
//	gate := evaluator.Chain(checks.DefaultSuite(), judge) // deterministic blockers first
//	res, err := loop.RunLoop(ctx, task, writer, gate, editor,
//		loop.WithMaxRevisions(2), loop.WithTimeout(time.Minute))
//	// res.Outcome is succeeded, failed, blocked or escalated; res.StopReason
//	// says why; res.Trace records every role call; err reports a role that
//	// failed or a canceled context, never a quality verdict.
//
// The README's quick start is the same loop as a program that compiles and
// runs as pasted; go run ./examples/refund runs a fuller one.
package evalopt
