package rubric

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSaveLoadRoundTrip(t *testing.T) {
	for _, r := range []Rubric{Deliverable(), small()} {
		var buf bytes.Buffer
		require.NoError(t, r.Save(&buf))
		got, err := Load(&buf)
		require.NoError(t, err)
		assert.Equal(t, r, got)
	}
}

func TestSaveLoadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json")
	r := Deliverable()
	var buf bytes.Buffer
	require.NoError(t, r.Save(&buf))
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	got, err := LoadFile(path)
	require.NoError(t, err)
	assert.Equal(t, r, got)

	_, err = LoadFile(filepath.Join(t.TempDir(), "missing.json"))
	assert.ErrorIs(t, err, os.ErrNotExist)

	require.NoError(t, os.WriteFile(path, []byte(`{"name":1}`), 0o644))
	_, err = LoadFile(path)
	assert.ErrorIs(t, err, ErrInvalidRubric)
	assert.Contains(t, err.Error(), path+": name: want a string, got a number")
}

func TestSaveRefusesInvalid(t *testing.T) {
	r := small()
	r.Dimensions[0].Weight = 1.7
	var buf bytes.Buffer
	err := r.Save(&buf)
	assert.ErrorIs(t, err, ErrInvalidRubric)
	assert.Zero(t, buf.Len())
}

// smallJSON is small() as JSON with a hole where tests put a mutation.
const smallJSON = `{
  "name": "small", "version": "1",
  "dimensions": [
    {"name": "A", "weight": 0.6, "floor": 0.5, "autoFail": true, "policy": true},
    {"name": "B", "weight": 0.4 %s}
  ],
  "passThreshold": 0.75,
  "bands": [
    {"name": "fail", "min": 0, "max": 0.75, "maxExclusive": true},
    {"name": "pass", "min": 0.75, "max": 1}
  ],
  "rules": {"lowScore": 0.5, "lowDimensionsFail": 2, "humanReviewBelow": 0.6, "limitedVerificationBelow": 0.75, "mismatchTolerance": 0.01}
}`

func TestLoadStrict(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // substring of the error; empty means success
	}{
		{"valid", strings.Replace(smallJSON, "%s", "", 1), ""},
		{"unknown field", strings.Replace(smallJSON, "%s", `, "wieght": 1`, 1), "dimensions[1].wieght: unknown field"},
		{"duplicate key", strings.Replace(smallJSON, "%s", `, "weight": 0.4`, 1), "dimensions[1].weight: duplicate key"},
		{"wrong type", strings.Replace(smallJSON, "%s", `, "floor": "high"`, 1), "dimensions[1].floor: want a number, got a string"},
		{"null", strings.Replace(smallJSON, "%s", `, "checks": null`, 1), "dimensions[1].checks: want an array, got null"},
		{"bad bool", strings.Replace(smallJSON, "%s", `, "autoFail": 1`, 1), "dimensions[1].autoFail: want a boolean, got a number"},
		{"check not a string", strings.Replace(smallJSON, "%s", `, "checks": ["a", 2]`, 1), "dimensions[1].checks[1]: want a string, got a number"},
		{"out of range number", strings.Replace(smallJSON, "%s", `, "floor": 1e999`, 1), "dimensions[1].floor: number 1e999 out of range"},
		{"invalid value", strings.Replace(strings.Replace(smallJSON, "%s", "", 1), `"weight": 0.4`, `"weight": 1.7`, 1), "dimensions[1].weight: must be in [0,1], got 1.7"},
		{"non-integer count", strings.Replace(strings.Replace(smallJSON, "%s", "", 1), `"lowDimensionsFail": 2`, `"lowDimensionsFail": 1.5`, 1), "rules.lowDimensionsFail: want an integer, got 1.5"},
		{"missing rule", strings.Replace(strings.Replace(smallJSON, "%s", "", 1), `"mismatchTolerance": 0.01`, `"lowScore2": 0`, 1), "rules.lowScore2: unknown field"},
		{"missing field", strings.Replace(strings.Replace(smallJSON, "%s", "", 1), `, "mismatchTolerance": 0.01`, ``, 1), "rules.mismatchTolerance: missing"},
		{"missing weight", strings.Replace(strings.Replace(smallJSON, "%s", "", 1), `"weight": 0.4`, `"floor": 0`, 1), "dimensions[1].weight: missing"},
		{"trailing data", strings.Replace(smallJSON, "%s", "", 1) + " {}", "unexpected data after the JSON object"},
		{"syntax", `{"name": "x",}`, "syntax error"},
		{"truncated", `{"name": "x"`, "unexpected end of JSON"},
		{"not an object", `[1]`, "want an object, got an array"},
		{"empty", ``, "unexpected end of JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Load(strings.NewReader(tt.in))
			if tt.want == "" {
				require.NoError(t, err)
				assert.Equal(t, "small", r.Name)
				return
			}
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrInvalidRubric)
			assert.Contains(t, err.Error(), tt.want)
			assert.Zero(t, r.Name, "a failed load returns the zero rubric")
		})
	}
}

func TestLoadReadError(t *testing.T) {
	_, err := Load(iotest.ErrReader(errors.New("disk gone")))
	assert.ErrorContains(t, err, "rubric: load: disk gone")
}

func TestLoadErrorCarriesOffset(t *testing.T) {
	in := strings.Replace(smallJSON, "%s", `, "floor": "high"`, 1)
	_, err := Load(strings.NewReader(in))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "(at byte ")
}
