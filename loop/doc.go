// Package loop is the controller of the Evaluator-Optimizer pattern: it
// drives a Generator, an evaluator.Evaluator and a Reviser until the
// evaluator accepts a candidate or a stop condition is met, and records every
// role call in a trace.
//
// The controller owns progress, budgets, stop conditions and recovery; the
// roles only propose, judge and revise. RunLoop:
//
//  1. calls the generator once;
//  2. evaluates the candidate and hands the decision to Decide, a pure
//     function that says what to do next: accept (pass), revise, or stop
//     with an Outcome and a StopReason;
//  3. on revise, calls the reviser with the candidate and the decision
//     (its RevisionInstructions say what to change) and goes back to 2.
//
// It stops on the first of: a pass (succeeded/passed), a block
// (blocked/policy_block, or blocked/missing_evidence when the decision's
// StopReason says so or a pass cites evidence the task does not hold), an
// escalate (escalated/escalated), the revision budget (failed/max_revisions,
// default 2 revisions), a stall (failed/stalled, WithStallLimit), the loop's
// own time budget (failed/timeout, WithTimeout), the cost budget
// (failed/cost_budget, WithMaxCost and evaluator.AddCost), a role error, panic or
// invalid decision (failed/error, with a non-nil error), or the caller's
// context ending (failed/canceled, with an error wrapping ctx.Err(); a call
// that returns after it does not decide the loop, even with a pass).
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
// token usage its role reported (evaluator.AddUsage), summed per role in
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
