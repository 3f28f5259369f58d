package evaluator

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const passJSON = `{"status":"pass","score":0.9,"criteria":[{"name":"tone","passed":true,"evidenceRefs":["e1"],"reason":"polite"}],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`

func TestParseDecisionAccepts(t *testing.T) {
	want := EvaluationDecision{
		Status:               StatusPass,
		Score:                0.9,
		Criteria:             []Criterion{{Name: "tone", Passed: true, EvidenceRefs: []string{"e1"}, Reason: "polite"}},
		BlockingFailures:     []string{},
		RevisionInstructions: []string{},
	}
	tests := []struct {
		name string
		raw  string
	}{
		{"bare", passJSON},
		{"bare with surrounding white space", "\n\t  " + passJSON + "\n\n"},
		{"json fence", "```json\n" + passJSON + "\n```"},
		{"bare fence", "```\n" + passJSON + "\n```"},
		{"fence after prose, prose after fence", "Here is my evaluation:\n\n```JSON\n" + passJSON + "\n```\nLet me know if you need more."},
		{"after a line of prose", "Sure, here is the decision.\n" + passJSON},
		{"after several lines of prose, indented", "Thinking...\nDone.\r\n   " + passJSON},
		{"pretty printed", prettyPass(t)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseDecision([]byte(tt.raw))
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
}

func prettyPass(t *testing.T) string {
	var v any
	require.NoError(t, json.Unmarshal([]byte(passJSON), &v))
	b, err := json.MarshalIndent(v, "", "  ")
	require.NoError(t, err)
	return string(b)
}

func TestParseDecisionOptionalFields(t *testing.T) {
	d, err := ParseDecision([]byte(`{"status":"revise","score":0.4,"revisionInstructions":["say which order"],"stopReason":"max_revisions"}`))
	require.NoError(t, err)
	assert.Equal(t, StatusRevise, d.Status)
	assert.Equal(t, StopMaxRevisions, d.StopReason)
	assert.Nil(t, d.Criteria)
}

func TestParseDecisionRejects(t *testing.T) {
	tests := []struct {
		name   string
		raw    string
		field  string // expected ParseError.Field
		want   string // substring of the message
		offset int64  // expected offset; -2 = any non-negative, -1 = none
	}{
		{"empty", "", "", "empty reply", 0},
		{"only white space", "  \n ", "", "empty reply", 0},
		{"prose only", "I think it passes.", "", "no JSON object found", 0},
		{"not an object", `["pass"]`, "", "no JSON object found", 0},
		{"unclosed fence", "```json\n" + passJSON, "", "code fence is not closed", 0},
		{"fence without object", "```json\n[1]\n```", "", "code fence does not hold a JSON object", 8},
		{"syntax error", `{"status":"pass","score":0.9,}`, "", "syntax error", -2},
		{"truncated", `{"status":"pass","score":0.9`, "", "unexpected end of JSON", -2},
		{"unknown top-level field", `{"status":"pass","score":1,"verdict":"ok"}`, "verdict", "unknown field", 27},
		{"unknown criterion field", `{"status":"pass","score":1,"criteria":[{"name":"a","passed":true,"weight":1}]}`, "criteria[0].weight", "unknown field", -2},
		{"duplicate top-level key", `{"status":"block","score":1,"status":"pass"}`, "status", "duplicate key", -2},
		{"duplicate criterion key", `{"status":"pass","score":1,"criteria":[{"name":"a","name":"b","passed":true}]}`, "criteria[0].name", "duplicate key", -2},
		{"missing status", `{"score":1}`, "status", "missing", -1},
		{"missing score", `{"status":"pass"}`, "score", "missing", -1},
		{"missing criterion name", `{"status":"pass","score":1,"criteria":[{"passed":true}]}`, "criteria[0].name", "missing", -2},
		{"missing criterion passed", `{"status":"pass","score":1,"criteria":[{"name":"a"}]}`, "criteria[0].passed", "missing", -2},
		{"status wrong type", `{"status":1,"score":1}`, "status", "want a string, got a number", -2},
		{"status null", `{"status":null,"score":1}`, "status", "want a string, got null", -2},
		{"score as string", `{"status":"pass","score":"0.9"}`, "score", "want a number, got a string", -2},
		{"score overflow", `{"status":"pass","score":1e999}`, "score", "out of range", -2},
		{"criteria not array", `{"status":"pass","score":1,"criteria":{}}`, "criteria", "want an array, got an object", -2},
		{"criterion not object", `{"status":"pass","score":1,"criteria":["a"]}`, "criteria[0]", "want an object, got a string", -2},
		{"passed as string", `{"status":"pass","score":1,"criteria":[{"name":"a","passed":"true"}]}`, "criteria[0].passed", "want a boolean", -2},
		{"evidence ref not string", `{"status":"pass","score":1,"criteria":[{"name":"a","passed":true,"evidenceRefs":[1]}]}`, "criteria[0].evidenceRefs[0]", "want a string", -2},
		{"instructions not strings", `{"status":"revise","score":1,"revisionInstructions":[{"x":1}]}`, "revisionInstructions[0]", "want a string, got an object", -2},
		{"trailing text after bare JSON", `{"status":"pass","score":1} and that is final`, "", "unexpected data after the JSON object", -2},
		{"two objects", `{"status":"pass","score":1}{"status":"block","score":0}`, "", "unexpected data after the JSON object", -2},
		// Rules Validate enforces, reached through the parser.
		{"unknown status", `{"status":"approved","score":1}`, "status", "must be one of", -1},
		{"score above 1", `{"status":"pass","score":1.5}`, "score", "must be in [0,1], got 1.5", -1},
		{"score negative", `{"status":"pass","score":-0.1}`, "score", "must be in [0,1]", -1},
		{"pass with blocking failure", `{"status":"pass","score":1,"blockingFailures":["x"]}`, "blockingFailures", "a pass must have no blocking failures", -1},
		{"block without failures", `{"status":"block","score":0}`, "blockingFailures", "a block needs at least one", -1},
		{"revise without instructions", `{"status":"revise","score":0.5}`, "revisionInstructions", "a revise needs at least one", -1},
		{"empty criterion name", `{"status":"pass","score":1,"criteria":[{"name":"","passed":true}]}`, "criteria[0].name", "empty", -1},
		{"unknown stop reason", `{"status":"pass","score":1,"stopReason":"done"}`, "stopReason", "unknown stop reason", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ParseDecision([]byte(tt.raw))
			require.Error(t, err)
			assert.Equal(t, EvaluationDecision{}, d, "a rejected reply yields the zero decision")
			assert.ErrorIs(t, err, ErrInvalidDecision)
			var pe *ParseError
			require.True(t, errors.As(err, &pe), "want *ParseError, got %T", err)
			assert.Equal(t, tt.field, pe.Field)
			assert.Contains(t, pe.Problem, tt.want)
			switch {
			case tt.offset == -2:
				assert.GreaterOrEqual(t, pe.Offset, int64(0))
				assert.LessOrEqual(t, pe.Offset, int64(len(tt.raw)))
				assert.Contains(t, err.Error(), "(at byte ")
			default:
				assert.Equal(t, tt.offset, pe.Offset)
			}
		})
	}
}

func TestParseDecisionOffsetsAreInRawReply(t *testing.T) {
	// The syntax error sits after a prose prefix and a fence; its offset
	// must count from the start of the raw reply, not of the JSON body.
	prefix := "Here you go:\n```json\n"
	raw := prefix + `{"status":"pass",,"score":1}` + "\n```"
	_, err := ParseDecision([]byte(raw))
	var pe *ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, int64(len(prefix)+len(`{"status":"pass",`)), pe.Offset, "offset of the second comma")
}

