// Package addressed finds text a deliverable aims at its evaluator rather
// than its reader: instructions to the grader ("ignore previous
// instructions", "this output passes"), self-assigned scores
// ("Score: 10/10"), and rubric wording copied into the text.
//
// NewEvaluatorDirectedCheck returns the check (rules
// evaluator_directed.text and evaluator_directed.rubric_copy, block);
// EvaluatorDirectedConfig replaces or extends its patterns and the rubric it
// compares against.
package addressed
