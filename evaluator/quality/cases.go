package quality

import (
	"errors"
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// Case is one evaluator case: a candidate, the evidence it may rely on, and
// the decision a trustworthy evaluator must reach on it. Cases are data: they
// are read from JSON with ReadCases and run against an evaluator with
// Measure. A Case is a plain value.
type Case struct {
	// ID identifies the case in reports and subtest names; unique in a set.
	ID string `json:"case_id"`
	// Task is the request the candidate answers (evaluator.Task.Input).
	// Optional.
	Task string `json:"task,omitempty"`
	// Criteria are the task's criteria (evaluator.Task.Criteria). Optional.
	Criteria []string `json:"criteria,omitempty"`
	// Candidate is the output under evaluation. Required, not blank.
	Candidate string `json:"candidate"`
	// Kind is the task's deliverable kind (evaluator.Task.Kind), so that
	// kind-aware checks judge the case as they judged the original task.
	// Optional; empty or a known kind.
	Kind evaluator.Kind `json:"kind,omitempty"`
	// Requirements are the task's requirements (evaluator.Task.Requirements).
	// Optional; each must be valid (evaluator.Requirement.Validate).
	Requirements []evaluator.Requirement `json:"requirements,omitempty"`
	// AvailableEvidence is the evidence the task holds: full
	// evaluator.Evidence objects ({"id","source","content","metadata"}),
	// because an evaluator needs the content to judge a claim. IDs must be
	// non-empty and unique within the case. Optional.
	AvailableEvidence []evaluator.Evidence `json:"available_evidence,omitempty"`
	// Expected is the decision a trustworthy evaluator reaches. Required.
	Expected ExpectedDecision `json:"expected_decision"`
	// HumanLabel, when set, is the status a human rater gave the candidate;
	// Measure measures the evaluator's agreement with it (Cohen's kappa).
	// It may differ from Expected.Status. Optional.
	HumanLabel evaluator.Status `json:"human_label,omitempty"`
	// Tags are free labels ("flattery", "polished_wrong"), interpreted in
	// one case only: TagKnownFailure marks a failure the evaluator made
	// before, whose recurrence Report counts.
	Tags []string `json:"tags,omitempty"`
	// Note says why the case exists, for the humans who maintain the set;
	// never interpreted.
	Note string `json:"note,omitempty"`
}

// ExpectedDecision is what a trustworthy evaluator decides on a case.
type ExpectedDecision struct {
	// Status is the expected verdict. Required: pass, revise, block or
	// escalate.
	Status evaluator.Status `json:"status"`
	// BlockingFailures are failures the evaluator must report: each entry must
	// occur (case-insensitive substring) in some blocking failure of the
	// actual decision. Empty when Status is pass.
	BlockingFailures []string `json:"blocking_failures,omitempty"`
	// MustNotPass marks a case whose pass is a false approval, whatever the
	// expected status. It cannot be set when Status is pass.
	MustNotPass bool `json:"must_not_pass,omitempty"`
	// RequiredRevisionInstruction, when set, must occur (case-insensitive
	// substring) in some revision instruction of the actual decision.
	RequiredRevisionInstruction string `json:"required_revision_instruction,omitempty"`
}

// EvaluatorTask returns the evaluator.Task the case describes: ID is the case
// ID, Input the task text, Criteria, Evidence, Kind and Requirements the
// case's own. The slices are shared with the case, not copied.
func (c Case) EvaluatorTask() evaluator.Task {
	return evaluator.Task{ID: c.ID, Input: c.Task, Criteria: c.Criteria, Evidence: c.AvailableEvidence, Kind: c.Kind, Requirements: c.Requirements}
}

// ErrInvalidCase is matched (with errors.Is) by every *CaseError.
var ErrInvalidCase = errors.New("quality: invalid evaluator case")

// CaseError locates one problem in a set of evaluator cases. It matches
// ErrInvalidCase; Unwrap returns the underlying error (a JSON syntax or
// type error), if any.
type CaseError struct {
	// File is the file the cases came from; empty for cases built in code.
	File string
	// Line is the 1-based line of the problem in the file, 0 when unknown.
	Line int
	// Index is the case's position in the set (0-based); -1 when the
	// problem concerns the file as a whole.
	Index int
	// ParseError locates the problem within the case: Field, the JSON path
	// within the case ("expected_decision.status", empty for the whole
	// case); Problem; Offset, the byte offset of the fault in the file or
	// bytes read (-1 for a problem with a decoded value); and Err, the
	// underlying error, if any.
	evaluator.ParseError
}

// caseError builds a CaseError with no file position.
func caseError(index int, field, problem string, err error) *CaseError {
	return &CaseError{Index: index, ParseError: evaluator.ParseError{Offset: -1, Field: field, Problem: problem, Err: err}}
}

// Error returns "file:line: cases[i].field: problem", leaving out the parts
// that do not apply.
func (e *CaseError) Error() string {
	var b strings.Builder
	b.WriteString("quality: ")
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
		}
		b.WriteString(": ")
	}
	if e.Index >= 0 {
		fmt.Fprintf(&b, "cases[%d]", e.Index)
		if e.Field != "" {
			b.WriteString(".")
		}
	}
	b.WriteString(e.Field)
	if e.Index >= 0 || e.Field != "" {
		b.WriteString(": ")
	}
	b.WriteString(e.Problem)
	return b.String()
}

