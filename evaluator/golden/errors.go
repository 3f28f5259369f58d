package golden

import "errors"

// ErrInvalidData is matched (with errors.Is) by every error the loaders
// return for a file that breaks its format: bad JSON, an unknown field, a
// wrong type, an unknown severity, an empty category, and so on.
var ErrInvalidData = errors.New("golden: invalid data")

// DataError is one problem in a golden-set file, located by the file name and
// the JSON path of the offending value
// ("expected/legal/coc_basic.json: expected_findings[2].min_severity: unknown severity \"P5\"").
// It matches ErrInvalidData.
type DataError struct {
	// File is the file name as the caller gave it (or the name passed to a
	// Parse function); empty when unknown.
	File string
	// Field is the JSON path of the offending value; empty for the whole file.
	Field string
	// Problem says what is wrong.
	Problem string
}

// Error returns "file: field: problem", leaving out empty parts.
func (e *DataError) Error() string {
	s := e.Problem
	if e.Field != "" {
		s = e.Field + ": " + s
	}
	if e.File != "" {
		s = e.File + ": " + s
	}
	return s
}

// Is makes errors.Is(err, ErrInvalidData) true for every DataError.
func (e *DataError) Is(target error) bool { return target == ErrInvalidData }
