package gamma

// RuleGamma is internal: not a family's rule.
const RuleGamma = "gamma.x"
