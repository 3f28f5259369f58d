package rubric

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

// goodOutput is a well-formed judge reply for the deliverable rubric with
// every dimension at score.
func goodOutput(score float64) JudgeOutput {
	out := JudgeOutput{
		Passed:              score >= 0.75,
		OverallScore:        score,
		SpecialistRole:      ProfileContractReviewer,
		FailureReasons:      []string{},
		RevisionSuggestions: []string{},
		Confidence:          0.9,
		Summary:             "Solid review.",
	}
	for _, d := range Deliverable().Dimensions {
		out.Dimensions = append(out.Dimensions, JudgeDimension{Name: d.Name, Weight: d.Weight, Score: score, Evidence: "clause 4.1", EvidenceRefs: []string{}, Issues: []string{}})
	}
	return out
}

func marshal(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

func TestParseJudgeOutputAccepts(t *testing.T) {
	body := marshal(t, goodOutput(0.8))
	for name, raw := range map[string][]byte{
		"bare":        body,
		"fenced":      []byte("Here is my verdict:\n```json\n" + string(body) + "\n```\nThanks."),
		"after prose": []byte("I reviewed the deliverable.\n" + string(body) + "\n"),
	} {
		t.Run(name, func(t *testing.T) {
			out, err := ParseJudgeOutput(raw, Deliverable())
			require.NoError(t, err)
			assert.Equal(t, goodOutput(0.8), out)
		})
	}
}

func TestParseJudgeOutputStructure(t *testing.T) {
	body := string(marshal(t, goodOutput(0.8)))
	tests := []struct {
		name string
		raw  string
		want string
	}{
		{"empty", "", "empty reply"},
		{"prose only", "I think it passes.", "no JSON object found"},
		{"syntax", `{"passed": true,}`, "syntax error"},
		{"truncated", body[:len(body)/2], "unexpected end of JSON"},
		{"unknown field", strings.Replace(body, `"passed":true`, `"passed":true,"verdict":"ok"`, 1), "verdict: unknown field"},
		{"duplicate key", strings.Replace(body, `"passed":true`, `"passed":true,"passed":false`, 1), "passed: duplicate key"},
		{"duplicate nested key", strings.Replace(body, `"score":0.8,`, `"score":0.8,"score":1,`, 1), "dimensions[0].score: duplicate key"},
		{"missing field", strings.Replace(body, `"summary":"Solid review."`, `"confidence2":1`, 1), "confidence2: unknown field"},
		{"missing summary", strings.Replace(body, `,"summary":"Solid review."`, ``, 1), "summary: missing"},
		{"missing nested", strings.Replace(body, `"evidence":"clause 4.1",`, ``, 1), "dimensions[0].evidence: missing"},
		{"wrong type", strings.Replace(body, `"passed":true`, `"passed":"yes"`, 1), "passed: want a boolean, got a string"},
		{"string score", strings.Replace(body, `"score":0.8`, `"score":"0.8"`, 1), "dimensions[0].score: want a number, got a string"},
		{"null", strings.Replace(body, `"failureReasons":[]`, `"failureReasons":null`, 1), "failureReasons: want an array, got null"},
		{"huge number", strings.Replace(body, `"confidence":0.9`, `"confidence":1e400`, 1), "confidence: number 1e400 out of range"},
		{"trailing data", body + ` {"again": true}`, "unexpected data after the JSON object"},
		{"array", `[` + body + `]`, "no JSON object found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := ParseJudgeOutput([]byte(tt.raw), Deliverable())
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.ErrorIs(t, err, ErrInvalidJudgeOutput)
			assert.ErrorIs(t, err, evaluator.ErrInvalidDecision)
			assert.Zero(t, out.Dimensions)
		})
	}
}

func TestParseJudgeOutputExtractError(t *testing.T) {
	_, err := ParseJudgeOutput([]byte("  \n"), Deliverable())
	assert.EqualError(t, err, "rubric: parse judge output: empty reply: no JSON object (at byte 0)")
	var ee *evaluator.ParseError
	assert.True(t, errors.As(err, &ee), "the evaluator's error stays reachable")
}

func TestParseJudgeOutputOffsets(t *testing.T) {
	raw := "Verdict:\n```json\n{\"passed\": \"yes\"}\n```"
	_, err := ParseJudgeOutput([]byte(raw), Deliverable())
	var pe *evaluator.ParseError
	require.True(t, errors.As(err, &pe))
	assert.Equal(t, "passed", pe.Field)
	// The offset is in raw, past the fence: the bad value's own.
	assert.Equal(t, int64(strings.Index(raw, `"yes"`)), pe.Offset)
	assert.ErrorIs(t, err, ErrInvalidJudgeOutput)
}

