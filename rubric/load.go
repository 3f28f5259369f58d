package rubric

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// rubricShape is the JSON a rubric file must have. Every field of Rubric,
// Dimension and Band is accepted; name, version, dimensions, passThreshold,
// bands and rules are required, and so is every rule: a rubric file states
// its thresholds rather than inheriting defaults silently.
var rubricShape = strictjson.Object(
	strictjson.Required("name", strictjson.String()),
	strictjson.Required("version", strictjson.String()),
	strictjson.Optional("description", strictjson.String()),
	strictjson.Required("dimensions", strictjson.Array(strictjson.Object(
		strictjson.Required("name", strictjson.String()),
		strictjson.Required("weight", strictjson.Number()),
		strictjson.Optional("description", strictjson.String()),
		strictjson.Optional("checks", strictjson.Array(strictjson.String())),
		strictjson.Optional("floor", strictjson.Number()),
		strictjson.Optional("autoFail", strictjson.Bool()),
		strictjson.Optional("policy", strictjson.Bool()),
	))),
	strictjson.Required("passThreshold", strictjson.Number()),
	strictjson.Required("bands", strictjson.Array(strictjson.Object(
		strictjson.Required("name", strictjson.String()),
		strictjson.Required("min", strictjson.Number()),
		strictjson.Required("max", strictjson.Number()),
		strictjson.Optional("minExclusive", strictjson.Bool()),
		strictjson.Optional("maxExclusive", strictjson.Bool()),
		strictjson.Optional("observations", strictjson.Bool()),
		strictjson.Optional("description", strictjson.String()),
	))),
	strictjson.Required("rules", strictjson.Object(
		strictjson.Required("lowScore", strictjson.Number()),
		strictjson.Required("lowDimensionsFail", strictjson.Int()),
		strictjson.Required("humanReviewBelow", strictjson.Number()),
		strictjson.Required("limitedVerificationBelow", strictjson.Number()),
		strictjson.Required("mismatchTolerance", strictjson.Number()),
	)),
)

// Load reads one rubric in JSON from r and validates it. Decoding is
// strict: unknown fields, duplicate keys, nulls, wrong types, a missing
// required field (name, version, dimensions, passThreshold, bands, rules and
// each rule; a dimension's name and weight; a band's name, min and max) and
// data after the object are errors, as is anything Validate rejects. Errors
// match ErrInvalidRubric: a decoding problem is an *evaluator.ParseError
// naming the field and the byte offset of the fault ("dimensions[2].weight:
// want a number, got a string (at byte 310)"), a broken rule the
// *evaluator.FieldError values Validate returns.
func Load(r io.Reader) (Rubric, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Rubric{}, fmt.Errorf("rubric: load: %w", err)
	}
	if err := strictjson.Check(data, rubricShape); err != nil {
		return Rubric{}, parseError(err, 0, ErrInvalidRubric)
	}
	var rb Rubric
	if err := json.Unmarshal(data, &rb); err != nil {
		// strictjson.Check has checked every type, so this is not expected; report
		// it rather than trusting a half-filled rubric.
		return Rubric{}, &evaluator.ParseError{Offset: -1, Problem: err.Error(), Err: ErrInvalidRubric}
	}
	if err := rb.Validate(); err != nil {
		return Rubric{}, err
	}
	return rb, nil
}

// LoadFile reads and validates the rubric in the named JSON file (see Load).
// Errors carry the path.
func LoadFile(path string) (Rubric, error) {
	f, err := os.Open(path)
	if err != nil {
		return Rubric{}, fmt.Errorf("rubric: %w", err)
	}
	defer f.Close()
	rb, err := Load(f)
	if err != nil {
		return Rubric{}, fmt.Errorf("%s: %w", path, err)
	}
	return rb, nil
}

// Save validates r and writes it to w as indented JSON that Load reads back
// to an equal rubric. An invalid rubric is not written.
func (r Rubric) Save(w io.Writer) error {
	if err := r.Validate(); err != nil {
		return err
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("rubric: save: %w", err)
	}
	data = append(data, '\n')
	if _, err := w.Write(data); err != nil {
		return fmt.Errorf("rubric: save: %w", err)
	}
	return nil
}
