package strictjson

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Error is a problem Check found: where, in which field, and what.
type Error struct {
	// Offset is the byte offset in the checked data at which the problem
	// was found: just past the offending token, or for a syntax error the
	// json.SyntaxError offset. It is always within [0, len(data)].
	Offset int64
	// Field is the JSON path of the offending value, with dots between
	// keys and brackets around indexes ("dimensions[3].score"); empty for
	// the top-level value.
	Field string
	// Problem says what is wrong ("want a number, got a string").
	Problem string
	// Err is set when data is not one well-formed JSON value: the decoder
	// error (a *json.SyntaxError, or io.ErrUnexpectedEOF for truncated
	// data), or ErrTrailingData. It is nil for shape problems.
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

// TokenKind names the JSON type of a token from json.Decoder.Token, the way
// error messages do: "an object", "an array", "a string", "a number", "a
// boolean" or "null"; a closing delimiter is quoted ("']'").
func TokenKind(tok json.Token) string {
	switch v := tok.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number, float64:
		return "a number"
	case string:
		return "a string"
	case json.Delim:
		switch v {
		case '{':
			return "an object"
		case '[':
			return "an array"
		}
		return "'" + v.String() + "'"
	}
	return fmt.Sprintf("%T", tok)
}
