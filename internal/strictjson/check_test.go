package strictjson

import (
	"fmt"
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
		at      string // the offset is where this text starts in data (its last occurrence)
	}{
		{"unknown field", `{"name":"a","score":0,"bogus":1}`, "bogus", "unknown field", `"bogus"`},
		{"duplicate key", `{"name":"a","name":"b","score":0}`, "name", "duplicate key", `"name":"b"`},
		{"duplicate map key", `{"name":"a","score":0,"labels":{"k":"1","k":"2"}}`, "labels.k", "duplicate key", `"k":"2"`},
		{"missing", `{"name":"a"}`, "score", "missing", `{`},
		{"missing nested", `{"name":"a","score":0,"dimensions":[{"name":"d"}]}`, "dimensions[0].score", "missing", `{"name":"d"}`},
		{"null string", `{"name":null,"score":0}`, "name", "want a string, got null", `null`},
		{"null object", `{"name":"a","score":0,"labels":null}`, "labels", "want an object, got null", `null`},
		{"null number", `{"name":"a","score":null}`, "score", "want a number, got null", `null`},
		{"string for number", `{"name":"a","score":"0.5"}`, "score", "want a number, got a string", `"0.5"`},
		{"number for bool", `{"name":"a","score":0,"ok":1}`, "ok", "want a boolean, got a number", `1}`},
		{"object for array", `{"name":"a","score":0,"tags":{}}`, "tags", "want an array, got an object", `{}`},
		{"array for object", `[]`, "", "want an object, got an array", `[]`},
		{"wrong element", `{"name":"a","score":0,"tags":["x",2]}`, "tags[1]", "want a string, got a number", `2]`},
		{"wrong map value", `{"name":"a","score":0,"labels":{"k":true}}`, "labels.k", "want a string, got a boolean", `true`},
		{"deep path", `{"name":"a","score":0,"dimensions":[{"name":"d","score":0},{"name":"e","score":"x"}]}`, "dimensions[1].score", "want a number, got a string", `"x"`},
		{"number out of range", `{"name":"a","score":1e400}`, "score", "number 1e400 out of range", `1e400`},
		{"fractional int", `{"name":"a","score":0,"count":1.5}`, "count", "want an integer, got 1.5", `1.5`},
		{"int with exponent", `{"name":"a","score":0,"count":1e3}`, "count", "want an integer, got 1e3", `1e3`},
		{"int overflow", `{"name":"a","score":0,"count":99999999999999999999}`, "count", "want an integer, got 99999999999999999999", `99999999999999999999}`},
		{"string for int", `{"name":"a","score":0,"count":"1"}`, "count", "want an integer, got a string", `"1"`},
		{"trailing object", `{"name":"a","score":0} {}`, "", "unexpected data after the JSON object", `{}`},
		{"trailing garbage", `{"name":"a","score":0}x`, "", "unexpected data after the JSON object", `x`},
		{"syntax in value", `{"name":"a","score":}`, "score", "syntax error: invalid character '}', want a number", `}`},
		{"truncated", `{"name":"a","score":`, "score", "unexpected end of JSON, want a number", ``},
		{"empty", ``, "", "unexpected end of JSON, want an object", ``},
		{"bad json inside any", `{"name":"a","score":0,"extra":[1,}`, "extra", "syntax error: invalid character '}', want a number", `}`},
		{"bad escape", `{"name":"a\x","score":0}`, "name", "syntax error: bad escape in string", `\x`},
		{"control character", "{\"name\":\"a\x01\",\"score\":0}", "name", "syntax error: control character 0x1 in string", "\x01"},
		{"unterminated string", `{"name":"abc`, "name", "unexpected end of JSON in a string", `"abc`},
		{"missing colon", `{"name" "a"}`, "", "syntax error: invalid character '\"', want ':' after a key", ` "a"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check([]byte(tt.data), reportShape)
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, tt.field, e.Field)
			assert.Equal(t, tt.problem, e.Problem)
			want := int64(strings.LastIndex(tt.data, tt.at))
			if tt.at == "" {
				want = int64(len(tt.data))
			}
			if tt.at == " \"a\"" {
				want++ // past the space, at the '"'
			}
			assert.Equal(t, want, e.Offset, "offset of %q in %s", tt.at, tt.data)
		})
	}
}

// TestCheckOffsetOnLargeInput is the case encoding/json's token decoder gets
// wrong: past its first buffer, json.SyntaxError.Offset and InputOffset no
// longer point at the fault. The offset must be the NaN's own position.
func TestCheckOffsetOnLargeInput(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"name":"` + strings.Repeat("padding ", 700) + `","dimensions":[`)
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, `{"name":"d%d","score":0.%d},`, i, i)
	}
	b.WriteString(`{"name":"last","score":NaN}],"score":1}`)
	data := b.String()
	err := Check([]byte(data), reportShape)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, int64(strings.Index(data, "NaN")), e.Offset)
	assert.Equal(t, "dimensions[40].score", e.Field)
	assert.ErrorIs(t, err, ErrSyntax)
}

// TestCheckBoundsQuotes: a 1 MB key or number is named by its prefix.
func TestCheckBoundsQuotes(t *testing.T) {
	huge := strings.Repeat("k", 1<<20)
	err := Check([]byte(`{"name":"a","score":0,"`+huge+`":1}`), reportShape)
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 200, "the message quotes a prefix of the key")
	assert.Contains(t, err.Error(), "... (1048576 bytes): unknown field")

	digits := strings.Repeat("9", 1<<20)
	err = Check([]byte(`{"name":"a","score":0,"count":`+digits+`}`), reportShape)
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 200)
	assert.Contains(t, err.Error(), "want an integer, got 999")
}