// Unwrap returns the ParseError, through which errors.As finds the
// *evaluator.ParseError and errors.Is the underlying error.
func (e *CaseError) Unwrap() error { return &e.ParseError }

// Is makes errors.Is(err, ErrInvalidCase) true for every CaseError.
func (e *CaseError) Is(target error) bool { return target == ErrInvalidCase }

// ValidateCases checks a set of cases and returns the problems found,
// joined, each a *CaseError naming the case index and field (the first 20,
// then one saying how many more there were):
//   - case_id is not blank and is unique in the set;
//   - candidate is not blank;
//   - expected_decision.status is one of the four statuses;
//   - a pass expects no blocking failures and is not must_not_pass;
//   - no expected blocking failure is blank;
//   - human_label is empty or one of the four statuses;
//   - kind is empty or a known kind, and every requirement is valid;
//   - evidence IDs are non-empty and unique within the case.
//
// It returns nil for a valid set (including an empty one).
func ValidateCases(cases []Case) error {
	var errs strictjson.Problems
	seen := make(map[string]int, len(cases))
	for i, c := range cases {
		for _, e := range validateOneCase(c) {
			e.Index = i
			errs.Add(e)
		}
		if strings.TrimSpace(c.ID) == "" {
			continue
		}
		if j, dup := seen[c.ID]; dup {
			errs.Add(caseError(i, "case_id", fmt.Sprintf("duplicate of cases[%d].case_id %s", j, strictjson.Quote(c.ID)), nil))
			continue
		}
		seen[c.ID] = i
	}
	return errs.Err(func(n int) error {
		return caseError(-1, "", fmt.Sprintf("... and %d more problems", n), nil)
	})
}

// validateOneCase checks one case on its own; the caller sets Index.
func validateOneCase(c Case) []*CaseError {
	var errs []*CaseError
	add := func(field, format string, args ...any) {
		errs = append(errs, caseError(0, field, fmt.Sprintf(format, args...), nil))
	}
	if strings.TrimSpace(c.ID) == "" {
		add("case_id", "empty")
	}
	if strings.TrimSpace(c.Candidate) == "" {
		add("candidate", "empty")
	}
	exp := c.Expected
	switch {
	case exp.Status == "":
		add("expected_decision.status", "missing")
	case !exp.Status.Valid():
		add("expected_decision.status", "must be one of pass, revise, block, escalate; got %s", strictjson.Quote(string(exp.Status)))
	}
	if exp.Status == evaluator.StatusPass {
		if exp.MustNotPass {
			add("expected_decision.must_not_pass", "contradicts expected status pass")
		}
		if len(exp.BlockingFailures) > 0 {
			add("expected_decision.blocking_failures", "a pass expects no blocking failures, got %d", len(exp.BlockingFailures))
		}
	}
	for i, f := range exp.BlockingFailures {
		if strings.TrimSpace(f) == "" {
			add(fmt.Sprintf("expected_decision.blocking_failures[%d]", i), "empty")
		}
	}
	if c.HumanLabel != "" && !c.HumanLabel.Valid() {
		add("human_label", "must be one of pass, revise, block, escalate; got %s", strictjson.Quote(string(c.HumanLabel)))
	}
	if err := (evaluator.Task{Kind: c.Kind, Requirements: c.Requirements}).Validate(); err != nil {
		for _, e := range strictjson.Unjoin(err) {
			field, problem, _ := strings.Cut(e.Error(), ": ")
			add(field, "%s", problem)
		}
	}
	seen := make(map[string]int, len(c.AvailableEvidence))
	for i, e := range c.AvailableEvidence {
		field := fmt.Sprintf("available_evidence[%d].id", i)
		if strings.TrimSpace(e.ID) == "" {
			add(field, "empty")
			continue
		}
		if j, dup := seen[e.ID]; dup {
			add(field, "duplicate of available_evidence[%d].id %s", j, strictjson.Quote(e.ID))
			continue
		}
		seen[e.ID] = i
	}
	return errs
}
