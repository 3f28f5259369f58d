package rubric

import (
	"errors"
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// Sentinel errors. Every error this package returns for bad input matches
// one of them with errors.Is, and holds an *evaluator.FieldError (a broken
// rule, by JSON path) or an *evaluator.ParseError (a problem in JSON text,
// by byte offset and JSON path) that errors.As finds.
var (
	// ErrInvalidRubric is matched by every problem Rubric.Validate and Load
	// report.
	ErrInvalidRubric = errors.New("rubric: invalid rubric")
	// ErrInvalidInput is matched by every problem Rubric.Verdict finds in its
	// Input (a missing or unknown dimension, a score out of range).
	ErrInvalidInput = errors.New("rubric: invalid judging input")
	// ErrInvalidJudgeOutput is matched by every error ParseJudgeOutput
	// returns. It wraps evaluator.ErrInvalidDecision, so that a controller
	// treats an unparseable judge reply like any other invalid decision:
	// never a pass.
	ErrInvalidJudgeOutput = fmt.Errorf("rubric: invalid judge output: %w", evaluator.ErrInvalidDecision)
)

// problems collects the FieldErrors of one kind, keeping the first
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
	p.list.Add(&evaluator.FieldError{Field: field, Problem: problem, Err: p.kind})
}

func (p *problems) err() error {
	return p.list.Err(func(n int) error {
		return &evaluator.FieldError{Problem: fmt.Sprintf("... and %d more problems", n), Err: p.kind}
	})
}

// parseError locates a strictjson problem as an *evaluator.ParseError
// matching kind, its offset moved by base (where the JSON starts in the
// caller's input).
func parseError(err error, base int64, kind error) *evaluator.ParseError {
	var se *strictjson.Error
	if errors.As(err, &se) { // always, as strictjson documents
		return &evaluator.ParseError{Offset: base + se.Offset, Field: se.Field, Problem: se.Problem, Err: kind}
	}
	return &evaluator.ParseError{Offset: -1, Problem: err.Error(), Err: kind}
}
