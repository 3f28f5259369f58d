package rubric

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/orderedjson"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// JudgeOutput is the structured reply a model judge gives, field for field
// as its JSON: passed, overallScore, specialistRole, dimensions, failureReasons,
// revisionSuggestions, autoFailTriggered, autoFailReason, confidence, summary.
// The library never trusts passed or overallScore: it recomputes both and
// reports a disagreement as a Mismatch.
type JudgeOutput struct {
	// Passed is the judge's own verdict.
	Passed bool `json:"passed" jsonschema_description:"Your own verdict under the rules; the program recomputes it."`
	// OverallScore is the judge's own weighted score in [0,1].
	OverallScore float64 `json:"overallScore" jsonschema_description:"Weighted sum of the dimension scores, from 0 to 1."`
	// SpecialistRole is the profile name the judge reviewed as, or
	// "evaluator" when no profile was given.
	SpecialistRole string `json:"specialistRole" jsonschema_description:"The specialist profile you reviewed as, or evaluator."`
	// Dimensions hold one entry per rubric dimension.
	Dimensions []JudgeDimension `json:"dimensions" jsonschema_description:"One entry per rubric dimension, name and weight copied exactly."`
	// FailureReasons say why the deliverable fails, in the failure-reason
	// format.
	FailureReasons []string `json:"failureReasons" jsonschema_description:"Why the deliverable fails: what is wrong, why, how to fix, with exact references. Empty if it passes."`
	// RevisionSuggestions are improvements not tied to one dimension.
	RevisionSuggestions []string `json:"revisionSuggestions" jsonschema_description:"Concrete changes that would improve the deliverable, with the replacement text where wording changes."`
	// AutoFailTriggered reports whether an auto-fail condition holds.
	AutoFailTriggered bool `json:"autoFailTriggered" jsonschema_description:"True only if an auto-fail condition of the rubric holds."`
	// AutoFailReason is "<dimension name>: <why>" when AutoFailTriggered,
	// and "" otherwise.
	AutoFailReason string `json:"autoFailReason" jsonschema_description:"When autoFailTriggered: the dimension name, a colon, then the reason. Otherwise the empty string."`
	// Confidence is the judge's confidence in its scores, in [0,1].
	Confidence float64 `json:"confidence" jsonschema_description:"Your confidence from 0 to 1 that your scores are right."`
	// Summary is a short summary of the judgment.
	Summary string `json:"summary" jsonschema_description:"Two or three sentences summarising the judgment."`
}

// JudgeDimension is the judge's scoring of one dimension.
type JudgeDimension struct {
	// Name is the rubric dimension's name, verbatim.
	Name string `json:"name" jsonschema_description:"The dimension name, exactly as in the rubric."`
	// Weight is the rubric dimension's weight, copied.
	Weight float64 `json:"weight" jsonschema_description:"The dimension weight, exactly as in the rubric."`
	// Score is in [0,1].
	Score float64 `json:"score" jsonschema_description:"Score from 0 (worst) to 1 (best)."`
	// Evidence is what the score relies on: quotes and references.
	Evidence string `json:"evidence" jsonschema_description:"Exact quotes and references (clause, section, evidence ID) the score relies on."`
	// EvidenceRefs are the IDs of the task evidence the score relies on
	// (the id of each <evidence> element the judge read). The verdict's
	// decision carries them, so that a pass citing evidence the task does
	// not hold is refused (evaluator.CheckEvidence).
	EvidenceRefs []string `json:"evidenceRefs" jsonschema_description:"IDs of the task evidence this score relies on, each the id of an evidence element of the task; empty if it relies on none."`
	// Issues are the problems found, in the failure-reason format.
	Issues []string `json:"issues" jsonschema_description:"Problems found: what is wrong, why, how to fix, with exact references. Empty if none."`
}

// judgeShape is the JSON ParseJudgeOutput accepts: every field required,
// nothing else allowed, as the strict schema says.
var judgeShape = strictjson.Object(
	strictjson.Required("passed", strictjson.Bool()),
	strictjson.Required("overallScore", strictjson.Number()),
	strictjson.Required("specialistRole", strictjson.String()),
	strictjson.Required("dimensions", strictjson.Array(strictjson.Object(
		strictjson.Required("name", strictjson.String()),
		strictjson.Required("weight", strictjson.Number()),
		strictjson.Required("score", strictjson.Number()),
		strictjson.Required("evidence", strictjson.String()),
		strictjson.Required("evidenceRefs", strictjson.Array(strictjson.String())),
		strictjson.Required("issues", strictjson.Array(strictjson.String())),
	))),
	strictjson.Required("failureReasons", strictjson.Array(strictjson.String())),
	strictjson.Required("revisionSuggestions", strictjson.Array(strictjson.String())),
	strictjson.Required("autoFailTriggered", strictjson.Bool()),
	strictjson.Required("autoFailReason", strictjson.String()),
	strictjson.Required("confidence", strictjson.Number()),
	strictjson.Required("summary", strictjson.String()),
)

