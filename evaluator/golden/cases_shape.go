package golden

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// jsonKind is the JSON type a value must have.
type jsonKind int

const (
	kindString jsonKind = iota
	kindBool
	kindObject
	kindArray
)

func (k jsonKind) String() string {
	switch k {
	case kindString:
		return "a string"
	case kindBool:
		return "a boolean"
	case kindObject:
		return "an object"
	}
	return "an array"
}

// shape describes the JSON a case may hold. encoding/json alone reports an
// unknown nested field without its path, accepts duplicate keys (the last
// one silently wins) and turns null into a zero value; walking the tokens
// against a shape catches all three and names the field.
type shape struct {
	kind   jsonKind
	fields map[string]*shape // kindObject with fixed keys
	values *shape            // kindObject with free keys: each value's shape
	elem   *shape            // kindArray: each element's shape
}

var (
	stringShape  = &shape{kind: kindString}
	boolShape    = &shape{kind: kindBool}
	stringsShape = &shape{kind: kindArray, elem: stringShape}
	labelsShape  = &shape{kind: kindObject, values: stringShape}

	// caseShape mirrors the JSON tags of Case; shape_test checks that the
	// two agree.
	caseShape = &shape{kind: kindObject, fields: map[string]*shape{
		"case_id":   stringShape,
		"task":      stringShape,
		"criteria":  stringsShape,
		"candidate": stringShape,
		"available_evidence": {kind: kindArray, elem: &shape{kind: kindObject, fields: map[string]*shape{
			"id":       stringShape,
			"source":   stringShape,
			"content":  stringShape,
			"metadata": labelsShape,
		}}},
		"expected_decision": {kind: kindObject, fields: map[string]*shape{
			"status":                        stringShape,
			"blocking_failures":             stringsShape,
			"must_not_pass":                 boolShape,
			"required_revision_instruction": stringShape,
		}},
		"human_label": stringShape,
		"tags":        stringsShape,
		"note":        stringShape,
	}}
)

// shapeWalker reads one case's tokens and checks them against a shape.
type shapeWalker struct {
	dec *json.Decoder
}

func (w *shapeWalker) fail(field, problem string, err error) *caseDecodeError {
	return &caseDecodeError{CaseError: &CaseError{Field: field, Problem: problem, Err: err}, offset: w.dec.InputOffset()}
}

func (w *shapeWalker) token(field string) (json.Token, *caseDecodeError) {
	tok, err := w.dec.Token()
	if err == nil {
		return tok, nil
	}
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		e := w.fail(field, "syntax error: "+se.Error(), err)
		e.offset = se.Offset
		return nil, e
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		return nil, w.fail(field, "unexpected end of JSON", err)
	}
	return nil, w.fail(field, err.Error(), err)
}

// walk reads one value at path and checks it against s.
func (w *shapeWalker) walk(s *shape, path string) *caseDecodeError {
	tok, err := w.token(path)
	if err != nil {
		return err
	}
	if got := tokenKind(tok); got != s.kind.String() {
		what := "the case"
		if path != "" {
			what = "value"
		}
		return w.fail(path, fmt.Sprintf("%s must be %s, got %s", what, s.kind, got), nil)
	}
	switch s.kind {
	case kindObject:
		seen := make(map[string]bool)
		for w.dec.More() {
			tok, err := w.token(path)
			if err != nil {
				return err
			}
			key, _ := tok.(string) // inside an object the decoder yields only string keys
			field := join(path, key)
			if seen[key] {
				return w.fail(field, "duplicate key", nil)
			}
			seen[key] = true
			sub := s.values
			if s.fields != nil {
				sub = s.fields[key]
			}
			if sub == nil {
				return w.fail(field, "unknown field", nil)
			}
			if err := w.walk(sub, field); err != nil {
				return err
			}
		}
		_, err := w.token(path)
		return err
	case kindArray:
		for i := 0; w.dec.More(); i++ {
			if err := w.walk(s.elem, path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
		_, err := w.token(path)
		return err
	}
	return nil
}

// join appends key to a dotted JSON path.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// tokenKind names the JSON type of the value a token starts.
func tokenKind(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		switch v {
		case '{':
			return "an object"
		case '[':
			return "an array"
		}
		return fmt.Sprintf("%q", string(v))
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case json.Number, float64:
		return "a number"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", tok)
}
