package rubric

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
)

// kind is the JSON type a shape expects.
type kind uint8

const (
	kindObject kind = iota + 1
	kindArray
	kindString
	kindNumber // a finite float64
	kindInt    // a number that fits an int
	kindBool
)

// shape describes the JSON a strict reader accepts: the type of a value
// and, for objects, the fields allowed and required. encoding/json alone
// would accept unknown fields only when told, never report duplicate keys,
// and name fields without their array indexes; checking the token stream
// against a shape first gives errors like "dimensions[3].score: want a
// number, got a string (at byte 212)".
type shape struct {
	kind   kind
	fields []field // for kindObject, in documentation order
	elem   *shape  // for kindArray
}

// field is one member of an object shape.
type field struct {
	name     string
	shape    *shape
	required bool
}

var (
	stringShape = &shape{kind: kindString}
	numberShape = &shape{kind: kindNumber}
	intShape    = &shape{kind: kindInt}
	boolShape   = &shape{kind: kindBool}
	stringsList = &shape{kind: kindArray, elem: stringShape}
)

// walkError is a problem found while walking: where, which field, what.
type walkError struct {
	offset  int64
	field   string
	problem string
	err     error
}

// walkJSON checks that data holds exactly one JSON value of shape s (white
// space may follow it, nothing else). Nulls are rejected everywhere.
func walkJSON(data []byte, s *shape) *walkError {
	w := walker{dec: json.NewDecoder(bytes.NewReader(data))}
	w.dec.UseNumber()
	if err := w.value("", s); err != nil {
		return err
	}
	if _, err := w.dec.Token(); err != io.EOF {
		return &walkError{offset: w.dec.InputOffset(), problem: "unexpected data after the JSON object"}
	}
	return nil
}

type walker struct {
	dec *json.Decoder
}

func (w *walker) fail(path, format string, args ...any) *walkError {
	return &walkError{offset: w.dec.InputOffset(), field: path, problem: fmt.Sprintf(format, args...)}
}

// token reads the next token, turning decoder errors into walkErrors.
func (w *walker) token(path string) (json.Token, *walkError) {
	tok, err := w.dec.Token()
	if err == nil {
		return tok, nil
	}
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return nil, &walkError{offset: se.Offset, field: path, problem: "syntax error: " + se.Error(), err: err}
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		return nil, &walkError{offset: w.dec.InputOffset(), field: path, problem: "unexpected end of JSON", err: err}
	}
	return nil, &walkError{offset: w.dec.InputOffset(), field: path, problem: err.Error(), err: err}
}

// value reads one value at path and checks it against s.
func (w *walker) value(path string, s *shape) *walkError {
	tok, err := w.token(path)
	if err != nil {
		return err
	}
	switch s.kind {
	case kindObject:
		if tok != json.Delim('{') {
			return w.fail(path, "want an object, got %s", tokenKind(tok))
		}
		return w.object(path, s)
	case kindArray:
		if tok != json.Delim('[') {
			return w.fail(path, "want an array, got %s", tokenKind(tok))
		}
		for i := 0; w.dec.More(); i++ {
			if err := w.value(path+"["+strconv.Itoa(i)+"]", s.elem); err != nil {
				return err
			}
		}
		_, err := w.token(path) // ']'
		return err
	case kindString:
		if _, ok := tok.(string); !ok {
			return w.fail(path, "want a string, got %s", tokenKind(tok))
		}
	case kindBool:
		if _, ok := tok.(bool); !ok {
			return w.fail(path, "want a boolean, got %s", tokenKind(tok))
		}
	case kindNumber:
		n, ok := tok.(json.Number)
		if !ok {
			return w.fail(path, "want a number, got %s", tokenKind(tok))
		}
		if f, err := strconv.ParseFloat(string(n), 64); err != nil || math.IsInf(f, 0) {
			return w.fail(path, "number %s out of range", string(n))
		}
	case kindInt:
		n, ok := tok.(json.Number)
		if !ok {
			return w.fail(path, "want an integer, got %s", tokenKind(tok))
		}
		if _, err := strconv.Atoi(string(n)); err != nil {
			return w.fail(path, "want an integer, got %s", string(n))
		}
	}
	return nil
}

// object reads the members of an object whose '{' was just read.
func (w *walker) object(path string, s *shape) *walkError {
	seen := make([]bool, len(s.fields))
	for w.dec.More() {
		tok, err := w.token(path)
		if err != nil {
			return err
		}
		key, ok := tok.(string)
		if !ok {
			return w.fail(path, "want a key, got %s", tokenKind(tok))
		}
		sub := join(path, key)
		i := fieldIndex(s.fields, key)
		if i < 0 {
			return w.fail(sub, "unknown field")
		}
		if seen[i] {
			return w.fail(sub, "duplicate key")
		}
		seen[i] = true
		if err := w.value(sub, s.fields[i].shape); err != nil {
			return err
		}
	}
	if _, err := w.token(path); err != nil { // '}'
		return err
	}
	for i, f := range s.fields {
		if f.required && !seen[i] {
			return w.fail(join(path, f.name), "missing")
		}
	}
	return nil
}

func fieldIndex(fields []field, name string) int {
	for i, f := range fields {
		if f.name == name {
			return i
		}
	}
	return -1
}

// join appends key to a JSON path.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// tokenKind names a token's JSON type for error messages.
func tokenKind(tok json.Token) string {
	switch v := tok.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
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
