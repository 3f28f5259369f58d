package evaluator

import (
	"errors"
	"strconv"
)

// ErrInvalidOption is matched by the error for a configuration value out of
// range: an option (its text names it and its value, "WithRepeats(-1):
// must be >= 0"), a nil option, or a field of a settings struct (a
// *FieldError naming it, "GateConfig.Tolerance"). It is the one sentinel of
// the module's configuration: package loop's options and Config.Validate,
// this package's prompt and vote options (a Voter's also match
// ErrInvalidVote), evaluator/quality's run options, evaluator/golden's
// MetricsConfig, GateConfig and Thresholds, package checks' Suite options
// and XxxConfig structs, and checks/quote's and checks/readability's Config
// use it.
var ErrInvalidOption = errors.New("evaluator: invalid option")

// The library's two located errors. Every strict reader in the module
// (ParseDecision, rubric.ParseJudgeOutput, rubric.Load, the golden-set and
// evaluator-quality loaders) reports a problem in its JSON input as a
// *ParseError, and every Validate method a broken rule as a *FieldError;
// errors.As finds them through any wrapping. Err holds the sentinel each
// matches with errors.Is (ErrInvalidDecision for decisions and judge
// replies, the reading package's own sentinel otherwise).

// ParseError is a problem in JSON input, located by byte offset and JSON
// path: a syntax error, a wrong type, an unknown, duplicate or missing
// field, data after the value, or a value that breaks a rule.
type ParseError struct {
	// Offset is the byte offset of the fault in the input as the caller
	// gave it (a model's raw reply, prose and fence included): the first
	// byte of the offending value or key, the byte where the syntax broke,
	// the '{' of an object missing a required field. It is -1 when the
	// problem concerns a decoded value as a whole (a rule Validate
	// enforces, a missing top-level field).
	Offset int64
	// Field is the JSON path of the offending value ("criteria[1].passed"),
	// empty for the top-level value.
	Field string
	// Problem says what is wrong; it quotes at most 64 bytes of the input.
	Problem string
	// Err is what the error matches with errors.Is and As: a sentinel
	// (ErrInvalidDecision, rubric.ErrInvalidRubric, ...), or the Validate
	// error a decoded value failed.
	Err error
}

// Error returns "field: problem (at byte N)", leaving out the parts that
// do not apply.
func (e *ParseError) Error() string {
	msg := e.Problem
	if e.Field != "" {
		msg = e.Field + ": " + msg
	}
	if e.Offset >= 0 {
		msg += " (at byte " + strconv.FormatInt(e.Offset, 10) + ")"
	}
	return msg
}

// Unwrap returns Err.
func (e *ParseError) Unwrap() error { return e.Err }

// FieldError is a value that breaks a rule, located by its JSON path (for
// example "criteria[2].name"): what Validate methods return, joined, one
// per problem.
type FieldError struct {
	// Field is the JSON path of the offending value; empty for the whole
	// value.
	Field string
	// Problem says what is wrong with it.
	Problem string
	// Err is the sentinel the error matches with errors.Is:
	// ErrInvalidDecision for EvaluationDecision.Validate, the validating
	// package's own otherwise (rubric.ErrInvalidRubric, ...).
	Err error
}

// Error returns "field: problem".
func (e *FieldError) Error() string {
	if e.Field == "" {
		return e.Problem
	}
	return e.Field + ": " + e.Problem
}

// Unwrap returns Err.
func (e *FieldError) Unwrap() error { return e.Err }
