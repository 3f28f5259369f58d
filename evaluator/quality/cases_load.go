package quality

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// ReadCases reads evaluator cases from a file. A file named *.jsonl or
// *.ndjson is JSON Lines (one case object per line, blank lines allowed);
// any other file is one JSON array of case objects. Decoding is strict:
// unknown fields, duplicate keys, null values, wrong types, trailing data
// and a file with no cases are errors, and so is anything ValidateCases
// rejects. Every error is a *CaseError (matching ErrInvalidCase) naming the
// file, the line, the case index and the field, except a failure to read
// the file, which is returned wrapped as os.ReadFile reports it.
func ReadCases(path string) ([]Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("quality: read cases: %w", err)
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".jsonl", ".ndjson":
		return parseCasesJSONL(path, data)
	}
	return parseCases(path, data)
}

func parseCases(file string, data []byte) ([]Case, error) {
	fail := func(offset int64, index int, field, problem string, err error) *CaseError {
		return &CaseError{File: file, Line: caseLineAt(data, offset), Index: index,
			ParseError: evaluator.ParseError{Offset: offset, Field: field, Problem: problem, Err: err}}
	}
	lex := strictjson.NewLexer(data, 0)
	if c := lex.Peek(); c != '[' {
		return nil, located(fail, -1, lex.Unexpected("a JSON array of cases"))
	}
	var cases []Case
	var starts []int64
	// A case's problem is returned through the Lexer as a *CaseError; the
	// Lexer's own syntax errors arrive as *strictjson.Error.
	_, err := lex.Array(func(i int) error {
		lex.SkipSpace()
		start := lex.Pos()
		if err := lex.Skip(); err != nil {
			// Walk the case against its shape to name the field the
			// syntax broke in: the walk meets the same fault last.
			if all, _ := strictjson.CheckAll(data[start:], caseShape, 1); len(all) > 0 && all[len(all)-1].Err != nil {
				e := all[len(all)-1]
				return fail(start+e.Offset, i, e.Field, e.Problem, e.Err)
			}
			return located(fail, i, err)
		}
		c, cerr := decodeCase(data[start:lex.Pos()])
		if cerr != nil {
			cerr.File, cerr.Index, cerr.Line, cerr.Offset = file, i, caseLineAt(data, start+cerr.offset), start+cerr.offset
			return cerr.CaseError
		}
		cases = append(cases, c)
		starts = append(starts, start)
		return nil
	})
	if err == nil {
		err = lex.End("array of cases")
	}
	if err != nil {
		if ce, ok := err.(*CaseError); ok {
			return nil, ce
		}
		return nil, located(fail, -1, err)
	}
	return finishCases(file, cases, func(i int) int { return caseLineAt(data, starts[i]) })
}

// located turns an error of the Lexer into a CaseError at its offset.
func located(fail func(offset int64, index int, field, problem string, err error) *CaseError, index int, err error) *CaseError {
	var se *strictjson.Error
	if errors.As(err, &se) {
		return fail(se.Offset, index, "", se.Problem, se.Err)
	}
	return fail(0, index, "", err.Error(), err)
}

func parseCasesJSONL(file string, data []byte) ([]Case, error) {
	var cases []Case
	var lines []int
	var lineStart int64 // offset of the current line in data
	for n, raw := range bytes.Split(data, []byte("\n")) {
		start := lineStart
		lineStart += int64(len(raw)) + 1
		line := bytes.TrimSpace(raw)
		if len(line) == 0 {
			continue
		}
		c, err := decodeCase(line)
		if err != nil {
			lead := int64(len(raw) - len(bytes.TrimLeftFunc(raw, unicode.IsSpace))) // as TrimSpace trims
			err.File, err.Index, err.Line, err.Offset = file, len(cases), n+1, start+lead+err.offset
			return nil, err.CaseError
		}
		cases = append(cases, c)
		lines = append(lines, n+1)
	}
	return finishCases(file, cases, func(i int) int { return lines[i] })
}

// finishCases rejects an empty set and runs ValidateCases, adding the file
// and line to each error.
func finishCases(file string, cases []Case, line func(i int) int) ([]Case, error) {
	if len(cases) == 0 {
		ce := caseError(-1, "", "no cases", nil)
		ce.File = file
		return nil, ce
	}
	if err := ValidateCases(cases); err != nil {
		errs := strictjson.Unjoin(err)
		for _, e := range errs {
			var ce *CaseError
			if errors.As(e, &ce) {
				ce.File = file
				if ce.Index >= 0 && ce.Index < len(cases) {
					ce.Line = line(ce.Index)
				}
			}
		}
		return nil, errors.Join(errs...)
	}
	return cases, nil
}

// caseDecodeError is a CaseError with the byte offset of the problem within
// the case's own JSON, so that the caller can turn it into a line number.
type caseDecodeError struct {
	*CaseError
	offset int64
}

// caseShape is the JSON a case may hold, mirroring the JSON tags of Case;
// TestCaseShapeMatchesStruct checks that the two agree. Every field is
// optional here: ValidateCases reports the missing ones with their rules.
var caseShape = func() *strictjson.Shape {
	str, strs := strictjson.String(), strictjson.Array(strictjson.String())
	return strictjson.Object(
		strictjson.Optional("case_id", str),
		strictjson.Optional("task", str),
		strictjson.Optional("criteria", strs),
		strictjson.Optional("candidate", str),
		strictjson.Optional("kind", str),
		strictjson.Optional("requirements", strictjson.Array(strictjson.Object(
			strictjson.Optional("name", str),
			strictjson.Optional("when", str),
			strictjson.Optional("needs", strs),
			strictjson.Optional("must", str),
			strictjson.Optional("instruction", str),
		))),
		strictjson.Optional("available_evidence", strictjson.Array(strictjson.Object(
			strictjson.Optional("id", str),
			strictjson.Optional("source", str),
			strictjson.Optional("content", str),
			strictjson.Optional("metadata", strictjson.Map(str)),
		))),
		strictjson.Optional("expected_decision", strictjson.Object(
			strictjson.Optional("status", str),
			strictjson.Optional("blocking_failures", strs),
			strictjson.Optional("must_not_pass", strictjson.Bool()),
			strictjson.Optional("required_revision_instruction", str),
		)),
		strictjson.Optional("human_label", str),
		strictjson.Optional("tags", strs),
		strictjson.Optional("note", str),
	)
}()

// decodeCase checks raw against the case shape (keys, types, duplicates,
// nulls, trailing data) and then decodes it strictly.
func decodeCase(raw []byte) (Case, *caseDecodeError) {
	if err := strictjson.Check(raw, caseShape); err != nil {
		ce := &caseDecodeError{CaseError: caseError(0, "", err.Error(), err)}
		var se *strictjson.Error
		if errors.As(err, &se) { // always, as Check documents
			ce.Field, ce.Problem, ce.Err, ce.offset = se.Field, se.Problem, se.Err, se.Offset
		}
		return Case{}, ce
	}
	var c Case
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		// The check above covers everything Decode checks; this is a
		// safety net, never expected to trigger.
		return Case{}, &caseDecodeError{CaseError: caseError(0, "", err.Error(), err)}
	}
	return c, nil
}

// caseLineAt returns the 1-based line holding byte offset off of data.
func caseLineAt(data []byte, off int64) int {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off < 0 {
		off = 0
	}
	return bytes.Count(data[:off], []byte("\n")) + 1
}
