package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Check reports whether data holds exactly one JSON value of shape s, with
// only white space after it. It returns nil or the first problem found,
// always as an *Error naming the JSON path and byte offset. Nulls are
// rejected unless the shape is Nullable or KindAny; see Shape and Kind for
// the other rules. Check never panics, whatever data holds; a nil s accepts
// any value.
func Check(data []byte, s *Shape) error {
	if errs := walk(data, s, false); len(errs) > 0 {
		return errs[0]
	}
	return nil
}

// CheckAll is Check that goes on past shape problems and returns every one,
// in document order; it returns nil when data matches s. It skips a value
// of the wrong type, an unknown field or a duplicate key's value and reads
// on; a syntax error ends the walk, since nothing sound can be read past
// it, and is the last problem returned. Use it where a user fixes a file by
// hand and wants every problem at once.
func CheckAll(data []byte, s *Shape) []*Error {
	return walk(data, s, true)
}

// walk checks data against s and returns the problems found: at most one
// unless all is set.
func walk(data []byte, s *Shape, all bool) []*Error {
	w := walker{dec: json.NewDecoder(bytes.NewReader(data)), size: int64(len(data)), all: all}
	w.dec.UseNumber()
	if err := w.value(s); err != nil {
		return w.errs
	}
	end := min(w.dec.InputOffset(), int64(len(data)))
	if _, err := w.dec.Token(); err != io.EOF {
		what := "value"
		if s != nil && (s.Kind == KindObject || s.Kind == KindMap) {
			what = "object"
		}
		// Point at the first byte of the extra data, past the white space.
		end += int64(len(data[end:]) - len(bytes.TrimLeft(data[end:], " \t\r\n")))
		w.report(w.errorAt(end, "unexpected data after the JSON "+what, ErrTrailingData))
	}
	return w.errs
}

// ErrTrailingData is the Err of the *Error reported when data holds more
// than white space after its value.
var ErrTrailingData = errors.New("strictjson: data after the JSON value")

// segment is one step of a JSON path: an object key, or an array index
// when key is empty and index >= 0.
type segment struct {
	key   string
	index int
}

// walker reads tokens and checks them against shapes. It keeps the path as
// a stack of segments and renders it only when it reports a problem, so
// that a valid document costs no path strings.
//
// Its methods return a non-nil *Error only when the walk must stop: after
// a syntax error, or after any problem unless all is set. Every problem,
// fatal or not, is recorded in errs.
type walker struct {
	dec  *json.Decoder
	size int64
	path []segment
	all  bool
	errs []*Error
}

// report records e and returns it if the walk must stop.
func (w *walker) report(e *Error) *Error {
	w.errs = append(w.errs, e)
	if w.all && e.Err == nil {
		return nil
	}
	return e
}

// mismatch reports a value that does not fit its shape, whose first token
// was tok, and skips the rest of it when the walk goes on.
func (w *walker) mismatch(tok json.Token, format string, args ...any) *Error {
	if err := w.report(w.fail(format, args...)); err != nil {
		return err
	}
	return w.skip(tok)
}

func (w *walker) push(s segment) { w.path = append(w.path, s) }
func (w *walker) pop()           { w.path = w.path[:len(w.path)-1] }

// field renders the current path ("dimensions[3].score").
func (w *walker) field() string {
	var b strings.Builder
	for _, s := range w.path {
		if s.index >= 0 {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.index))
			b.WriteByte(']')
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.key)
	}
	return b.String()
}

func (w *walker) errorAt(offset int64, problem string, err error) *Error {
	// Offsets come from the decoder and stay inside the input; clamp anyway
	// so that callers can slice data with them without checking.
	offset = min(max(offset, 0), w.size)
	return &Error{Offset: offset, Field: w.field(), Problem: problem, Err: err}
}

func (w *walker) fail(format string, args ...any) *Error {
	return w.errorAt(w.dec.InputOffset(), fmt.Sprintf(format, args...), nil)
}

// token reads the next token; a decoder error is reported and ends the
// walk.
func (w *walker) token() (json.Token, *Error) {
	tok, err := w.dec.Token()
	if err == nil {
		return tok, nil
	}
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return nil, w.report(w.errorAt(se.Offset, "syntax error: "+se.Error(), err))
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		return nil, w.report(w.errorAt(w.dec.InputOffset(), "unexpected end of JSON", io.ErrUnexpectedEOF))
	}
	return nil, w.report(w.errorAt(w.dec.InputOffset(), err.Error(), err))
}

