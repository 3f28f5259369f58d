// Package rubric turns a judge's per-dimension scores into a decision with
// deterministic, explainable rules: the model scores, the library decides.
//
// A Rubric is data (load it from JSON with Load, or write it as a Go
// literal): weighted dimensions, each with what to check, an optional floor,
// whether an auto-fail may zero it, and whether it is a policy dimension;
// the pass threshold; the score bands; and the Rules. Deliverable returns
// the 8-dimension deliverable rubric; Profiles returns the specialist
// profiles whose focus areas and common failures the prompt includes.
//
// Judging (Rubric.Verdict) applies, in this order:
//   - every auto-fail trigger zeroes the dimension it names, then the
//     weighted overall score is recomputed (rounded to 1e-9 so that a sum of
//     decimal weights that lands at 0.7499999999999999 counts as 0.75);
//   - the verdict passes only when the overall is at least the pass
//     threshold (0.75 in the preset) and no failing rule fired: no auto-fail
//     (no compensation, whatever the overall), no dimension below its floor,
//     fewer than Rules.LowDimensionsFail dimensions below Rules.LowScore;
//   - confidence below Rules.HumanReviewBelow asks for human review whatever
//     the result; below Rules.LimitedVerificationBelow it is noted as
//     limited verification;
//   - a judge's own passed/overallScore that disagree with the recomputed
//     ones are reported as a Mismatch; the library's numbers win.
//
// Verdict.Decision converts a verdict into an evaluator.EvaluationDecision.
// ParseJudgeOutput reads a model judge's reply strictly; RenderPrompt builds
// the judge's system prompt from the same rubric, so that prompt and scoring
// share one source of truth; NewJudge puts it all together as an
// evaluator.Evaluator.
//
// Every function here is safe for concurrent use; Rubric, Verdict and the
// other types are plain values.
package rubric
