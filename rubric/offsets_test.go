package rubric

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// savedDeliverable is the deliverable preset as Save writes it (about 6 KB).
func savedDeliverable(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, Deliverable().Save(&buf))
	return buf.String()
}

// TestLoadOffsetsAtTheFault: on a real rubric file the reported offset is
// the fault's own position, also past the first 4 KB (where a token
// decoder's offsets drift: a NaN at byte 5944 was reported at 4787).
func TestLoadOffsetsAtTheFault(t *testing.T) {
	file := savedDeliverable(t)
	last := strings.LastIndex(file, `"mismatchTolerance": `) + len(`"mismatchTolerance": `)
	tests := []struct {
		name, data, field string
		at                int
	}{
		{"NaN near the end", file[:last] + "NaN" + file[last+len("0.01"):], "rules.mismatchTolerance", last},
		{"wrong type near the end", file[:last] + `"0.01"` + file[last+len("0.01"):], "rules.mismatchTolerance", last},
		{"unknown field near the end", file[:last-len(`"mismatchTolerance": `)] + `"bogus": 1, ` + file[last-len(`"mismatchTolerance": `):], "rules.bogus", last - len(`"mismatchTolerance": `)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Greater(t, tt.at, 4096)
			_, err := Load(strings.NewReader(tt.data))
			var pe *evaluator.ParseError
			require.True(t, errors.As(err, &pe), "%v", err)
			assert.Equal(t, tt.field, pe.Field)
			assert.Equal(t, int64(tt.at), pe.Offset)
			assert.ErrorIs(t, err, ErrInvalidRubric)
		})
	}
}

// TestParseJudgeOutputOffsetsAtTheFault: offsets count from the start of
// the raw reply, past prose and fence, and point at the bad value.
func TestParseJudgeOutputOffsetsAtTheFault(t *testing.T) {
	out := goodOutput(0.9)
	for i := range out.Dimensions {
		out.Dimensions[i].Evidence = strings.Repeat("quoted clause text ", 40)
	}
	body := string(marshal(t, out))
	bad := strings.Replace(body, `"confidence":0.9`, `"confidence":"high"`, 1)
	raw := "I reviewed it.\n```json\n" + bad + "\n```\n"
	_, err := ParseJudgeOutput([]byte(raw), Deliverable())
	var pe *evaluator.ParseError
	require.True(t, errors.As(err, &pe), "%v", err)
	assert.Equal(t, "confidence", pe.Field)
	want := int64(strings.Index(raw, `"high"`))
	require.Greater(t, want, int64(4096))
	assert.Equal(t, want, pe.Offset)
}

// TestErrorsQuoteAPrefix: a judge reply or rubric file with a 4 MB name
// gives a short error. Under -short (the local test command) the name is
// 1 MB, still hundreds of times the bound; CI runs 4 MB.
func TestErrorsQuoteAPrefix(t *testing.T) {
	size := 4 << 20
	if testing.Short() {
		size = 1 << 20
	}
	huge := strings.Repeat("n", size)
	out := goodOutput(0.9)
	out.Dimensions[0].Name = huge
	_, err := ParseJudgeOutput(marshal(t, out), Deliverable())
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 2000, "%.300s", err.Error())

	file := savedDeliverable(t)
	_, err = Load(strings.NewReader(strings.Replace(file, `"name": "deliverable"`, `"`+huge+`": 1, "name": "deliverable"`, 1)))
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 300, "%.300s", err.Error())

	r := Deliverable()
	r.Dimensions[1].Name = huge
	r.Dimensions[2].Name = huge
	err = r.Validate()
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 1000, "%.300s", err.Error())
}

// TestValidateBoundsTheProblems: a rubric with ten thousand bad dimensions
// lists MaxProblems of them and counts the rest.
func TestValidateBoundsTheProblems(t *testing.T) {
	r := Deliverable()
	for i := 0; i < 10000; i++ {
		r.Dimensions = append(r.Dimensions, Dimension{Name: fmt.Sprintf("extra %d", i), Weight: 2})
	}
	err := r.Validate()
	require.Error(t, err)
	joined, ok := err.(interface{ Unwrap() []error })
	require.True(t, ok)
	errs := joined.Unwrap()
	require.Len(t, errs, strictjson.MaxProblems+1)
	assert.ErrorIs(t, errs[len(errs)-1], ErrInvalidRubric)
	assert.Regexp(t, `^\.\.\. and \d+ more problems$`, errs[len(errs)-1].Error())
	assert.Less(t, len(err.Error()), 3000)
}
