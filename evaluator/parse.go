package evaluator

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
)

// ParseError reports why a model's reply is not a usable decision: a syntax
// error, a wrong type, an unknown or duplicate field, a missing required
// field, or a value that breaks the contract. It matches ErrInvalidDecision.
type ParseError struct {
	// Offset is the byte offset in the raw reply where the problem was
	// found: for syntax errors the offending byte, for field problems the
	// position just past the key or value at fault. It is -1 when the
	// problem concerns the decision as a whole (a missing field, a rule
	// Validate enforces).
	Offset int64
	// Field is the JSON path of the offending value ("criteria[1].passed"),
	// empty for syntax errors and whole-reply problems.
	Field string
	// Problem says what is wrong.
	Problem string
	// Err is the underlying error, if any (a *json.SyntaxError, or the
	// error Validate returned).
	Err error
}

// Error describes the problem with its field and byte offset.
func (e *ParseError) Error() string {
	msg := "evaluator: parse decision: "
	if e.Field != "" {
		msg += e.Field + ": "
	}
	msg += e.Problem
	if e.Offset >= 0 {
		msg += " (at byte " + strconv.FormatInt(e.Offset, 10) + ")"
	}
	return msg
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// Is makes errors.Is(err, ErrInvalidDecision) true for every ParseError.
func (e *ParseError) Is(target error) bool { return target == ErrInvalidDecision }

// ParseDecision reads an EvaluationDecision from a model's raw reply: bare
// JSON, JSON inside a ```json fence, or JSON on its own line after prose (see
// ExtractJSON). It is strict, because a lenient parser is how a garbled reply
// turns into a pass: it rejects unknown fields, duplicate keys, wrong types,
// null values (except for arrays, which json.Marshal writes as null when nil,
// read as empty), a missing status or score, text after a bare JSON object, and
// anything Validate rejects. Every error is a *ParseError naming the field
// and, where one applies, the byte offset in raw. It never panics.
func ParseDecision(raw []byte) (EvaluationDecision, error) {
	body, base, err := ExtractJSON(raw)
	if err != nil {
		return EvaluationDecision{}, err
	}
	p := &decisionParser{dec: json.NewDecoder(bytes.NewReader(body)), base: int64(base)}
	p.dec.UseNumber()
	d, err := p.decision()
	if err != nil {
		return EvaluationDecision{}, err
	}
	if err := d.Validate(); err != nil {
		pe := &ParseError{Offset: -1, Problem: err.Error(), Err: err}
		var fe *FieldError
		if errors.As(err, &fe) && len(unjoin(err)) == 1 {
			pe.Field, pe.Problem = fe.Field, fe.Problem
		}
		return EvaluationDecision{}, pe
	}
	return d, nil
}

// unjoin returns the errors joined in err, or err alone.
func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// decisionParser walks the token stream of one decision object, checking
// every key and type as it goes, so that errors carry a path and an offset
// that encoding/json's Unmarshal would not give.
type decisionParser struct {
	dec  *json.Decoder
	base int64 // offset of the JSON body within the raw reply
}

func (p *decisionParser) offset() int64 { return p.base + p.dec.InputOffset() }

func (p *decisionParser) fail(field, format string, args ...any) error {
	return &ParseError{Offset: p.offset(), Field: field, Problem: fmt.Sprintf(format, args...)}
}

// token reads the next token, turning syntax errors into ParseErrors.
func (p *decisionParser) token(field string) (json.Token, error) {
	tok, err := p.dec.Token()
	if err == nil {
		return tok, nil
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return nil, &ParseError{Offset: p.base + se.Offset, Field: field, Problem: "syntax error: " + se.Error(), Err: err}
	}
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, &ParseError{Offset: p.offset(), Field: field, Problem: "unexpected end of JSON", Err: err}
	}
	return nil, &ParseError{Offset: p.offset(), Field: field, Problem: err.Error(), Err: err}
}

func (p *decisionParser) decision() (EvaluationDecision, error) {
	var d EvaluationDecision
	seen := make(map[string]bool, 6)
	err := p.object("", func(key string) error {
		if seen[key] {
			return p.fail(key, "duplicate key")
		}
		seen[key] = true
		var err error
		switch key {
		case "status":
			var s string
			s, err = p.str(key)
			d.Status = Status(s)
		case "score":
			d.Score, err = p.number(key)
		case "criteria":
			d.Criteria, err = p.criteria(key)
		case "blockingFailures":
			d.BlockingFailures, err = p.strings(key)
		case "revisionInstructions":
			d.RevisionInstructions, err = p.strings(key)
		case "stopReason":
			var s string
			s, err = p.str(key)
			d.StopReason = StopReason(s)
		default:
			return p.fail(key, "unknown field")
		}
		return err
	})
	if err != nil {
		return EvaluationDecision{}, err
	}
	if !seen["status"] {
		return EvaluationDecision{}, &ParseError{Offset: -1, Field: "status", Problem: "missing"}
	}
	if !seen["score"] {
		return EvaluationDecision{}, &ParseError{Offset: -1, Field: "score", Problem: "missing"}
	}
	// Anything after the object other than white space means the reply was
	// not the single object we asked for.
	if _, err := p.dec.Token(); err != io.EOF {
		return EvaluationDecision{}, &ParseError{Offset: p.base + p.dec.InputOffset(), Problem: "unexpected data after the JSON object"}
	}
	return d, nil
}

