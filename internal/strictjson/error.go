package strictjson

import "strconv"

// Error is a problem the Lexer or Check found: where, in which field, and
// what.
type Error struct {
	// Offset is the byte offset of the fault: the first byte of the
	// offending value or key, the byte where a syntax error was found, the
	// '{' of an object that misses a required field, the first byte of data
	// after the value. It is always within [0, len(data)] (plus the
	// Lexer's base).
	Offset int64
	// Field is the JSON path of the offending value, with dots between
	// keys and brackets around indexes ("dimensions[3].score"), each key
	// cut to MaxQuote bytes; empty for the top-level value.
	Field string
	// Problem says what is wrong ("want a number, got a string"). It
	// quotes at most MaxQuote bytes of the input.
	Problem string
	// Err is set when data is not one well-formed JSON value: ErrSyntax,
	// io.ErrUnexpectedEOF for truncated data, or ErrTrailingData. It is
	// nil for shape problems.
	Err error
}

// Error returns "field: problem (at byte N)", without "field: " for the
// top-level value.
func (e *Error) Error() string {
	at := " (at byte " + strconv.FormatInt(e.Offset, 10) + ")"
	if e.Field == "" {
		return e.Problem + at
	}
	return e.Field + ": " + e.Problem + at
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }
