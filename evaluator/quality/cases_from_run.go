package quality

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// TagKnownFailure tags a case made from a decision the evaluator got wrong
// in production (CaseFromRun adds it when the run's decision disagrees
// with the reviewer's): Report counts how often it still does
// (Report.KnownFailureRecurrence).
const TagKnownFailure = "known_failure"

// SavedRun is what CaseFromRun needs of a saved evaluator-optimizer loop:
// the task, the candidate the evaluator judged, and the decision of that
// evaluate step. ParseSavedRun reads one from a saved loop.
type SavedRun struct {
	// Task is the loop's task (its kind, requirements and evidence
	// included).
	Task evaluator.Task `json:"task"`
	// Candidate is the judged candidate: its text, or the JSON of a
	// candidate that is not a string.
	Candidate string `json:"candidate"`
	// Decision is the decision the evaluate step returned for Candidate.
	Decision evaluator.EvaluationDecision `json:"decision"`
}

// maxSavedRunBytes bounds what ParseSavedRun reads.
const maxSavedRunBytes = 64 << 20

// ParseSavedRun reads a saved loop run: a loop.Machine as JSON (the
// "task" and the "result" of the loop), or an object of "task",
// "candidate" and "decision". The judged candidate is the result's
// candidate and its decision that of the evaluate step the result's
// "candidateStep" points at in its trace (the result's own "decision"
// when the trace does not hold it). A candidate that is not a JSON string
// is kept as its JSON text. Errors name the field; a score written as
// "NaN" or "±Inf" (as loop writes non-finite scores) reads as 0.
func ParseSavedRun(data []byte) (SavedRun, error) {
	if len(data) > maxSavedRunBytes {
		return SavedRun{}, fmt.Errorf("quality: saved run: %d bytes, more than %d", len(data), maxSavedRunBytes)
	}
	var w struct {
		Task      *evaluator.Task `json:"task"`
		Candidate json.RawMessage `json:"candidate"`
		Decision  json.RawMessage `json:"decision"`
		Result    *struct {
			Candidate     json.RawMessage `json:"candidate"`
			CandidateStep int             `json:"candidateStep"`
			Decision      json.RawMessage `json:"decision"`
			Trace         []struct {
				Role      string          `json:"role"`
				Candidate json.RawMessage `json:"candidate"`
				Decision  json.RawMessage `json:"decision"`
			} `json:"trace"`
		} `json:"result"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return SavedRun{}, fmt.Errorf("quality: saved run: %w", err)
	}
	if w.Task == nil {
		return SavedRun{}, errors.New("quality: saved run: task: missing")
	}
	run := SavedRun{Task: *w.Task}
	cand, dec, field, candField := w.Candidate, w.Decision, "", "candidate"
	if w.Result != nil {
		cand, dec, field, candField = w.Result.Candidate, w.Result.Decision, "result.", "result.candidate"
		if i := w.Result.CandidateStep; i >= 0 && i < len(w.Result.Trace) && w.Result.Trace[i].Role == "evaluate" {
			dec, field = w.Result.Trace[i].Decision, fmt.Sprintf("result.trace[%d].", i)
		}
	}
	if len(bytes.TrimSpace(cand)) == 0 {
		return SavedRun{}, fmt.Errorf("quality: saved run: %s: missing", candField)
	}
	if err := json.Unmarshal(cand, &run.Candidate); err != nil {
		run.Candidate = string(bytes.TrimSpace(cand)) // a candidate of another type, as JSON
	}
	d, err := parseSavedDecision(dec)
	if err != nil {
		return SavedRun{}, fmt.Errorf("quality: saved run: %sdecision: %w", field, err)
	}
	run.Decision = d
	return run, nil
}

// parseSavedDecision reads a decision as loop saves it, its score a
// number or "NaN"/"+Inf"/"-Inf" (read as 0).
func parseSavedDecision(raw json.RawMessage) (evaluator.EvaluationDecision, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return evaluator.EvaluationDecision{}, errors.New("missing")
	}
	var w struct {
		evaluator.EvaluationDecision
		Score json.RawMessage `json:"score"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		return evaluator.EvaluationDecision{}, err
	}
	d := w.EvaluationDecision
	if s := strings.TrimSpace(string(w.Score)); s != "" && s[0] != '"' {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return evaluator.EvaluationDecision{}, fmt.Errorf("score: %w", err)
		}
		d.Score = v
	}
	if !d.Status.Valid() {
		return evaluator.EvaluationDecision{}, fmt.Errorf("status: must be one of pass, revise, block, escalate; got %s", strictjson.Quote(string(d.Status)))
	}
	return d, nil
}

