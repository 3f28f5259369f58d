package evaluator

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// ParseDecision reads an EvaluationDecision from a model's raw reply: bare
// JSON, JSON inside a ```json fence, or JSON on its own line after prose (see
// ExtractJSON). It is strict, because a lenient parser is how a garbled reply
// turns into a pass: it rejects unknown fields, duplicate keys, wrong types,
// null values (except for arrays, which json.Marshal writes as null when nil,
// read as empty), a missing status or score, text after a bare JSON object,
// and anything Validate rejects. Criteria need a name and passed;
// evidenceRefs and reason may be omitted. Every error matches
// ErrInvalidDecision and holds a *ParseError (errors.As) naming the field
// and, where one applies, the byte offset in raw; the message starts with
// "evaluator: parse decision: ". It never panics.
//
// ParseDecision is safe for concurrent use.
func ParseDecision(raw []byte) (EvaluationDecision, error) {
	d, err := parseDecision(raw)
	if err != nil {
		return EvaluationDecision{}, fmt.Errorf("evaluator: parse decision: %w", err)
	}
	return d, nil
}

func parseDecision(raw []byte) (EvaluationDecision, error) {
	body, base, err := ExtractJSON(raw)
	if err != nil {
		return EvaluationDecision{}, err
	}
	p := decisionParser{lex: strictjson.NewLexer(body, int64(base))}
	d, err := p.decision()
	if err != nil {
		return EvaluationDecision{}, fromStrict(err)
	}
	if err := d.Validate(); err != nil {
		pe := &ParseError{Offset: -1, Problem: err.Error(), Err: err}
		var fe *FieldError
		if errors.As(err, &fe) && len(strictjson.Unjoin(err)) == 1 {
			pe.Field, pe.Problem = fe.Field, fe.Problem
		}
		return EvaluationDecision{}, pe
	}
	return d, nil
}

// fromStrict turns the Lexer's error into a *ParseError, once, on the
// error path.
func fromStrict(err error) error {
	var se *strictjson.Error
	if errors.As(err, &se) {
		return &ParseError{Offset: se.Offset, Field: se.Field, Problem: se.Problem, Err: ErrInvalidDecision}
	}
	return err
}

// Bits for the fields seen so far, so duplicates and missing fields are
// found without a map.
const (
	seenStatus = 1 << iota
	seenScore
	seenCriteria
	seenBlocking
	seenInstructions
	seenStopReason
)

const (
	seenName = 1 << iota
	seenPassed
	seenRefs
	seenReason
)

// decisionParser reads the one object shape ParseDecision accepts, checking
// keys and types as it goes, so that errors carry a JSON path and an offset
// (encoding/json's Unmarshal gives neither for nested fields, and silently
// keeps the last of two duplicate keys).
type decisionParser struct {
	lex strictjson.Lexer
}

func (p *decisionParser) decision() (EvaluationDecision, error) {
	var d EvaluationDecision
	var seen int
	err := p.lex.Object(func(key string, keyAt int64) error {
		bit, known := topLevelBits[key]
		if !known {
			return p.lex.FailAt(keyAt, strictjson.Clip(key), "unknown field")
		}
		if seen&bit != 0 {
			return p.lex.FailAt(keyAt, key, "duplicate key")
		}
		seen |= bit
		var err error
		switch bit {
		case seenStatus:
			var s string
			s, err = p.lex.String()
			d.Status = Status(s)
		case seenScore:
			d.Score, err = p.lex.Number()
		case seenCriteria:
			d.Criteria, err = p.criteria()
		case seenBlocking:
			d.BlockingFailures, err = p.lex.Strings()
		case seenInstructions:
			d.RevisionInstructions, err = p.lex.Strings()
		case seenStopReason:
			var s string
			s, err = p.lex.String()
			d.StopReason = StopReason(s)
		}
		return strictjson.InField(key, err)
	})
	if err != nil {
		return EvaluationDecision{}, err
	}
	if seen&seenStatus == 0 {
		return EvaluationDecision{}, &ParseError{Offset: -1, Field: "status", Problem: "missing", Err: ErrInvalidDecision}
	}
	if seen&seenScore == 0 {
		return EvaluationDecision{}, &ParseError{Offset: -1, Field: "score", Problem: "missing", Err: ErrInvalidDecision}
	}
	// Anything after the object other than white space means the reply was
	// not the single object we asked for.
	if err := p.lex.End("object"); err != nil {
		return EvaluationDecision{}, err
	}
	return d, nil
}

var topLevelBits = map[string]int{
	"status":               seenStatus,
	"score":                seenScore,
	"criteria":             seenCriteria,
	"blockingFailures":     seenBlocking,
	"revisionInstructions": seenInstructions,
	"stopReason":           seenStopReason,
}

var criterionBits = map[string]int{
	"name":         seenName,
	"passed":       seenPassed,
	"evidenceRefs": seenRefs,
	"reason":       seenReason,
}

func (p *decisionParser) criteria() ([]Criterion, error) {
	out := []Criterion{} // "[]" reads as an empty slice, as in encoding/json
	null, err := p.lex.Array(func(i int) error {
		c, err := p.criterion()
		out = append(out, c)
		return strictjson.InField("["+strconv.Itoa(i)+"]", err)
	})
	if null {
		return nil, err
	}
	return out, err
}

func (p *decisionParser) criterion() (Criterion, error) {
	var c Criterion
	var seen int
	p.lex.SkipSpace()
	start := p.lex.Pos()
	err := p.lex.Object(func(key string, keyAt int64) error {
		bit, known := criterionBits[key]
		if !known {
			return p.lex.FailAt(keyAt, "."+strictjson.Clip(key), "unknown field")
		}
		if seen&bit != 0 {
			return p.lex.FailAt(keyAt, "."+key, "duplicate key")
		}
		seen |= bit
		var err error
		switch bit {
		case seenName:
			c.Name, err = p.lex.String()
		case seenPassed:
			c.Passed, err = p.lex.Bool()
		case seenRefs:
			c.EvidenceRefs, err = p.lex.Strings()
		case seenReason:
			c.Reason, err = p.lex.String()
		}
		return strictjson.InField("."+key, err)
	})
	if err != nil {
		return c, err
	}
	if seen&seenName == 0 {
		return c, p.lex.FailAt(start, ".name", "missing")
	}
	if seen&seenPassed == 0 {
		return c, p.lex.FailAt(start, ".passed", "missing")
	}
	return c, nil
}
