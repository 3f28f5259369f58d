package beta

// Rule is a rule id.
type Rule string

// RuleBeta: a family no list names, found by the walk.
const RuleBeta Rule = "beta.x"
