package quality

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// validEvalCase returns a minimal case that ValidateCases accepts.
func validEvalCase(id string) Case {
	return Case{ID: id, Candidate: "an answer", Expected: ExpectedDecision{Status: evaluator.StatusPass}}
}

func TestValidateCases(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(c *Case)
		extra []Case
		want  []string // every error message expected, in order; nil for valid
	}{
		{name: "valid", edit: func(*Case) {}},
		{name: "blank id", edit: func(c *Case) { c.ID = " " }, want: []string{"cases[0].case_id: empty"}},
		{name: "empty candidate", edit: func(c *Case) { c.Candidate = "\n\t" }, want: []string{"cases[0].candidate: empty"}},
		{name: "missing status", edit: func(c *Case) { c.Expected.Status = "" }, want: []string{"cases[0].expected_decision.status: missing"}},
		{name: "unknown status", edit: func(c *Case) { c.Expected.Status = "approve" },
			want: []string{`cases[0].expected_decision.status: must be one of pass, revise, block, escalate; got "approve"`}},
		{name: "pass must not pass", edit: func(c *Case) { c.Expected.MustNotPass = true },
			want: []string{"cases[0].expected_decision.must_not_pass: contradicts expected status pass"}},
		{name: "pass with blocking failures", edit: func(c *Case) { c.Expected.BlockingFailures = []string{"x"} },
			want: []string{"cases[0].expected_decision.blocking_failures: a pass expects no blocking failures, got 1"}},
		{name: "blank blocking failure", edit: func(c *Case) {
			c.Expected = ExpectedDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"ok", " "}}
		}, want: []string{"cases[0].expected_decision.blocking_failures[1]: empty"}},
		{name: "unknown human label", edit: func(c *Case) { c.HumanLabel = "good" },
			want: []string{`cases[0].human_label: must be one of pass, revise, block, escalate; got "good"`}},
		{name: "evidence ids", edit: func(c *Case) {
			c.AvailableEvidence = []evaluator.Evidence{{ID: "e1"}, {ID: ""}, {ID: "e1"}}
		}, want: []string{"cases[0].available_evidence[1].id: empty", `cases[0].available_evidence[2].id: duplicate of available_evidence[0].id "e1"`}},
		{name: "duplicate case id", edit: func(*Case) {}, extra: []Case{validEvalCase("b"), validEvalCase("a")},
			want: []string{`cases[2].case_id: duplicate of cases[0].case_id "a"`}},
		{name: "several problems reported together", edit: func(c *Case) { c.ID = ""; c.Candidate = "" },
			want: []string{"cases[0].case_id: empty", "cases[0].candidate: empty"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := validEvalCase("a")
			tt.edit(&c)
			err := ValidateCases(append([]Case{c}, tt.extra...))
			if tt.want == nil {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrInvalidCase)
			var got []string
			for _, e := range strictjson.Unjoin(err) {
				var ce *CaseError
				require.True(t, errors.As(e, &ce), "every error is a *CaseError: %v", e)
				got = append(got, strings.TrimPrefix(e.Error(), "quality: "))
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestValidateCasesEmptySetIsValid(t *testing.T) {
	assert.NoError(t, ValidateCases(nil))
}

func TestCaseErrorFormat(t *testing.T) {
	tests := []struct {
		err  CaseError
		want string
	}{
		{CaseError{File: "c.json", Line: 4, Index: 2, ParseError: evaluator.ParseError{Field: "candidate", Problem: "empty"}}, "quality: c.json:4: cases[2].candidate: empty"},
		{CaseError{File: "c.json", Index: -1, ParseError: evaluator.ParseError{Problem: "no cases"}}, "quality: c.json: no cases"},
		{CaseError{Index: 0, ParseError: evaluator.ParseError{Problem: "bad"}}, "quality: cases[0]: bad"},
		{CaseError{Index: -1, ParseError: evaluator.ParseError{Problem: "no cases"}}, "quality: no cases"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.err.Error())
	}
	inner := errors.New("inner")
	assert.ErrorIs(t, &CaseError{Index: -1, ParseError: evaluator.ParseError{Err: inner}}, inner, "Unwrap exposes the cause")
}

func TestEvaluatorTask(t *testing.T) {
	c := Case{ID: "x", Task: "do it", Criteria: []string{"c1"}, AvailableEvidence: []evaluator.Evidence{{ID: "e", Content: "z"}}}
	got := c.EvaluatorTask()
	assert.Equal(t, evaluator.Task{ID: "x", Input: "do it", Criteria: []string{"c1"}, Evidence: []evaluator.Evidence{{ID: "e", Content: "z"}}}, got)
}

func TestMismatches(t *testing.T) {
	qBlock := Case{ID: "b", Candidate: "x", Expected: ExpectedDecision{
		Status: evaluator.StatusBlock, MustNotPass: true,
		BlockingFailures:            []string{"Unsupported Claim", "missing evidence"},
		RequiredRevisionInstruction: "cite the invoice",
	}}
	tests := []struct {
		name string
		c    Case
		d    evaluator.EvaluationDecision
		want []string
	}{
		{name: "all met, case-insensitive substrings", c: qBlock, d: evaluator.EvaluationDecision{
			Status:               evaluator.StatusBlock,
			BlockingFailures:     []string{"unsupported claim: refund amount", "MISSING EVIDENCE for damage"},
			RevisionInstructions: []string{"Cite the invoice number."},
		}},
		{name: "false approval", c: qBlock, d: evaluator.EvaluationDecision{Status: evaluator.StatusPass}, want: []string{
			"status: expected block, got pass",
			"must_not_pass: the evaluator passed a candidate that must not pass (a false approval)",
			`blocking_failures: expected one containing "Unsupported Claim", got []`,
			`blocking_failures: expected one containing "missing evidence", got []`,
			`required_revision_instruction: expected one containing "cite the invoice", got []`,
		}},
		{name: "one failure found, one missed", c: qBlock, d: evaluator.EvaluationDecision{
			Status: evaluator.StatusBlock, BlockingFailures: []string{"unsupported claim"}, RevisionInstructions: []string{"cite the invoice"},
		}, want: []string{`blocking_failures: expected one containing "missing evidence", got ["unsupported claim"]`}},
		{name: "unknown status is quoted", c: validEvalCase("p"), d: evaluator.EvaluationDecision{Status: ""},
			want: []string{`status: expected pass, got ""`}},
		{name: "pass met", c: validEvalCase("p"), d: evaluator.EvaluationDecision{Status: evaluator.StatusPass}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.c.Mismatches(tt.d))
		})
	}
}
