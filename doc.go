// Package evalopt is an embeddable library for the Evaluator-Optimizer
// pattern: a generator proposes a candidate, an evaluator judges it against
// explicit criteria and evidence, and a controller accepts it, asks for a
// targeted revision, blocks it, escalates it to a human, or stops when its
// budget is spent, recording every step.
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
//   - evaluator: the contract (Task, Evidence, EvaluationDecision, Evaluator),
//     validation, strict parsing of a judge's reply, JSON Schemas for
//     structured output, and Chain to run deterministic stages before a model.
//   - loop: RunLoop, the controller: budgets, stop reasons, retries, trace.
//   - rubric: weighted rubrics with floors and auto-fail rules; the library
//     recomputes the score a judge reports.
//   - checks: deterministic checks (placeholders, cross-references, hedging,
//     readability, quote verification) that run before any model judgment.
//   - evaluator/golden and evaluator/evaltest: golden sets, regression gates,
//     and measures of the evaluator itself.
//
// Model clients stay with the caller: the library never imports an LLM SDK.
// Roles are small interfaces with function adapters, like http.Handler and
// http.HandlerFunc.
//
// # Quick start
//
//	judge := evaluator.WithModel[string](evaluator.Func[string](func(ctx context.Context, t evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
//		p, err := evaluator.DecisionPrompt(t, c) // the library's judge prompt
//		if err != nil {
//			return evaluator.EvaluationDecision{}, err
//		}
//		reply, err := myModel.Complete(ctx, p.System, p.User) // your client
//		if err != nil {
//			return evaluator.EvaluationDecision{}, err // an error is never a pass
//		}
//		return evaluator.ParseDecision([]byte(reply))
//	}), "gpt-4.1") // the judge's model, for the self-approval guard
//	gate := evaluator.Chain(checks.DefaultSuite(), judge) // deterministic blockers first
//	res, err := loop.RunLoop(ctx, task, drafter, gate, reviser,
//		loop.WithModels(loop.RoleGenerate, "claude-sonnet-4-5"), loop.WithModels(loop.RoleRevise, "claude-sonnet-4-5"),
//		loop.WithMaxRevisions(2), loop.WithTimeout(time.Minute), loop.WithMaxCost(0.50))
//	// res.Outcome is succeeded, failed, blocked or escalated; res.StopReason
//	// says why; res.Trace records every role call; err reports a role that
//	// failed or a canceled context, never a quality verdict.
//
// drafter is a loop.Generator[string] and reviser a loop.Reviser[string]
// (loop.GeneratorFunc and loop.ReviserFunc adapt plain functions). The
// runnable version of this loop is examples/refund: go run ./examples/refund.
package evalopt