// value reads one value and checks it against s.
func (w *walker) value(s *Shape) *Error {
	tok, err := w.token()
	if err != nil {
		return err
	}
	if s == nil || s.Kind == KindAny {
		return w.skip(tok)
	}
	if tok == nil && s.Nullable {
		return nil
	}
	switch s.Kind {
	case KindObject, KindMap:
		if tok != json.Delim('{') {
			return w.mismatch(tok, "want an object, got %s", TokenKind(tok))
		}
		return w.object(s)
	case KindArray:
		if tok != json.Delim('[') {
			return w.mismatch(tok, "want an array, got %s", TokenKind(tok))
		}
		for i := 0; w.dec.More(); i++ {
			w.push(segment{index: i})
			err := w.value(s.Elem)
			w.pop()
			if err != nil {
				return err
			}
		}
		_, err := w.token() // ']'
		return err
	case KindString:
		if _, ok := tok.(string); !ok {
			return w.mismatch(tok, "want a string, got %s", TokenKind(tok))
		}
	case KindBool:
		if _, ok := tok.(bool); !ok {
			return w.mismatch(tok, "want a boolean, got %s", TokenKind(tok))
		}
	case KindNumber:
		n, ok := tok.(json.Number)
		if !ok {
			return w.mismatch(tok, "want a number, got %s", TokenKind(tok))
		}
		if f, err := strconv.ParseFloat(string(n), 64); err != nil || math.IsInf(f, 0) {
			return w.mismatch(tok, "number %s out of range", string(n))
		}
	case KindInt:
		n, ok := tok.(json.Number)
		if !ok {
			return w.mismatch(tok, "want an integer, got %s", TokenKind(tok))
		}
		if _, err := strconv.Atoi(string(n)); err != nil {
			return w.mismatch(tok, "want an integer, got %s", string(n))
		}
	default:
		return w.mismatch(tok, "unsupported shape kind %d", s.Kind)
	}
	return nil
}

// object reads the members of an object whose '{' was just read.
func (w *walker) object(s *Shape) *Error {
	// seen tracks fixed fields by index; free keys need a set.
	var seen []bool
	var seenKeys map[string]bool
	if s.Kind == KindObject {
		seen = make([]bool, len(s.Fields))
	} else {
		seenKeys = make(map[string]bool)
	}
	for w.dec.More() {
		tok, err := w.token()
		if err != nil {
			return err
		}
		key, ok := tok.(string)
		if !ok { // the decoder yields only string keys; kept as a guard
			return w.report(w.errorAt(w.dec.InputOffset(), "want a key, got "+TokenKind(tok), errors.New("strictjson: non-string key")))
		}
		w.push(segment{key: key, index: -1})
		err = w.member(s, key, seen, seenKeys)
		w.pop()
		if err != nil {
			return err
		}
	}
	if _, err := w.token(); err != nil { // '}'
		return err
	}
	for i, f := range s.Fields {
		if f.Required && !seen[i] {
			w.push(segment{key: f.Name, index: -1})
			err := w.report(w.fail("missing"))
			w.pop()
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// member checks the value of key, whose name was just read and pushed.
func (w *walker) member(s *Shape, key string, seen []bool, seenKeys map[string]bool) *Error {
	// A rejected member's value is skipped (read as any value) when the
	// walk goes on.
	if s.Kind == KindMap {
		if seenKeys[key] {
			return w.rejectMember("duplicate key")
		}
		seenKeys[key] = true
		return w.value(s.Elem)
	}
	i := s.field(key)
	if i < 0 {
		return w.rejectMember("unknown field")
	}
	if seen[i] {
		return w.rejectMember("duplicate key")
	}
	seen[i] = true
	return w.value(s.Fields[i].Shape)
}

// rejectMember reports a member whose key was just read and, when the walk
// goes on, skips its value.
func (w *walker) rejectMember(problem string) *Error {
	if err := w.report(w.fail("%s", problem)); err != nil {
		return err
	}
	return w.value(nil)
}

// skip reads the rest of a value whose first token was tok, so that
// KindAny still rejects malformed JSON.
func (w *walker) skip(tok json.Token) *Error {
	if tok != json.Delim('{') && tok != json.Delim('[') {
		return nil
	}
	for depth := 1; depth > 0; {
		t, err := w.token()
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
}
