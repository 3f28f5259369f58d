// Package loop is the controller of the Evaluator-Optimizer pattern: it
// drives a Generator, an evaluator.Evaluator and a Reviser until the
// evaluator accepts a candidate or a stop condition is met, and records every
// role call in a trace.
//
// The controller owns progress, budgets, stop conditions and recovery; the
// roles only propose, judge and revise. RunLoop:
//
//  1. calls the generator once;
//  2. evaluates the candidate and applies the decision rule below, a pure
//     function of the state, the task and the decision that says what to
//     do next: accept (pass), revise, or stop with an Outcome and a
//     StopReason;
//  3. on revise, calls the reviser with the candidate and the decision
//     (its RevisionInstructions say what to change) and goes back to 2.
//
// It stops on the first of: a pass (succeeded/passed), a block
// (blocked/policy_block, or blocked/missing_evidence when the decision's
// StopReason says so or a pass cites evidence the task does not hold), an
// escalate (escalated/escalated), the revision budget (failed/max_revisions,
// default 2 revisions), a stall (failed/stalled, WithStallLimit), the loop's
// own time budget (failed/timeout, WithTimeout), the cost budget
// (failed/cost_budget, WithMaxCost and provider.AddCost), a role error, panic or
// invalid decision (failed/error, with a non-nil error), or the caller's
// context ending (failed/canceled, with an error wrapping ctx.Err(); a call
// that returns after it does not decide the loop, even with a pass).
//
// The decision rule, in order:
//
//  1. The score updates the State: the first evaluation, or a score
//     strictly above BestScore, sets BestScore and resets Stalled; any
//     other score increments Stalled. A candidate scoring at least
//     BestScore becomes the best so far (ties go to the latest).
//  2. A decision whose StopReason is StopMissingEvidence, whatever its
//     status, stops the loop: blocked, StopMissingEvidence. A revision
//     cannot conjure evidence.
//  3. block: blocked, StopPolicyBlock.
//  4. escalate: escalated, StopEscalated.
//  5. pass: if a criterion cites an evidence ref the task does not hold
//     (evaluator.MissingEvidence), the pass is refused: blocked,
//     StopMissingEvidence. Otherwise accept: succeeded, StopPassed.
//  6. revise: stop with StopMaxRevisions when the revisions are spent,
//     else with StopStalled when the stall limit is reached, else revise.
//
// Any other StopReason a decision carries is informative only: budgets and
// stop conditions belong to the controller. When the loop ends blocked on
// a decision that is not a block, Result.Decision is a copy turned into a
// block with the blocking failure "missing_evidence" (and, for unresolved
// refs, a failed criterion "loop.evidence_refs_resolve" naming them), so
// that an accepted-looking decision never leaves a blocked loop; the trace
// keeps the evaluator's original.
//
// The Result and its Trace are filled whatever happens, errors included.
// When the loop does not succeed, Result.Candidate is the best-scoring
// candidate seen and Result.CandidateStep says which trace step judged it.
//
// Roles run on the caller's goroutine, one at a time; RunLoop starts no
// goroutine, so none outlives it. A role must honor its context: the loop's
// timeout and the caller's cancellation reach a role only through ctx.
// RunLoop keeps all its state per call, so concurrent calls may share roles
// as long as the roles themselves are safe for concurrent use.
//
// Steps is the same loop as an iterator (iter.Seq2) for frameworks that
// consume streams of steps.
//
// WithHooks runs functions around every role call (a tracing span per
// call: package adapters/otel builds them for OpenTelemetry), WithLogger
// logs each step and the outcome with log/slog, and each Step records the
// token usage its role reported (provider.AddUsage), summed per role in
// Result.UsageByRole.
//
// The loop itself is data: a Machine holds everything RunLoop knows
// between two role calls (configuration, budgets, running totals, the
// pending call and its inputs, the best candidate so far, how it ended)
// in exported fields that survive JSON, and its methods (Start, Next,
// Record, Cancel, Finish) take the current time as an argument and do no
// I/O. RunLoop and Steps are thin drivers of a Machine; a durable workflow
// engine drives the same one, storing it between calls, and gets the same
// Result (package looptest holds the table of scenarios that checks it).
package loop