func TestCheckDepthIsBounded(t *testing.T) {
	data := `{"name":"a","score":0,"extra":` + strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1) + `}`
	err := Check([]byte(data), reportShape)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "syntax error: nesting deeper than 10000", e.Problem)
	assert.Equal(t, int64(strings.Index(data, "[")+MaxDepth), e.Offset)

	ok := `{"name":"a","score":0,"extra":` + strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth) + `}`
	assert.NoError(t, Check([]byte(ok), reportShape))
}

func TestCheckTopLevelShapes(t *testing.T) {
	tests := []struct {
		name  string
		shape *Shape
		data  string
		want  string // empty: accepted
	}{
		{"nil shape takes anything", nil, `[1,{"a":null}]`, ""},
		{"nil shape still checks syntax", nil, `[1,`, "unexpected end of JSON, want a number (at byte 3)"},
		{"array of ints", Array(Int()), `[1,2,3]`, ""},
		{"array trailing data", Array(Int()), `[1] [2]`, "unexpected data after the JSON value (at byte 4)"},
		{"top-level null", String(), `null`, "want a string, got null (at byte 0)"},
		{"nullable top level", String().OrNull(), `null`, ""},
		{"map of arrays", Map(Array(String())), `{"a":["x"],"b":[1]}`, "b[0]: want a string, got a number (at byte 16)"},
		{"field with nil shape", Object(Required("x", nil)), `{"x":{"deep":[null]}}`, ""},
		{"unsupported kind", &Shape{Kind: 99}, `1`, "unsupported shape kind 99 (at byte 0)"},
		{"truncated literal", Bool(), `tru`, "unexpected end of JSON, want true (at byte 3)"},
		{"bad literal", Bool(), `trap`, "syntax error: invalid character 't', want true (at byte 0)"},
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
	assert.ErrorIs(t, err, ErrSyntax)

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

func TestCheckAll(t *testing.T) {
	tests := []struct {
		name string
		data string
		want []string // Error() of each problem, in order
	}{
		{"valid", `{"name":"a","score":0}`, nil},
		{"every problem, in document order", `{"name":1,"bogus":{"x":[1,2]},"score":"s","tags":[1,"x",{}],"labels":{"k":"v","k":"w"},"dimensions":[{"name":"d"}]}`, []string{
			"name: want a string, got a number (at byte 8)",
			"bogus: unknown field (at byte 10)",
			"score: want a number, got a string (at byte 38)",
			"tags[0]: want a string, got a number (at byte 50)",
			"tags[2]: want a string, got an object (at byte 56)",
			"labels.k: duplicate key (at byte 78)",
			"dimensions[0].score: missing (at byte 101)",
		}},
		{"duplicate field value is skipped", `{"name":"a","name":[{"deep":1}],"score":0}`, []string{"name: duplicate key (at byte 12)"}},
		{"wrong container is skipped whole", `{"name":"a","score":0,"dimensions":{"name":[1,{"a":2}]},"ok":"no"}`, []string{
			"dimensions: want an array, got an object (at byte 35)",
			`ok: want a boolean, got a string (at byte 61)`,
		}},
		{"several missing", `{}`, []string{"name: missing (at byte 0)", "score: missing (at byte 0)"}},
		{"syntax error ends the walk", `{"name":1,"score":}`, []string{
			"name: want a string, got a number (at byte 8)",
			"score: syntax error: invalid character '}', want a number (at byte 18)",
		}},
		{"syntax error inside a skipped value", `{"name":[1,}`, []string{
			"name: want a string, got an array (at byte 8)",
			"name: syntax error: invalid character '}', want a number (at byte 11)",
		}},
		{"trailing data after problems", `{"name":"a","score":true} []`, []string{
			"score: want a number, got a boolean (at byte 20)",
			"unexpected data after the JSON object (at byte 26)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			all, more := CheckAll([]byte(tt.data), reportShape, 0)
			for _, e := range all {
				got = append(got, e.Error())
			}
			assert.Equal(t, tt.want, got)
			assert.Zero(t, more)
			if first := Check([]byte(tt.data), reportShape); len(tt.want) > 0 {
				assert.EqualError(t, first, tt.want[0], "Check returns CheckAll's first problem")
			} else {
				assert.NoError(t, first)
			}
		})
	}
}

// TestCheckAllBounded: a million bad entries (100,000 under -short, the
// local test command; CI runs the million) give max located problems and
// a count of the rest, and the syntax error that ends the walk is kept.
func TestCheckAllBounded(t *testing.T) {
	n := 1_000_000
	if testing.Short() {
		n = 100_000
	}
	data := []byte("[" + strings.Repeat(`"x",`, n-1) + `"x"]`)
	all, more := CheckAll(data, Array(Int()), 0)
	require.Len(t, all, MaxProblems)
	assert.Equal(t, n-MaxProblems, more)
	assert.Equal(t, "[19]: want an integer, got a string (at byte 77)", all[19].Error())

	all, more = CheckAll(append(data[:len(data)-1:len(data)-1], ','), Array(Int()), 5)
	require.Len(t, all, 6, "five problems, then the syntax error")
	assert.Equal(t, n-5, more)
	assert.ErrorIs(t, all[5], io.ErrUnexpectedEOF)
}
