package alpha

// RuleTestOnly is in a test file: not a rule of the package.
const RuleTestOnly = "alpha.test_only"
