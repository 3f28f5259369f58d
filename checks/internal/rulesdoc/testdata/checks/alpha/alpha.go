// Package alpha is a family of checks for the generator's tests.
package alpha

const prefix = "alpha."

// Rule ids of the alpha check.
const (
	// RuleA: an a.
	RuleA = "alpha.a"
	// RuleB is the b rule, spelled from another constant.
	RuleB = prefix + "b"
	// RuleC: a cell with a | in it.
	RuleC      = ("alpha.c")
	ruleHidden = "alpha.hidden"
	// NotARule is not a rule.
	NotARule = "alpha.not"
)
