// Package check is the framework every check family builds on: a Check
// reads a Document and returns Findings (a rule id, a Severity, a message
// and a Location); a Suite runs many checks over a candidate, applies
// per-rule options (WithSeverity, WithDisabled, WithSourceText, ...), orders the
// findings and turns them into an evaluator.EvaluationDecision, so that it
// is itself an evaluator.Evaluator[string] (ForText adapts it to other
// candidate types). OnlyFor restricts a check to some deliverable kinds.
//
// Package checks assembles the default suite from the families under
// checks/ and re-exports the names users call; a family imports this
// package and the document layer, never another family.
package check
