package golden

import (
	"errors"

	"github.com/evalopt/evalopt/evaluator"
)

// ErrInvalidData is matched (with errors.Is) by every error the loaders
// return for a file that breaks its format: bad JSON, an unknown field, a
// wrong type, an unknown severity, an empty category, and so on.
var ErrInvalidData = errors.New("golden: invalid data")

// DataError is one problem in a golden-set file: the file name and an
// evaluator.ParseError locating the problem by the JSON path of the
// offending value and, for a problem in the JSON text, its byte offset
// ("expected/legal/coc_basic.json: expected_findings[2].min_severity:
// want a string, got a number (at byte 212)"). It matches ErrInvalidData;
// errors.As finds the *evaluator.ParseError.
type DataError struct {
	// File is the file name as the caller gave it (or the name passed to a
	// Parse function); empty when unknown.
	File string
	// ParseError locates the problem: Offset in the file (-1 for a value
	// checked after decoding, or a problem with the file as a whole),
	// Field (empty for the whole file) and Problem. Its Err is
	// ErrInvalidData.
	evaluator.ParseError
}

// dataError builds a DataError; offset is -1 when there is none.
func dataError(file string, offset int64, field, problem string) *DataError {
	return &DataError{File: file, ParseError: evaluator.ParseError{Offset: offset, Field: field, Problem: problem, Err: ErrInvalidData}}
}

// Error returns "file: field: problem (at byte N)", leaving out the parts
// that do not apply.
func (e *DataError) Error() string {
	if e.File == "" {
		return e.ParseError.Error()
	}
	return e.File + ": " + e.ParseError.Error()
}

// Unwrap returns the ParseError.
func (e *DataError) Unwrap() error { return &e.ParseError }

// Is makes errors.Is(err, ErrInvalidData) true for every DataError.
func (e *DataError) Is(target error) bool { return target == ErrInvalidData }
