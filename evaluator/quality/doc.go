// Package quality measures how far an evaluator can be trusted: it runs
// an evaluator.Evaluator over cases whose right decision is known and
// reports what it got right and wrong.
//
// Cases are data (Case; ReadCases reads a JSON array or JSON Lines file,
// strictly, with errors located by file, line, case and field). Measure
// runs any evaluator.Evaluator[string] over them (MeasureOf any candidate
// type), each case WithRepeats times at most WithParallelCalls at once, and
// returns a Report: the confusion matrix, status accuracy, false-approval
// and false-rejection rates, blocking-failure recall, revision-instruction
// coverage, Cohen's kappa against human labels (CohenKappa for any two
// raters), the flip rate and the stability of verdicts across repeats,
// latency percentiles and cost. An evaluator error, panic or invalid
// decision is an infrastructure failure, counted apart and left out of
// every quality metric: never a pass, never a rejection. LoopStats turns
// loop traces (LoopRun) into the revision-success and max-revision rates.
//
// Production misses become regression cases: ParseSavedRun reads a saved
// loop (its task and result), CaseFromRun turns it and a reviewer's
// expected decision into a Case (tagged TagKnownFailure when the
// evaluator's decision disagreed), and AppendCase adds it to a JSON Lines
// set. Report.KnownFailureRecurrence counts the known failures the
// evaluator still gets wrong, beside false approvals and rejections.
//
// Package evaltest runs the same cases as subtests in go test; package
// golden, beside this one, holds agents' golden sets. The package imports
// only evaluator: a loop's result is summarised by the caller (see
// LoopRun). Everything is deterministic for a deterministic evaluator and
// clock; loaded cases are plain values.
package quality
