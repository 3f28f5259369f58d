package golden

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// caseJSONKind is the JSON type a value must have.
type caseJSONKind int

const (
	caseKindString caseJSONKind = iota
	caseKindBool
	caseKindObject
	caseKindArray
)

func (k caseJSONKind) String() string {
	switch k {
	case caseKindString:
		return "a string"
	case caseKindBool:
		return "a boolean"
	case caseKindObject:
		return "an object"
	}
	return "an array"
}

// shape describes the JSON a case may hold. encoding/json alone reports an
// unknown nested field without its path, accepts duplicate keys (the last
// one silently wins) and turns null into a zero value; walking the tokens
// against a shape catches all three and names the field.
type caseShapeNode struct {
	kind   caseJSONKind
	fields map[string]*caseShapeNode // caseKindObject with fixed keys
	values *caseShapeNode            // caseKindObject with free keys: each value's shape
	elem   *caseShapeNode            // caseKindArray: each element's shape
}

var (
	caseStringShape  = &caseShapeNode{kind: caseKindString}
	caseBoolShape    = &caseShapeNode{kind: caseKindBool}
	caseStringsShape = &caseShapeNode{kind: caseKindArray, elem: caseStringShape}
	caseLabelsShape  = &caseShapeNode{kind: caseKindObject, values: caseStringShape}

	// caseShape mirrors the JSON tags of Case; TestCaseShapeMatchesStruct checks that the
	// two agree.
	caseShape = &caseShapeNode{kind: caseKindObject, fields: map[string]*caseShapeNode{
		"case_id":   caseStringShape,
		"task":      caseStringShape,
		"criteria":  caseStringsShape,
		"candidate": caseStringShape,
		"available_evidence": {kind: caseKindArray, elem: &caseShapeNode{kind: caseKindObject, fields: map[string]*caseShapeNode{
			"id":       caseStringShape,
			"source":   caseStringShape,
			"content":  caseStringShape,
			"metadata": caseLabelsShape,
		}}},
		"expected_decision": {kind: caseKindObject, fields: map[string]*caseShapeNode{
			"status":                        caseStringShape,
			"blocking_failures":             caseStringsShape,
			"must_not_pass":                 caseBoolShape,
			"required_revision_instruction": caseStringShape,
		}},
		"human_label": caseStringShape,
		"tags":        caseStringsShape,
		"note":        caseStringShape,
	}}
)

// caseShapeWalker reads one case's tokens and checks them against a shape.
type caseShapeWalker struct {
	dec *json.Decoder
}

func (w *caseShapeWalker) fail(field, problem string, err error) *caseDecodeError {
	return &caseDecodeError{CaseError: &CaseError{Field: field, Problem: problem, Err: err}, offset: w.dec.InputOffset()}
}

func (w *caseShapeWalker) token(field string) (json.Token, *caseDecodeError) {
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
func (w *caseShapeWalker) walk(s *caseShapeNode, path string) *caseDecodeError {
	tok, err := w.token(path)
	if err != nil {
		return err
	}
	if got := caseTokenKind(tok); got != s.kind.String() {
		what := "the case"
		if path != "" {
			what = "value"
		}
		return w.fail(path, fmt.Sprintf("%s must be %s, got %s", what, s.kind, got), nil)
	}
	switch s.kind {
	case caseKindObject:
		seen := make(map[string]bool)
		for w.dec.More() {
			tok, err := w.token(path)
			if err != nil {
				return err
			}
			key, _ := tok.(string) // inside an object the decoder yields only string keys
			field := casePath(path, key)
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
	case caseKindArray:
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

// casePath appends key to a dotted JSON path.
func casePath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// caseTokenKind names the JSON type of the value a token starts.
func caseTokenKind(tok json.Token) string {
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