func TestParseDecisionJoinedValidationErrors(t *testing.T) {
	_, err := ParseDecision([]byte(`{"status":"nope","score":7}`))
	var pe *ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "", pe.Field, "several problems: no single field")
	assert.True(t, strings.Contains(err.Error(), "status:") && strings.Contains(err.Error(), "score:"))
	var fe *FieldError
	assert.ErrorAs(t, err, &fe, "the underlying field errors stay reachable")
}

// TestParseDecisionOffsetsAtTheFault: every located problem points at the
// fault itself, also deep into a long reply (a token decoder's offsets
// drift past its first buffer). Each raw reply holds the marker ‹ just
// before the faulty byte; it is removed before parsing.
func TestParseDecisionOffsetsAtTheFault(t *testing.T) {
	pad := `{"name":"` + strings.Repeat("padding ", 600) + `","passed":true},`
	pre := "Reasoning first.\n```json\n" + `{"status":"pass","score":1,"criteria":[` + pad + pad
	tests := []struct{ name, raw string }{
		{"unknown field", pre + `{"name":"a","passed":true,‹"weight":1}]}` + "\n```"},
		{"duplicate key", pre + `{"name":"a",‹"name":"b","passed":true}]}` + "\n```"},
		{"missing field: the object's brace", pre + `‹{"name":"a"}]}` + "\n```"},
		{"wrong type", pre + `{"name":"a","passed":‹"yes"}]}` + "\n```"},
		{"number out of range", `{"status":"pass","criteria":[` + pad + pad + `{"name":"a","passed":true}],"score":‹1e999}`},
		{"syntax error", pre + `{"name":"a","passed":true}‹;]}` + "\n```"},
		{"bad literal", pre + `{"name":"a","passed":‹trve}]}` + "\n```"},
		{"NaN", `{"status":"pass","criteria":[` + pad + pad + `{"name":"a","passed":true}],"score":‹NaN}`},
		{"bad escape", pre + `{"name":"a‹\x","passed":true}]}` + "\n```"},
		{"trailing data", `{"status":"pass","score":1,"criteria":[` + pad + pad + `{"name":"a","passed":true}]} ‹and more`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := strings.Index(tt.raw, "‹")
			raw := strings.Replace(tt.raw, "‹", "", 1)
			_, err := ParseDecision([]byte(raw))
			var pe *ParseError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, int64(want), pe.Offset, "%v; at the offset: %.20q", err, raw[min(int(pe.Offset), len(raw)):])
			assert.Greater(t, want, 9000, "the fault lies past the first buffer")
		})
	}
}

// TestParseDecisionBoundsItsMessages: a reply with a 4 MB key, status or
// number gives an error that quotes a short prefix of it. Under -short
// (the local test command) the values are 1 MB, still thousands of times
// the bound; CI runs 4 MB.
func TestParseDecisionBoundsItsMessages(t *testing.T) {
	size := 4 << 20
	if testing.Short() {
		size = 1 << 20
	}
	huge := strings.Repeat("x", size)
	for name, raw := range map[string]string{
		"key":           `{"status":"pass","score":1,"` + huge + `":1}`,
		"criterion key": `{"status":"pass","score":1,"criteria":[{"` + huge + `":1}]}`,
		"status":        `{"status":"` + huge + `","score":1}`,
		"stop reason":   `{"status":"pass","score":1,"stopReason":"` + huge + `"}`,
		"number":        `{"status":"pass","score":1` + strings.Repeat("0", size) + `e999}`,
		"prose":         huge,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := ParseDecision([]byte(raw))
			require.Error(t, err)
			assert.Less(t, len(err.Error()), 300, "%.300s", err.Error())
			assert.Contains(t, err.Error(), "bytes)")
		})
	}
}
