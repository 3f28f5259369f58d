// Package evaltest helps Go developers unit-test their evaluators and the
// code around them, the way net/http/httptest helps test handlers.
//
// It holds two kinds of helpers:
//
//   - Scripted roles: ScriptedGenerator, ScriptedEvaluator and
//     ScriptedReviser (NewGenerator, NewEvaluator, NewReviser) replay a fixed
//     sequence of replies (values or errors) and record every call, so a
//     test can drive a loop (package loop, or your own controller) through
//     an exact path: revise twice, then pass; fail on the second call; spend
//     the revision budget. Their methods match loop.Generator,
//     evaluator.Evaluator and loop.Reviser. A script that runs out returns
//     an error matching ErrExhausted rather than repeating itself, so a
//     controller that calls a role more often than the test planned fails
//     loudly.
//
//   - Case runners: RunCases runs an evaluator over quality.Case values (read
//     from testdata with LoadCases) as one subtest per case, and reports in
//     each failing subtest what was expected and what came back. CheckCase
//     does the same for one case and returns an error, for use with
//     testify's require.NoError or any other assertion style.
//
// Nothing here needs testify; everything works with it.
package evaltest
