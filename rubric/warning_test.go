package rubric

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

// TestWarningCapsDimensionAndFails: a judge that scores everything 1 still
// fails a deliverable with a verified finding, whose dimension is capped
// below the pass threshold; the decision asks for a revision.
func TestWarningCapsDimensionAndFails(t *testing.T) {
	reply := string(marshal(t, goodOutput(1)))
	judge, prompts := scripted(reply, nil)
	warn := func(context.Context, evaluator.Task, string) ([]Warning, error) {
		return []Warning{{Dimension: "Internal Consistency", Reason: "values.conflict: 5 days here, but 3 days at line 21:26"}}, nil
	}
	ev, err := NewJudge[string](Deliverable(), judge, Config[string]{Warnings: warn})
	require.NoError(t, err)
	v, err := ev.Verdict(context.Background(), evaluator.Task{Input: "Review."}, "memo")
	require.NoError(t, err)
	assert.False(t, v.Passed)
	for _, d := range v.Dimensions {
		if d.Name == "Internal Consistency" {
			assert.Less(t, d.Score, Deliverable().PassThreshold)
		} else {
			assert.Equal(t, 1.0, d.Score)
		}
	}
	assert.Equal(t, evaluator.StatusRevise, v.Decision().Status)
	require.Len(t, *prompts, 1)
	assert.Contains(t, (*prompts)[0].User, "Verified findings")
	assert.Contains(t, (*prompts)[0].User, "Internal Consistency: values.conflict: 5 days here")
}

func TestWarningValidation(t *testing.T) {
	in := Input{Confidence: 1, Warnings: []Warning{{Dimension: "Nope", Reason: "x"}, {Dimension: "Completeness", Reason: " "}}}
	for _, d := range Deliverable().Dimensions {
		in.Scores = append(in.Scores, Score{Dimension: d.Name, Score: 1})
	}
	_, err := Deliverable().Verdict(in)
	require.ErrorIs(t, err, ErrInvalidInput)
	assert.Contains(t, err.Error(), "warnings[0].dimension")
	assert.Contains(t, err.Error(), "warnings[1].reason")
}

// TestWarningsBounded: thousands of warnings give a bounded prompt and
// verdict: 5,000 of 10 KB each, or 1,000 under -short (the local test
// command; still twenty times the cap).
func TestWarningsBounded(t *testing.T) {
	n := 5000
	if testing.Short() {
		n = 1000
	}
	ws := make([]Warning, n)
	for i := range ws {
		ws[i] = Warning{Dimension: "Completeness", Reason: strings.Repeat("x", 10000)}
	}
	s := warningsSection(ws)
	assert.Less(t, len(s), (maxWarnings+1)*(maxWarningReason+200))
	assert.Contains(t, s, "and "+strconv.Itoa(n-maxWarnings)+" more")
	in := Input{Confidence: 1, Warnings: ws}
	for _, d := range Deliverable().Dimensions {
		in.Scores = append(in.Scores, Score{Dimension: d.Name, Score: 1})
	}
	v, err := Deliverable().Verdict(in)
	require.NoError(t, err)
	assert.LessOrEqual(t, len(v.Fired), maxWarnings+3)
}
