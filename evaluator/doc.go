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
//   - Validate, the rules a decision must obey before anyone acts on it,
//     and Task.Validate (ErrInvalidTask) for the task;
//   - ParseDecision, a strict reader for what a model judge actually replies
//     (bare JSON, a ```json fence, JSON after prose), and ExtractJSON for
//     other model-facing types;
//   - DecisionSchema, the JSON Schema strict structured-output modes accept
//     (generated at build time; package evaluator/strictschema reflects
//     your own types), and DecisionPrompt, the judge prompt for it;
//   - the error vocabulary: ParseError and FieldError, located by field and
//     byte offset, and the sentinels ErrInvalidDecision, ErrInvalidTask,
//     ErrInvalidOption and ErrMissingEvidence;
//   - model identity: Modeler, WithModel, ModelsOf and SameFamily, which
//     loop's self-approval guard uses;
//   - Chain, which runs deterministic stages before model judgment so that a
//     blocker found early can never be outvoted later;
//   - MissingEvidence and CheckEvidence, which find decisions that cite
//     evidence the task does not hold.
//
// What builds on the contract lives below it, one package each, and
// nothing there is imported here: evaluator/ensemble (votes and pairwise
// comparison), evaluator/provider (provider errors, Classify, prices,
// usage and the cost meter: AddCost, AddUsage), evaluator/judgecache (the
// judge cache), evaluator/golden (golden sets), evaluator/quality
// (evaluator quality) and evaluator/evaltest (test helpers).
//
// Everything here fails closed: an error is never a pass, and the zero
// EvaluationDecision is not a valid decision.
package evaluator