// object reads an object at path, calling member for each key with the
// decoder positioned before the key's value.
func (p *decisionParser) object(path string, member func(key string) error) error {
	tok, err := p.token(path)
	if err != nil {
		return err
	}
	if tok != json.Delim('{') {
		return p.fail(path, "want an object, got %s", kind(tok))
	}
	for p.dec.More() {
		tok, err := p.token(path)
		if err != nil {
			return err
		}
		key, ok := tok.(string)
		if !ok {
			return p.fail(path, "want a key, got %s", kind(tok))
		}
		if err := member(key); err != nil {
			return err
		}
	}
	_, err = p.token(path) // the closing '}'; Token reports a mismatch as a syntax error
	return err
}

func (p *decisionParser) criteria(path string) ([]Criterion, error) {
	out := []Criterion{} // "[]" decodes to an empty slice, as in encoding/json
	null, err := p.array(path, func(i int) error {
		field := path + "[" + strconv.Itoa(i) + "]"
		var c Criterion
		seen := make(map[string]bool, 4)
		err := p.object(field, func(key string) error {
			f := field + "." + key
			if seen[key] {
				return p.fail(f, "duplicate key")
			}
			seen[key] = true
			var err error
			switch key {
			case "name":
				c.Name, err = p.str(f)
			case "passed":
				c.Passed, err = p.boolean(f)
			case "evidenceRefs":
				c.EvidenceRefs, err = p.strings(f)
			case "reason":
				c.Reason, err = p.str(f)
			default:
				return p.fail(f, "unknown field")
			}
			return err
		})
		if err != nil {
			return err
		}
		for _, req := range [...]string{"name", "passed"} {
			if !seen[req] {
				return &ParseError{Offset: p.offset(), Field: field + "." + req, Problem: "missing"}
			}
		}
		out = append(out, c)
		return nil
	})
	if null {
		return nil, nil
	}
	return out, err
}

// array reads an array at path, calling elem for each element index. It
// reports null instead of an array as null == true.
func (p *decisionParser) array(path string, elem func(i int) error) (null bool, err error) {
	tok, err := p.token(path)
	if err != nil {
		return false, err
	}
	if tok == nil {
		// json.Marshal writes a nil slice as null; accept it as empty so
		// decisions a Go program stored can be read back.
		return true, nil
	}
	if tok != json.Delim('[') {
		return false, p.fail(path, "want an array, got %s", kind(tok))
	}
	for i := 0; p.dec.More(); i++ {
		if err := elem(i); err != nil {
			return false, err
		}
	}
	_, err = p.token(path)
	return false, err
}

func (p *decisionParser) strings(path string) ([]string, error) {
	out := []string{}
	null, err := p.array(path, func(i int) error {
		s, err := p.str(path + "[" + strconv.Itoa(i) + "]")
		out = append(out, s)
		return err
	})
	if null {
		return nil, nil
	}
	return out, err
}

func (p *decisionParser) str(path string) (string, error) {
	tok, err := p.token(path)
	if err != nil {
		return "", err
	}
	s, ok := tok.(string)
	if !ok {
		return "", p.fail(path, "want a string, got %s", kind(tok))
	}
	return s, nil
}

func (p *decisionParser) boolean(path string) (bool, error) {
	tok, err := p.token(path)
	if err != nil {
		return false, err
	}
	b, ok := tok.(bool)
	if !ok {
		return false, p.fail(path, "want a boolean, got %s", kind(tok))
	}
	return b, nil
}

func (p *decisionParser) number(path string) (float64, error) {
	tok, err := p.token(path)
	if err != nil {
		return 0, err
	}
	n, ok := tok.(json.Number)
	if !ok {
		return 0, p.fail(path, "want a number, got %s", kind(tok))
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, p.fail(path, "number %s out of range", string(n))
	}
	return f, nil
}

// kind names a token's JSON type for error messages.
func kind(tok json.Token) string {
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