// judgeOutputSchemaFile is JudgeOutput's strict schema, generated at build
// time by internal/schemagen (go generate ./evaluator) with package
// evaluator/strictschema, so that this package needs no schema library at
// run time. A test fails when it is stale.
//
//go:embed judge_output_schema.json
var judgeOutputSchemaFile []byte

// JudgeOutputSchema returns the strict JSON Schema of JudgeOutput: every
// property required, no additional properties, nothing referenced,
// properties in field order, the dimension name a free string. Each call
// returns a fresh copy. Prefer Rubric.OutputSchema, which narrows the
// dimension names to the rubric's.
func JudgeOutputSchema() json.RawMessage {
	var b bytes.Buffer
	if err := json.Compact(&b, judgeOutputSchemaFile); err != nil {
		return bytes.Clone(judgeOutputSchemaFile) // package data; tests check it compacts
	}
	return b.Bytes()
}

// OutputSchema returns JudgeOutputSchema narrowed to r: the dimension name
// is an enum of r's dimension names, in rubric order. This is the schema the
// rendered prompt shows and the one to give a provider's structured-output
// mode. Property order is kept.
func (r Rubric) OutputSchema() json.RawMessage {
	s := JudgeOutputSchema()
	v, err := orderedjson.Parse(s)
	if err != nil {
		return s
	}
	root, ok := v.(*orderedjson.Object)
	if !ok {
		return s
	}
	name, ok := root.Path("properties", "dimensions", "items", "properties", "name")
	if !ok {
		return s
	}
	enum := make([]any, len(r.Dimensions))
	for i, d := range r.Dimensions {
		enum[i] = d.Name
	}
	name.SetAfter("type", "enum", enum) // where the generator puts enums
	out, err := json.Marshal(root)
	if err != nil {
		return s
	}
	return out
}

// weightTolerance is how far a weight the judge copies may stray from the
// rubric's (a judge that writes 0.18 for 0.18 is exact; one that writes
// 0.2 is not following the rubric).
const weightTolerance = 1e-6

// ParseJudgeOutput reads a judge's reply against r. It finds the JSON object
// with evaluator.ExtractJSON (bare, in a ```json fence, or after prose) and
// reads it strictly, because a lenient parser is how a garbled reply turns
// into a pass:
//   - syntax errors, wrong types, nulls, unknown fields, duplicate keys, a
//     missing field and data after the object: one *evaluator.ParseError
//     with the field and the byte offset in raw ("rubric: parse judge
//     output: dimensions[0].score: want a number, got a string (at byte
//     212)");
//   - then, every problem at once (joined *evaluator.FieldError values,
//     the first 20 and a count of the rest): a dimension
//     name r does not have, a duplicate or missing dimension, a weight that
//     differs from r's by more than 1e-6, a score, overallScore or
//     confidence outside [0,1], an autoFailReason that does not start with
//     the name of a dimension that allows auto-fail followed by a colon and
//     a reason when autoFailTriggered is true, or that is not empty when it
//     is false.
//
// Every error matches ErrInvalidJudgeOutput and evaluator.ErrInvalidDecision
// (an invalid r gives ErrInvalidRubric instead). It never panics.
func ParseJudgeOutput(raw []byte, r Rubric) (JudgeOutput, error) {
	if err := r.Validate(); err != nil {
		return JudgeOutput{}, err
	}
	body, base, err := evaluator.ExtractJSON(raw)
	if err != nil {
		var pe *evaluator.ParseError
		if errors.As(err, &pe) { // always, as ExtractJSON documents
			pe.Err = ErrInvalidJudgeOutput
		}
		return JudgeOutput{}, fmt.Errorf("rubric: parse judge output: %w", err)
	}
	if err := strictjson.Check(body, judgeShape); err != nil {
		return JudgeOutput{}, fmt.Errorf("rubric: parse judge output: %w", parseError(err, int64(base), ErrInvalidJudgeOutput))
	}
	var out JudgeOutput
	if err := json.Unmarshal(body, &out); err != nil {
		// strictjson.Check checked every type; report rather than trust a
		// half-filled value.
		return JudgeOutput{}, fmt.Errorf("rubric: parse judge output: %w", &evaluator.ParseError{Offset: -1, Problem: err.Error(), Err: ErrInvalidJudgeOutput})
	}
	if err := r.checkJudgeOutput(out); err != nil {
		return JudgeOutput{}, err
	}
	return out, nil
}

