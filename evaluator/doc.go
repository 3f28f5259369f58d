// Package evaluator is the contract between a generator, an evaluator and the
// controller that drives them.
//
// An Evaluator judges a candidate against a Task (its input, criteria and
// Evidence) and returns an EvaluationDecision: a Status (pass, revise, block,
// escalate), a Score in [0,1], the Criteria it checked with the evidence each
// relies on, the BlockingFailures no score can rescue, and the
// RevisionInstructions a reviser acts on.
//
// The package also holds what every other package shares:
//   - Validate, the rules a decision must obey before anyone acts on it;
//   - ParseDecision, a strict reader for what a model judge actually replies
//     (bare JSON, a ```json fence, JSON after prose), and ExtractJSON for
//     other model-facing types;
//   - DecisionSchema, the JSON Schema strict structured-output modes accept
//     (generated at build time; package evaluator/strictschema reflects
//     your own types), and DecisionPrompt, the judge prompt for it;
//   - model identity: Modeler, WithModel, ModelsOf and SameFamily, which
//     loop's self-approval guard uses;
//   - what model adapters share: ProviderError, RefusalError and
//     TruncatedError with Classify (transient or permanent, for
//     loop.WithRetry), and the one cost meter (AddCost, AddUsage, CostMeter,
//     PriceTable) that loop and the evaluator-quality runner read;
//   - Chain, which runs deterministic stages before model judgment so that a
//     blocker found early can never be outvoted later;
//   - MissingEvidence and CheckEvidence, which find decisions that cite
//     evidence the task does not hold.
//
// Everything here fails closed: an error is never a pass, and the zero
// EvaluationDecision is not a valid decision.
package evaluator
