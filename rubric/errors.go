package rubric

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// Sentinel errors. Every *FieldError and *ParseError this package returns
// matches one of them with errors.Is.
var (
	// ErrInvalidRubric is matched by every problem Rubric.Validate and Load
	// report.
	ErrInvalidRubric = errors.New("rubric: invalid rubric")
	// ErrInvalidInput is matched by every problem Rubric.Judge finds in its
	// Input (a missing or unknown dimension, a score out of range).
	ErrInvalidInput = errors.New("rubric: invalid judging input")
	// ErrInvalidJudgeOutput is matched by every error ParseJudgeOutput
	// returns. Such errors also match evaluator.ErrInvalidDecision, so that
	// a controller treats an unparseable judge reply like any other invalid
	// decision: never a pass.
	ErrInvalidJudgeOutput = errors.New("rubric: invalid judge output")
)

// FieldError is one problem located by its JSON path (for example
// "dimensions[3].weight"). Kind is the sentinel it matches.
type FieldError struct {
	// Field is the JSON path of the offending value; empty for the whole value.
	Field string
	// Problem says what is wrong with it.
	Problem string
	// Kind is ErrInvalidRubric, ErrInvalidInput or ErrInvalidJudgeOutput.
	Kind error
}

// Error returns "field: problem".
func (e *FieldError) Error() string {
	if e.Field == "" {
		return e.Problem
	}
	return e.Field + ": " + e.Problem
}

// Is reports whether target is e.Kind; an ErrInvalidJudgeOutput problem also
// matches evaluator.ErrInvalidDecision.
func (e *FieldError) Is(target error) bool {
	return target == e.Kind || (e.Kind == ErrInvalidJudgeOutput && target == evaluator.ErrInvalidDecision)
}

// ParseError reports a syntax or structure problem in a judge's reply: bad
// JSON, a wrong type, an unknown, duplicate or missing field, trailing data.
// It matches ErrInvalidJudgeOutput and evaluator.ErrInvalidDecision.
type ParseError struct {
	// Offset is the byte offset in the raw reply where the problem was
	// found, or -1 when it concerns the reply as a whole.
	Offset int64
	// Field is the JSON path of the offending value, empty for syntax errors.
	Field string
	// Problem says what is wrong.
	Problem string
	// Err is the underlying error, if any.
	Err error
}

// Error describes the problem with its field and byte offset.
func (e *ParseError) Error() string {
	msg := "rubric: parse judge output: "
	if e.Field != "" {
		msg += e.Field + ": "
	}
	msg += e.Problem
	if e.Offset >= 0 {
		msg += " (at byte " + strconv.FormatInt(e.Offset, 10) + ")"
	}
	return msg
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// Is makes errors.Is(err, ErrInvalidJudgeOutput) and
// errors.Is(err, evaluator.ErrInvalidDecision) true.
func (e *ParseError) Is(target error) bool {
	return target == ErrInvalidJudgeOutput || target == evaluator.ErrInvalidDecision
}

// problems collects FieldErrors of one kind, keeping the first
// strictjson.MaxProblems and counting the rest, and joins them.
type problems struct {
	kind error
	list strictjson.Problems
}

func (p *problems) add(field, problem string) {
	if p.list.Full() {
		p.list.Count(1)
		return
	}
	p.list.Add(&FieldError{Field: field, Problem: problem, Kind: p.kind})
}

func (p *problems) err() error {
	return p.list.Err(func(n int) error {
		return &FieldError{Problem: fmt.Sprintf("... and %d more problems", n), Kind: p.kind}
	})
}
