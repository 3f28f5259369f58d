// Package requirement enforces a task's requirements
// (evaluator.Requirement): where a requirement's When pattern matches, the
// task must hold evidence of one of its Needs kinds and the candidate must
// match its Must pattern; a When with neither forbids the matched text.
//
// NewRequirementCheck returns the check; each violation is a block finding
// whose rule is "requirement." and the requirement's name, reported with
// its instruction and, for missing evidence, StopMissingEvidence. A Suite
// compiles the requirements from Task.Requirements.
package requirement
