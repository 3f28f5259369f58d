package quality

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
)

const okCaseJSON = `{"case_id":"a","candidate":"x","expected_decision":{"status":"pass"}}`

func TestParseCasesAccepts(t *testing.T) {
	data := `[
  {
    "case_id": "refund-1",
    "task": "Answer the refund request.",
    "criteria": ["cites the invoice"],
    "candidate": "Refund of 49.99 approved [inv-1].",
    "available_evidence": [{"id": "inv-1", "source": "crm", "content": "Invoice 49.99", "metadata": {"kind": "invoice"}}],
    "expected_decision": {"status": "block", "blocking_failures": ["unsupported"], "must_not_pass": true, "required_revision_instruction": "cite"},
    "human_label": "revise",
    "tags": ["t"],
    "note": "why"
  },
  ` + okCaseJSON + `
]`
	got, err := parseCases("", []byte(data))
	require.NoError(t, err)
	want := []Case{{
		ID: "refund-1", Task: "Answer the refund request.", Criteria: []string{"cites the invoice"},
		Candidate:         "Refund of 49.99 approved [inv-1].",
		AvailableEvidence: []evaluator.Evidence{{ID: "inv-1", Source: "crm", Content: "Invoice 49.99", Metadata: map[string]string{"kind": "invoice"}}},
		Expected: ExpectedDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"unsupported"},
			MustNotPass: true, RequiredRevisionInstruction: "cite"},
		HumanLabel: evaluator.StatusRevise, Tags: []string{"t"}, Note: "why",
	}, {ID: "a", Candidate: "x", Expected: ExpectedDecision{Status: evaluator.StatusPass}}}
	assert.Equal(t, want, got)

	jl, err := parseCasesJSONL("", []byte("\n"+okCaseJSON+"\r\n\n"+strings.Replace(okCaseJSON, `"a"`, `"b"`, 1)+"\n"))
	require.NoError(t, err)
	require.Len(t, jl, 2)
	assert.Equal(t, "b", jl[1].ID)
}

