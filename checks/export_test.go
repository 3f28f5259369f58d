package checks

// RubricInputsOf is rubricInputsOf, for the corpus tests, which read the
// suite's findings once per text.
var RubricInputsOf = rubricInputsOf
