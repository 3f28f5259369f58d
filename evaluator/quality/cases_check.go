package quality

import (
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// Mismatches compares an actual decision with the case's expected decision
// and returns one sentence per rule the decision breaks, in this order:
//   - the status differs from the expected status;
//   - the case must not pass and the decision passed (a false approval);
//   - an expected blocking failure occurs in none of the actual blocking
//     failures (case-insensitive substring), one sentence per failure;
//   - the required revision instruction occurs in none of the actual
//     revision instructions (case-insensitive substring).
//
// It returns nil when the decision meets every expectation. It does not
// validate d; see evaluator.EvaluationDecision.Validate.
func (c Case) Mismatches(d evaluator.EvaluationDecision) []string {
	var out []string
	exp := c.Expected
	if d.Status != exp.Status {
		out = append(out, fmt.Sprintf("status: expected %s, got %s", exp.Status, caseStatusText(d.Status)))
	}
	if exp.MustNotPass && d.Status == evaluator.StatusPass {
		out = append(out, "must_not_pass: the evaluator passed a candidate that must not pass (a false approval)")
	}
	for _, want := range exp.BlockingFailures {
		if !caseContainsFold(d.BlockingFailures, want) {
			out = append(out, fmt.Sprintf("blocking_failures: expected one containing %s, got %s", strictjson.Quote(want), caseQuoteList(d.BlockingFailures)))
		}
	}
	if want := exp.RequiredRevisionInstruction; want != "" && !caseContainsFold(d.RevisionInstructions, want) {
		out = append(out, fmt.Sprintf("required_revision_instruction: expected one containing %s, got %s", strictjson.Quote(want), caseQuoteList(d.RevisionInstructions)))
	}
	return out
}

// caseStatusText quotes an empty or unknown status so that it shows in messages.
func caseStatusText(s evaluator.Status) string {
	if s.Valid() {
		return string(s)
	}
	return strictjson.Quote(string(s))
}

// caseQuoteList renders ss as ["a", "b"], or [] when empty.
func caseQuoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strictjson.Quote(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// caseContainsFold reports whether some entry of ss contains sub, ignoring
// case (simple Unicode folding via strings.ToLower on both sides).
func caseContainsFold(ss []string, sub string) bool {
	lsub := strings.ToLower(sub)
	for _, s := range ss {
		if strings.Contains(strings.ToLower(s), lsub) {
			return true
		}
	}
	return false
}