func TestParseJudgeOutputSemantics(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*JudgeOutput)
		want   []string
	}{
		{"score above 1", func(o *JudgeOutput) { o.Dimensions[3].Score = 1.7 }, []string{"dimensions[3].score: must be in [0,1], got 1.7"}},
		{"negative score", func(o *JudgeOutput) { o.Dimensions[0].Score = -0.1 }, []string{"dimensions[0].score: must be in [0,1], got -0.1"}},
		{"overall", func(o *JudgeOutput) { o.OverallScore = 80 }, []string{"overallScore: must be in [0,1], got 80"}},
		{"confidence", func(o *JudgeOutput) { o.Confidence = 1.01 }, []string{"confidence: must be in [0,1], got 1.01"}},
		{"unknown dimension", func(o *JudgeOutput) { o.Dimensions[1].Name = "Citations" }, []string{
			`dimensions[1].name: unknown dimension "Citations" (want one of "Factual Correctness"`, `dimensions: missing dimension "Citation Validity"`}},
		{"duplicate dimension", func(o *JudgeOutput) { o.Dimensions[2] = o.Dimensions[0] }, []string{
			`dimensions[2].name: duplicate of dimensions[0].name "Factual Correctness"`, `dimensions: missing dimension "Policy Compliance"`}},
		{"missing dimension", func(o *JudgeOutput) { o.Dimensions = o.Dimensions[:6] }, []string{
			`dimensions: missing dimension "Completeness"`, `dimensions: missing dimension "Recommendation Actionability"`}},
		{"no dimensions", func(o *JudgeOutput) { o.Dimensions = []JudgeDimension{} }, []string{`dimensions: missing dimension "Factual Correctness"`}},
		{"weight disagrees", func(o *JudgeOutput) { o.Dimensions[0].Weight = 0.2 }, []string{`dimensions[0].weight: must equal the rubric weight 0.18 of "Factual Correctness", got 0.2`}},
		{"weight just outside tolerance", func(o *JudgeOutput) { o.Dimensions[0].Weight = 0.18 + 2e-6 }, []string{"dimensions[0].weight"}},
		{"auto-fail without a dimension", func(o *JudgeOutput) { o.AutoFailTriggered = true; o.AutoFailReason = "made up a statistic" }, []string{
			`autoFailReason: must start with the name of a dimension that allows auto-fail ("Factual Correctness", "Policy Compliance", "Jurisdictional Accuracy", "Recommendation Actionability") and a colon, got "made up a statistic"`}},
		{"auto-fail on a dimension that does not allow it", func(o *JudgeOutput) { o.AutoFailTriggered = true; o.AutoFailReason = "Completeness: half missing" }, []string{
			"autoFailReason: must start with the name of a dimension that allows auto-fail"}},
		{"auto-fail without a reason", func(o *JudgeOutput) { o.AutoFailTriggered = true; o.AutoFailReason = "Policy Compliance:  " }, []string{
			`autoFailReason: names "Policy Compliance" but gives no reason after the colon`}},
		{"reason without trigger", func(o *JudgeOutput) { o.AutoFailReason = "Policy Compliance: leak" }, []string{
			`autoFailReason: must be empty when autoFailTriggered is false, got "Policy Compliance: leak"`}},
		{"several problems", func(o *JudgeOutput) { o.Dimensions[3].Score = 1.7; o.Confidence = -1 }, []string{"dimensions[3].score", "confidence"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := goodOutput(0.8)
			tt.mutate(&o)
			_, err := ParseJudgeOutput(marshal(t, o), Deliverable())
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrInvalidJudgeOutput)
			assert.ErrorIs(t, err, evaluator.ErrInvalidDecision)
			var fe *evaluator.FieldError
			assert.True(t, errors.As(err, &fe))
			for _, w := range tt.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func TestParseJudgeOutputToleranceAndOrder(t *testing.T) {
	o := goodOutput(0.8)
	o.Dimensions[0].Weight = 0.18 + 5e-7 // within 1e-6
	o.Dimensions[0], o.Dimensions[7] = o.Dimensions[7], o.Dimensions[0]
	_, err := ParseJudgeOutput(marshal(t, o), Deliverable())
	assert.NoError(t, err, "any order, weights within 1e-6")
}

func TestParseJudgeOutputInvalidRubric(t *testing.T) {
	r := Deliverable()
	r.Name = ""
	_, err := ParseJudgeOutput(marshal(t, goodOutput(0.8)), r)
	assert.ErrorIs(t, err, ErrInvalidRubric)
}

func TestJudgeOutputInput(t *testing.T) {
	o := goodOutput(0.9)
	o.AutoFailTriggered = true
	o.AutoFailReason = "factual correctness : the 40% churn figure appears in no evidence"
	o.FailureReasons = []string{"fabricated statistic"}
	o.RevisionSuggestions = []string{"cite E2 for the churn figure"}
	o.Dimensions[1].Issues = []string{"clause 9 does not exist"}
	r := Deliverable()
	parsed, err := ParseJudgeOutput(marshal(t, o), r)
	require.NoError(t, err)
	in, err := parsed.Input(r)
	require.NoError(t, err)
	assert.Equal(t, []AutoFail{{Dimension: FactualCorrectness, Reason: "the 40% churn figure appears in no evidence", RaisedBy: RaisedByJudge}}, in.AutoFails)
	assert.Equal(t, []string{"fabricated statistic", "cite E2 for the churn figure"}, in.Suggestions)
	require.NotNil(t, in.JudgePassed)
	require.NotNil(t, in.JudgeOverall)
	assert.True(t, *in.JudgePassed)
	assert.Equal(t, 0.9, *in.JudgeOverall)
	assert.Equal(t, 0.9, in.Confidence)
	assert.Equal(t, []string{"clause 9 does not exist"}, in.Scores[1].Issues)

	v, err := r.Verdict(in)
	require.NoError(t, err)
	assert.False(t, v.Passed)
	require.NotNil(t, v.Mismatch, "the judge passed its own auto-fail: a rubber stamp")

	o.AutoFailReason = "no dimension here"
	_, err = o.Input(r)
	assert.ErrorIs(t, err, ErrInvalidJudgeOutput)
}

func TestJudgeOutputSchemaIsStrict(t *testing.T) {
	var s schemaNode
	require.NoError(t, json.Unmarshal(JudgeOutputSchema(), &s))
	assert.Equal(t, []string{"passed", "overallScore", "specialistRole", "dimensions", "failureReasons",
		"revisionSuggestions", "autoFailTriggered", "autoFailReason", "confidence", "summary"}, s.Required)
	assert.Equal(t, []string{"name", "weight", "score", "evidence", "evidenceRefs", "issues"}, s.Properties["dimensions"].Items.Required)
	b := JudgeOutputSchema()
	assert.Contains(t, string(b), `"additionalProperties":false`)
	assert.NotContains(t, string(b), `$ref`)

	var rs schemaNode
	require.NoError(t, json.Unmarshal(Deliverable().OutputSchema(), &rs))
	name := rs.Properties["dimensions"].Items.Properties["name"]
	assert.Len(t, name.Enum, 8)
	assert.Equal(t, FactualCorrectness, name.Enum[0])
	// OutputSchema does not alter the generic schema.
	var plain schemaNode
	require.NoError(t, json.Unmarshal(JudgeOutputSchema(), &plain))
	assert.Empty(t, plain.Properties["dimensions"].Items.Properties["name"].Enum)
}

// OutputSchema keeps the generated property order: strict modes generate
// fields in schema order, and the order is part of the prompt.
func TestOutputSchemaKeepsPropertyOrder(t *testing.T) {
	s := string(Deliverable().OutputSchema())
	last := -1
	for _, key := range []string{`"passed"`, `"overallScore"`, `"specialistRole"`, `"dimensions"`, `"failureReasons"`,
		`"revisionSuggestions"`, `"autoFailTriggered"`, `"autoFailReason"`, `"confidence"`, `"summary"`} {
		i := strings.Index(s, key+":{")
		require.GreaterOrEqual(t, i, 0, "%s missing", key)
		assert.Greater(t, i, last, "%s out of order", key)
		last = i
	}
}

// schemaNode is the subset of JSON Schema the tests read.
type schemaNode struct {
	Type       string                `json:"type"`
	Properties map[string]schemaNode `json:"properties"`
	Required   []string              `json:"required"`
	Items      *schemaNode           `json:"items"`
	Enum       []string              `json:"enum"`
}