// checkJudgeOutput checks a decoded reply against r.
func (r Rubric) checkJudgeOutput(out JudgeOutput) error {
	p := problems{kind: ErrInvalidJudgeOutput}
	unitOK(&p, loc{}, "overallScore", out.OverallScore)
	unitOK(&p, loc{}, "confidence", out.Confidence)
	found := make([]int, len(r.Dimensions)) // 1 + index into out.Dimensions
	for i, d := range out.Dimensions {
		f := loc{"dimensions", i}
		j := r.index(d.Name)
		switch {
		case j < 0:
			p.add(f.at(".name"), fmt.Sprintf("unknown dimension %s (want one of %s)", strictjson.Quote(d.Name), r.dimensionList()))
		case found[j] > 0:
			p.add(f.at(".name"), fmt.Sprintf("duplicate of dimensions[%d].name %s", found[j]-1, strictjson.Quote(d.Name)))
		default:
			found[j] = i + 1
			if want := r.Dimensions[j].Weight; math.Abs(d.Weight-want) > weightTolerance {
				p.add(f.at(".weight"), fmt.Sprintf("must equal the rubric weight %v of %s, got %v", want, strictjson.Quote(d.Name), d.Weight))
			}
		}
		unitOK(&p, f, ".score", d.Score)
		for k, ref := range d.EvidenceRefs {
			if strings.TrimSpace(ref) == "" {
				p.add(f.at(fmt.Sprintf(".evidenceRefs[%d]", k)), "empty evidence ID")
			}
		}
	}
	for j, d := range r.Dimensions {
		if found[j] == 0 {
			p.add("dimensions", "missing dimension "+strictjson.Quote(d.Name))
		}
	}
	if out.AutoFailTriggered {
		if _, _, err := r.splitAutoFailReason(out.AutoFailReason); err != nil {
			p.add("autoFailReason", err.Error())
		}
	} else if strings.TrimSpace(out.AutoFailReason) != "" {
		p.add("autoFailReason", "must be empty when autoFailTriggered is false, got "+strictjson.Quote(out.AutoFailReason))
	}
	return p.err()
}

// splitAutoFailReason splits "Dimension Name: why" into the dimension (as
// named in r, matched case-insensitively) and the reason.
func (r Rubric) splitAutoFailReason(reason string) (dimension, why string, err error) {
	s := strings.TrimSpace(reason)
	for _, d := range r.Dimensions {
		if !d.AutoFail || len(s) <= len(d.Name) || !strings.EqualFold(s[:len(d.Name)], d.Name) {
			continue
		}
		rest := strings.TrimLeft(s[len(d.Name):], " \t")
		if !strings.HasPrefix(rest, ":") {
			continue
		}
		why = strings.TrimSpace(rest[1:])
		if why == "" {
			return "", "", fmt.Errorf("names %s but gives no reason after the colon", strictjson.Quote(d.Name))
		}
		return d.Name, why, nil
	}
	var names []string
	for _, d := range r.Dimensions {
		if d.AutoFail {
			names = append(names, strictjson.Quote(d.Name))
		}
	}
	if len(names) == 0 {
		return "", "", errors.New("rubric has no dimension that allows auto-fail")
	}
	return "", "", fmt.Errorf("must start with the name of a dimension that allows auto-fail (%s) and a colon, got %s",
		strings.Join(names, ", "), strictjson.Quote(reason))
}

// Input converts a parsed reply into the input Rubric.Verdict takes: the
// scores with their evidence, evidence refs and issues; the auto-fail trigger, if any,
// with RaisedByJudge; the confidence; the judge's own passed and overallScore
// (for the mismatch check); failureReasons then revisionSuggestions as
// general suggestions; the summary. It fails, with errors matching
// ErrInvalidJudgeOutput, on an autoFailReason that does not name a dimension
// (see ParseJudgeOutput, which has already rejected such replies).
func (o JudgeOutput) Input(r Rubric) (Input, error) {
	in := Input{
		Scores:      make([]Score, len(o.Dimensions)),
		Confidence:  o.Confidence,
		Summary:     o.Summary,
		Suggestions: append(append([]string(nil), o.FailureReasons...), o.RevisionSuggestions...),
	}
	passed, overall := o.Passed, o.OverallScore
	in.JudgePassed, in.JudgeOverall = &passed, &overall
	for i, d := range o.Dimensions {
		in.Scores[i] = Score{Dimension: d.Name, Score: d.Score, Evidence: d.Evidence,
			EvidenceRefs: append([]string(nil), d.EvidenceRefs...), Issues: append([]string(nil), d.Issues...)}
	}
	if o.AutoFailTriggered {
		dim, why, err := r.splitAutoFailReason(o.AutoFailReason)
		if err != nil {
			return Input{}, &evaluator.FieldError{Field: "autoFailReason", Problem: err.Error(), Err: ErrInvalidJudgeOutput}
		}
		in.AutoFails = []AutoFail{{Dimension: dim, Reason: why, RaisedBy: RaisedByJudge}}
	}
	return in, nil
}

// dimensionList quotes r's dimension names for error messages.
func (r Rubric) dimensionList() string {
	names := make([]string, len(r.Dimensions))
	for i, d := range r.Dimensions {
		names[i] = strictjson.Quote(d.Name)
	}
	return strings.Join(names, ", ")
}
