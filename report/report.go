package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/evalopt/evalopt/evaluator/quality"
	"github.com/evalopt/evalopt/loop"
)

// Report is something evalopt ran, laid out to be read: a loop's result
// (Loop), an evaluator-quality report (Quality) or a golden gate verdict
// (Gate). It renders as text for a terminal (WriteText) or as one
// self-contained HTML page (WriteHTML). Whatever the input's size, what it
// shows is bounded: long lists, candidates and diffs are cut, and the page
// says how much was left out. A Report is immutable and safe for
// concurrent use.
type Report struct {
	loop    *loopView
	quality *qualityView
	gate    *GateVerdict
}

// errUnknownJSON is matched (with errors.Is) by the error FromJSON returns
// for JSON that is none of the documents it reads.
var errUnknownJSON = errors.New("report: not a loop result, a quality report or a gate verdict")

// FromJSON reads a saved document and returns its report:
//   - a loop.Result of any candidate type, as json.Marshal wrote it (it
//     has "outcome" and "trace"); candidates are shown as Loop's default
//     text shows a json.RawMessage;
//   - a quality.Report (it has "confusion" and "results");
//   - a gate verdict, as `evalopt gate --json` writes it (it has "verdict"
//     and "agents").
//
// Unknown fields are ignored, so a result saved by a newer version still
// reads. A document that is none of these is an error saying which fields
// each kind has; malformed JSON, or a field of the wrong type, is an error
// naming the field.
func FromJSON(data []byte) (*Report, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	has := func(names ...string) bool {
		for _, n := range names {
			if _, ok := keys[n]; !ok {
				return false
			}
		}
		return true
	}
	switch {
	case has("outcome", "trace"):
		var res loop.Result[json.RawMessage]
		if err := decode(data, &res); err != nil {
			return nil, fmt.Errorf("report: loop result: %w", err)
		}
		return Loop(res, nil), nil
	case has("confusion", "results"):
		var r quality.Report
		if err := decode(data, &r); err != nil {
			return nil, fmt.Errorf("report: quality report: %w", err)
		}
		return Quality(r), nil
	case has("verdict", "agents"):
		var v GateVerdict
		if err := decode(data, &v); err != nil {
			return nil, fmt.Errorf("report: gate verdict: %w", err)
		}
		return Gate(v), nil
	}
	return nil, fmt.Errorf("%w (want the fields outcome and trace, confusion and results, or verdict and agents)", errUnknownJSON)
}

// decode unmarshals data into v, naming the field of a type error.
func decode(data []byte, v any) error {
	err := json.NewDecoder(bytes.NewReader(data)).Decode(v)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return fmt.Errorf("%s: want %s, got JSON %s", te.Field, te.Type, te.Value)
	}
	return err
}

// WriteText writes the report as plain text for a terminal: tables
// aligned with spaces, findings marked under their line with a caret.
func (r *Report) WriteText(w io.Writer) error {
	switch {
	case r.loop != nil:
		return writeLoopText(w, r.loop)
	case r.quality != nil:
		return writeQualityText(w, r.quality)
	case r.gate != nil:
		return writeGateText(w, r.gate)
	}
	return errors.New("report: empty Report (build one with Loop, Quality, Gate or FromJSON)")
}
