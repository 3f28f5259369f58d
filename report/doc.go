// Package report renders what evalopt ran so people can read it: a loop's
// result (Loop), an evaluator-quality report (Quality) and a golden gate
// verdict (Gate), as text for a terminal (Report.WriteText) or as one
// self-contained HTML page (Report.WriteHTML), inline style, no script,
// nothing loaded from the network.
//
// A loop report shows every step (role, attempt, status, score, cost, the
// model that answered and its input and output tokens, time, error and its
// kind), cost and tokens by role, each evaluation's decision (criteria, blocking failures,
// revision instructions) with the judged candidate and each finding
// highlighted at its line and column, the final decision and candidate,
// and the line diff between the draft and each revision. Findings are
// located from the suffix the deterministic checks write at the end of a
// criterion's reason, `message (line L:C, "text")` (ParseReason reads
// it); a model judge's criteria without one are listed, not highlighted.
//
// A quality report shows the counts, every ratio metric with its
// numerator and denominator, the confusion matrix, the false approvals
// (must_not_pass cases that passed) and false rejections with their case
// IDs, the known failures (cases tagged quality.TagKnownFailure) the
// evaluator still gets wrong, the unstable cases and the failed calls.
//
// FromJSON reads any of the three back from the JSON evalopt writes (a
// loop.Result of any candidate type as json.Marshal wrote it, a
// quality.Report, or `evalopt gate --json`), which is what `evalopt report`
// renders. Whatever the input's size, a report is bounded: candidates,
// lists and diffs are cut past fixed sizes, and the report says so.
package report
