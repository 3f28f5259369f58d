package strictjson

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reportShape is a small document with every kind, nesting and both kinds
// of object.
var reportShape = Object(
	Required("name", String()),
	Optional("note", String()),
	Required("score", Number()),
	Optional("count", Int()),
	Optional("ok", Bool()),
	Optional("tags", Array(String()).OrNull()),
	Optional("labels", Map(String())),
	Optional("extra", Any()),
	Optional("dimensions", Array(Object(
		Required("name", String()),
		Required("score", Number()),
	))),
)

func TestCheckAccepts(t *testing.T) {
	tests := []struct {
		name string
		data string
	}{
		{"required only", `{"name":"a","score":0.5}`},
		{"every field", `{"name":"a","note":"n","score":1,"count":3,"ok":true,"tags":["x"],"labels":{"k":"v"},"extra":{"any":[1,null]},"dimensions":[{"name":"d","score":0}]}`},
		{"nullable array", `{"name":"a","score":0,"tags":null}`},
		{"any takes null", `{"name":"a","score":0,"extra":null}`},
		{"empty containers", `{"name":"a","score":0,"tags":[],"labels":{},"dimensions":[]}`},
		{"white space around", " \n\t{\"name\":\"a\",\"score\":-1e3}\n "},
		{"negative int", `{"name":"a","score":0,"count":-7}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.NoError(t, Check([]byte(tt.data), reportShape))
		})
	}
}

func TestCheckRejects(t *testing.T) {
	tests := []struct {
		name    string
		data    string
		field   string
		problem string
	}{
		{"unknown field", `{"name":"a","score":0,"bogus":1}`, "bogus", "unknown field"},
		{"duplicate key", `{"name":"a","name":"b","score":0}`, "name", "duplicate key"},
		{"duplicate map key", `{"name":"a","score":0,"labels":{"k":"1","k":"2"}}`, "labels.k", "duplicate key"},
		{"missing", `{"name":"a"}`, "score", "missing"},
		{"missing nested", `{"name":"a","score":0,"dimensions":[{"name":"d"}]}`, "dimensions[0].score", "missing"},
		{"null string", `{"name":null,"score":0}`, "name", "want a string, got null"},
		{"null object", `{"name":"a","score":0,"labels":null}`, "labels", "want an object, got null"},
		{"null number", `{"name":"a","score":null}`, "score", "want a number, got null"},
		{"string for number", `{"name":"a","score":"0.5"}`, "score", "want a number, got a string"},
		{"number for bool", `{"name":"a","score":0,"ok":1}`, "ok", "want a boolean, got a number"},
		{"object for array", `{"name":"a","score":0,"tags":{}}`, "tags", "want an array, got an object"},
		{"array for object", `[]`, "", "want an object, got an array"},
		{"wrong element", `{"name":"a","score":0,"tags":["x",2]}`, "tags[1]", "want a string, got a number"},
		{"wrong map value", `{"name":"a","score":0,"labels":{"k":true}}`, "labels.k", "want a string, got a boolean"},
		{"deep path", `{"name":"a","score":0,"dimensions":[{"name":"d","score":0},{"name":"e","score":"x"}]}`, "dimensions[1].score", "want a number, got a string"},
		{"number out of range", `{"name":"a","score":1e400}`, "score", "number 1e400 out of range"},
		{"fractional int", `{"name":"a","score":0,"count":1.5}`, "count", "want an integer, got 1.5"},
		{"int with exponent", `{"name":"a","score":0,"count":1e3}`, "count", "want an integer, got 1e3"},
		{"int overflow", `{"name":"a","score":0,"count":99999999999999999999}`, "count", "want an integer, got 99999999999999999999"},
		{"string for int", `{"name":"a","score":0,"count":"1"}`, "count", "want an integer, got a string"},
		{"trailing object", `{"name":"a","score":0} {}`, "", "unexpected data after the JSON object"},
		{"trailing garbage", `{"name":"a","score":0}x`, "", "unexpected data after the JSON object"},
		{"syntax in value", `{"name":"a","score":}`, "score", "syntax error: invalid character '}' looking for beginning of value"},
		{"truncated", `{"name":"a","score":`, "score", "unexpected end of JSON"},
		{"empty", ``, "", "unexpected end of JSON"},
		{"bad json inside any", `{"name":"a","score":0,"extra":[1,}`, "extra", "syntax error: invalid character '}' looking for beginning of value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check([]byte(tt.data), reportShape)
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, tt.field, e.Field)
			assert.Equal(t, tt.problem, e.Problem)
			assert.GreaterOrEqual(t, e.Offset, int64(0))
			assert.LessOrEqual(t, e.Offset, int64(len(tt.data)))
		})
	}
}

// TestCheckOffset checks that the offset points at the offending value:
// just past it, not at the start or end of the document.
func TestCheckOffset(t *testing.T) {
	data := `{"name": "a", "score": "high", "ok": true}`
	err := Check([]byte(data), reportShape)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, int64(strings.Index(data, `"high"`)+len(`"high"`)), e.Offset)
	assert.Equal(t, `score: want a number, got a string (at byte 29)`, e.Error())
}

func TestCheckTopLevelShapes(t *testing.T) {
	tests := []struct {
		name  string
		shape *Shape
		data  string
		want  string // empty: accepted
	}{
		{"nil shape takes anything", nil, `[1,{"a":null}]`, ""},
		{"nil shape still checks syntax", nil, `[1,`, "unexpected end of JSON (at byte 3)"},
		{"array of ints", Array(Int()), `[1,2,3]`, ""},
		{"array trailing data", Array(Int()), `[1] [2]`, "unexpected data after the JSON value (at byte 4)"},
		{"top-level null", String(), `null`, "want a string, got null (at byte 4)"},
		{"nullable top level", String().OrNull(), `null`, ""},
		{"map of arrays", Map(Array(String())), `{"a":["x"],"b":[1]}`, "b[0]: want a string, got a number (at byte 17)"},
		{"field with nil shape", Object(Required("x", nil)), `{"x":{"deep":[null]}}`, ""},
		{"unsupported kind", &Shape{Kind: 99}, `1`, "unsupported shape kind 99 (at byte 1)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check([]byte(tt.data), tt.shape)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tt.want)
		})
	}
}

func TestErrorUnwrap(t *testing.T) {
	err := Check([]byte(`{"a":`), Map(Int()))
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF)

	err = Check([]byte(`{"a":}`), Map(Int()))
	var se *json.SyntaxError
	assert.True(t, errors.As(err, &se), "a syntax problem wraps *json.SyntaxError: %v", err)

	err = Check([]byte(`{"a":1}  {}`), Map(Int()))
	assert.ErrorIs(t, err, ErrTrailingData)

	err = Check([]byte(`{"a":"x"}`), Map(Int()))
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.NoError(t, e.Unwrap(), "a shape problem has no underlying error")
}

func TestOrNullCopies(t *testing.T) {
	base := Array(String())
	n := base.OrNull()
	assert.False(t, base.Nullable, "OrNull must not change its receiver")
	assert.True(t, n.Nullable)
	assert.Equal(t, KindArray, n.Kind)
	var nilShape *Shape
	assert.Equal(t, &Shape{Nullable: true}, nilShape.OrNull())
}

func TestKindString(t *testing.T) {
	tests := map[Kind]string{
		KindAny: "any value", KindObject: "an object", KindMap: "an object", KindArray: "an array",
		KindString: "a string", KindNumber: "a number", KindInt: "an integer", KindBool: "a boolean",
	}
	for k, want := range tests {
		assert.Equal(t, want, k.String())
	}
}

func TestTokenKind(t *testing.T) {
	tests := []struct {
		tok  json.Token
		want string
	}{
		{nil, "null"}, {true, "a boolean"}, {json.Number("1"), "a number"}, {1.5, "a number"},
		{"s", "a string"}, {json.Delim('{'), "an object"}, {json.Delim('['), "an array"},
		{json.Delim('}'), "'}'"}, {json.Delim(']'), "']'"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, TokenKind(tt.tok), "%#v", tt.tok)
	}
}

func TestCheckAll(t *testing.T) {
	tests := []struct {
		name string
		data string
		want []string // Error() of each problem, in order
	}{
		{"valid", `{"name":"a","score":0}`, nil},
		{"every problem, in document order", `{"name":1,"bogus":{"x":[1,2]},"score":"s","tags":[1,"x",{}],"labels":{"k":"v","k":"w"},"dimensions":[{"name":"d"}]}`, []string{
			"name: want a string, got a number (at byte 9)",
			"bogus: unknown field (at byte 17)",
			"score: want a number, got a string (at byte 41)",
			"tags[0]: want a string, got a number (at byte 51)",
			"tags[2]: want a string, got an object (at byte 57)",
			"labels.k: duplicate key (at byte 81)",
			"dimensions[0].score: missing (at byte 113)",
		}},
		{"duplicate field value is skipped", `{"name":"a","name":[{"deep":1}],"score":0}`, []string{"name: duplicate key (at byte 18)"}},
		{"wrong container is skipped whole", `{"name":"a","score":0,"dimensions":{"name":[1,{"a":2}]},"ok":"no"}`, []string{
			"dimensions: want an array, got an object (at byte 36)",
			`ok: want a boolean, got a string (at byte 65)`,
		}},
		{"several missing", `{}`, []string{"name: missing (at byte 2)", "score: missing (at byte 2)"}},
		{"syntax error ends the walk", `{"name":1,"score":}`, []string{
			"name: want a string, got a number (at byte 9)",
			"score: syntax error: invalid character '}' looking for beginning of value (at byte 18)",
		}},
		{"syntax error inside a skipped value", `{"name":[1,}`, []string{
			"name: want a string, got an array (at byte 9)",
			"name: syntax error: invalid character '}' looking for beginning of value (at byte 11)",
		}},
		{"trailing data after problems", `{"name":"a","score":true} []`, []string{
			"score: want a number, got a boolean (at byte 24)",
			"unexpected data after the JSON object (at byte 26)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, e := range CheckAll([]byte(tt.data), reportShape) {
				got = append(got, e.Error())
			}
			assert.Equal(t, tt.want, got)
			if first := Check([]byte(tt.data), reportShape); len(tt.want) > 0 {
				assert.EqualError(t, first, tt.want[0], "Check returns CheckAll's first problem")
			} else {
				assert.NoError(t, first)
			}
		})
	}
}