func TestParseCasesRejects(t *testing.T) {
	tests := []struct {
		name string
		data string
		want string // the full message after "quality: "
	}{
		{"not an array", `{"case_id":"a"}`, "want a JSON array of cases, got an object"},
		{"empty input", ``, "unexpected end of JSON, want a JSON array of cases"},
		{"empty array", `[]`, "no cases"},
		{"syntax error", "[\n" + okCaseJSON + ",\n{\"case_id\": }]", "cases[1].case_id: syntax error: invalid character '}', want a string"},
		{"trailing data", "[" + okCaseJSON + "] []", "unexpected data after the JSON array of cases"},
		{"unterminated array", "[" + okCaseJSON, "unexpected end of JSON, want ',' or ']' after an array element"},
		{"case not an object", `["x"]`, "cases[0]: want an object, got a string"},
		{"unknown top field", `[{"case_id":"a","candidate":"x","expected_decision":{"status":"pass"},"verdict":"pass"}]`, "cases[0].verdict: unknown field"},
		{"unknown nested field", `[{"case_id":"a","candidate":"x","expected_decision":{"status":"pass","score":1}}]`, "cases[0].expected_decision.score: unknown field"},
		{"unknown evidence field", `[{"case_id":"a","candidate":"x","available_evidence":[{"id":"e","text":"t"}],"expected_decision":{"status":"pass"}}]`,
			"cases[0].available_evidence[0].text: unknown field"},
		{"duplicate key", `[{"case_id":"a","case_id":"b","candidate":"x","expected_decision":{"status":"pass"}}]`, "cases[0].case_id: duplicate key"},
		{"null value", `[{"case_id":"a","candidate":null,"expected_decision":{"status":"pass"}}]`, "cases[0].candidate: want a string, got null"},
		{"wrong type", `[{"case_id":"a","candidate":"x","expected_decision":{"status":"pass","must_not_pass":"yes"}}]`,
			"cases[0].expected_decision.must_not_pass: want a boolean, got a string"},
		{"wrong element type", `[{"case_id":"a","candidate":"x","tags":["a",1],"expected_decision":{"status":"pass"}}]`, "cases[0].tags[1]: want a string, got a number"},
		{"metadata value type", `[{"case_id":"a","candidate":"x","available_evidence":[{"id":"e","content":"c","metadata":{"k":1}}],"expected_decision":{"status":"pass"}}]`,
			"cases[0].available_evidence[0].metadata.k: want a string, got a number"},
		{"unknown status", `[{"case_id":"a","candidate":"x","expected_decision":{"status":"ok"}}]`,
			`cases[0].expected_decision.status: must be one of pass, revise, block, escalate; got "ok"`},
		{"empty candidate", `[{"case_id":"a","candidate":"  ","expected_decision":{"status":"pass"}}]`, "cases[0].candidate: empty"},
		{"duplicate case id", "[" + okCaseJSON + "," + okCaseJSON + "]", `cases[1].case_id: duplicate of cases[0].case_id "a"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseCases("", []byte(tt.data))
			require.Error(t, err)
			assert.Nil(t, got)
			assert.ErrorIs(t, err, ErrInvalidCase)
			assert.Equal(t, "quality: "+tt.want, err.Error())
		})
	}
}

func TestParseCasesJSONLRejects(t *testing.T) {
	tests := []struct {
		name string
		data string
		want string
	}{
		{"blank file", "\n \n", "no cases"},
		{"second case bad, line counted", okCaseJSON + "\n\n{\"case_id\":\"b\",\"candidate\":\"x\",\"expected_decision\":{}}\n", "cases[1].expected_decision.status: missing"},
		{"two objects on a line", okCaseJSON + " " + okCaseJSON, "cases[0]: unexpected data after the JSON object"},
		{"syntax", `{"case_id":`, "cases[0].case_id: unexpected end of JSON, want a string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseCasesJSONL("", []byte(tt.data))
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrInvalidCase)
			assert.Equal(t, "quality: "+tt.want, err.Error())
		})
	}
}

func TestReadCasesNamesFileAndLine(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(data), 0o600))
		return p
	}
	tests := []struct {
		name, file, data string
		line             int
		want             string
	}{
		{"json array, unknown field on line 4", "cases.json", "[\n" + okCaseJSON + ",\n{\"case_id\":\"b\",\"candidate\":\"x\",\n \"bogus\": 1,\n \"expected_decision\":{\"status\":\"pass\"}}\n]", 4,
			"cases[1].bogus: unknown field"},
		{"json array, validation names the case's first line", "cases.json", "[\n" + okCaseJSON + ",\n\n" + okCaseJSON + "\n]", 4,
			`cases[1].case_id: duplicate of cases[0].case_id "a"`},
		{"jsonl by extension", "cases.jsonl", okCaseJSON + "\n" + `{"case_id":"b","candidate":"","expected_decision":{"status":"pass"}}`, 2,
			"cases[1].candidate: empty"},
		{"ndjson by extension", "cases.NDJSON", "\n\n" + `{"case_id":"b"`, 3, "cases[0]: unexpected end of JSON, want ',' or '}' after an object value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := write(tt.file, tt.data)
			_, err := ReadCases(p)
			require.Error(t, err)
			var ce *CaseError
			require.True(t, errors.As(err, &ce), "%v", err)
			assert.Equal(t, p, ce.File)
			assert.Equal(t, tt.line, ce.Line)
			assert.Equal(t, "quality: "+p+":"+strconv.Itoa(tt.line)+": "+tt.want, err.Error())
		})
	}

	_, err := ReadCases(filepath.Join(dir, "missing.json"))
	require.ErrorIs(t, err, os.ErrNotExist)

	good := write("good.jsonl", okCaseJSON+"\n")
	cases, err := ReadCases(good)
	require.NoError(t, err)
	assert.Len(t, cases, 1)
}

// TestCaseShapeMatchesStruct keeps caseShape (used for strict decoding) in
// step with the JSON tags of Case and the types it nests.
func TestCaseShapeMatchesStruct(t *testing.T) {
	field := func(s *strictjson.Shape, name string) *strictjson.Shape {
		t.Helper()
		for _, f := range s.Fields {
			if f.Name == name {
				return f.Shape
			}
		}
		t.Fatalf("caseShape has no field %q", name)
		return nil
	}
	check := func(name string, s *strictjson.Shape, typ reflect.Type) {
		t.Helper()
		var tags []string
		for i := range typ.NumField() {
			tag := strings.Split(typ.Field(i).Tag.Get("json"), ",")[0]
			tags = append(tags, tag)
		}
		var keys []string
		for _, f := range s.Fields {
			keys = append(keys, f.Name)
		}
		sort.Strings(tags)
		sort.Strings(keys)
		assert.Equal(t, tags, keys, name)
	}
	check("case", caseShape, reflect.TypeOf(Case{}))
	check("expected_decision", field(caseShape, "expected_decision"), reflect.TypeOf(ExpectedDecision{}))
	check("available_evidence", field(caseShape, "available_evidence").Elem, reflect.TypeOf(evaluator.Evidence{}))
	check("requirements", field(caseShape, "requirements").Elem, reflect.TypeOf(evaluator.Requirement{}))
}

// TestCaseFilesReportTheFaultsLine: a fault in the starter set is located
// by its own line, counted from its exact byte offset.
func TestCaseFilesReportTheFaultsLine(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "evaluator_cases.json"))
	require.NoError(t, err)
	// The last case's human label becomes a number: the error names its
	// line, counted from the fault's own offset.
	s := string(data)
	i := strings.LastIndex(s, `"human_label": `) + len(`"human_label": `)
	j := i + strings.IndexByte(s[i:], ',')
	bad := s[:i] + "7" + s[j:]
	_, err = parseCases("", []byte(bad))
	var ce *CaseError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, strings.Count(bad[:i], "\n")+1, ce.Line)
	assert.Equal(t, "human_label", ce.Field)
	assert.Equal(t, "want a string, got a number", ce.Problem)
	var pe *evaluator.ParseError
	require.ErrorAs(t, err, &pe, "the located problem is the module's ParseError")
	assert.Equal(t, int64(i), pe.Offset, "the offset of the bad value itself")

	// The same in JSON Lines: the offset counts from the start of the file.
	jsonl := "\n" + `{"case_id":"a","candidate":"x","expected_decision":{"status":"pass"}}` + "\n  " +
		`{"case_id":"b","candidate":"y","expected_decision":{"status":7}}` + "\n"
	_, err = parseCasesJSONL("", []byte(jsonl))
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, int64(strings.Index(jsonl, "7}")), pe.Offset)
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, 3, ce.Line)
	assert.Equal(t, "expected_decision.status", ce.Field)
}