// CaseFromRun turns a saved run and a reviewer's verdict on it into an
// evaluator case: the task's input, criteria, kind, requirements and
// evidence, the judged candidate, and expected as the expected decision
// (MustNotPass set when expected is not a pass). When the run's decision
// disagrees with expected — another status, or a pass of a candidate that
// must not pass — the case is tagged TagKnownFailure; the note records
// what the evaluator decided ("... (the evaluator decided pass)"). The
// case is validated (ValidateCases): an empty id, an invalid expected
// decision or a task the cases cannot hold is an error naming the field.
func CaseFromRun(id string, run SavedRun, expected ExpectedDecision, note string, tags ...string) (Case, error) {
	if expected.Status != evaluator.StatusPass && expected.Status.Valid() {
		expected.MustNotPass = true
	}
	c := Case{
		ID: id, Task: run.Task.Input, Criteria: run.Task.Criteria, Candidate: run.Candidate,
		Kind: run.Task.Kind, Requirements: run.Task.Requirements, AvailableEvidence: run.Task.Evidence,
		Expected: expected, Tags: append([]string(nil), tags...),
	}
	observed := "the evaluator decided " + string(run.Decision.Status)
	if len(run.Decision.BlockingFailures) > 0 {
		observed += ": " + run.Decision.BlockingFailures[0]
	}
	c.Note = strings.TrimSpace(note + " (" + clipNote(observed, 200) + ")")
	if len(c.Mismatches(run.Decision)) > 0 && !hasTag(c.Tags, TagKnownFailure) {
		c.Tags = append(c.Tags, TagKnownFailure)
	}
	if err := ValidateCases([]Case{c}); err != nil {
		return Case{}, err
	}
	return c, nil
}

// clipNote shortens s to at most n bytes on a rune boundary.
func clipNote(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}

func hasTag(tags []string, tag string) bool {
	for _, t := range tags {
		if t == tag {
			return true
		}
	}
	return false
}

// writeCaseJSONL writes c to w as one line of JSON Lines, after
// validating it (ValidateCases).
func writeCaseJSONL(w io.Writer, c Case) error {
	if err := ValidateCases([]Case{c}); err != nil {
		return err
	}
	b, err := json.Marshal(c)
	if err != nil {
		return fmt.Errorf("quality: case %s: %w", strictjson.Quote(c.ID), err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// AppendCase appends c to the JSON Lines set at path, creating the file
// when it does not exist. The existing set is read first (ReadCases): a
// set that does not read, or that already holds c's id, is an error and
// the file is left as it was. A file that does not end with a line break
// gets one before the case.
func AppendCase(path string, c Case) error {
	if err := ValidateCases([]Case{c}); err != nil {
		return err
	}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
	case err != nil:
		return fmt.Errorf("quality: append case: %w", err)
	case len(bytes.TrimSpace(data)) > 0:
		existing, err := parseCasesJSONL(path, data)
		if err != nil {
			return err
		}
		for i, e := range existing {
			if e.ID == c.ID {
				return &CaseError{File: path, Index: i, ParseError: evaluator.ParseError{Offset: -1, Field: "case_id",
					Problem: "the set already holds case " + strictjson.Quote(c.ID)}}
			}
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("quality: append case: %w", err)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		if _, err := f.Write([]byte{'\n'}); err != nil {
			f.Close()
			return fmt.Errorf("quality: append case: %w", err)
		}
	}
	if err := writeCaseJSONL(f, c); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
