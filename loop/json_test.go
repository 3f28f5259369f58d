package loop

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

// TestInvalidDecisionResultMarshals: a loop that ended on a decision with
// a NaN or infinite score still encodes, the score as text, and reads back.
func TestInvalidDecisionResultMarshals(t *testing.T) {
	for _, score := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		s := &script{decisions: []evaluator.EvaluationDecision{{Status: evaluator.StatusPass, Score: score,
			Criteria: []evaluator.Criterion{{Name: "x", Passed: true, EvidenceRefs: []string{}}}}}}
		res, err := s.run(context.Background(), refundTask)
		require.ErrorIs(t, err, evaluator.ErrInvalidDecision)
		raw, err := json.Marshal(res)
		require.NoError(t, err, "score %v", score)
		text, _ := floatJSON(score).MarshalJSON()
		assert.Equal(t, 2, strings.Count(string(raw), `"score":`+string(text)), "in the trace and in Decision: %s", raw)

		var back Result[string]
		require.NoError(t, json.Unmarshal(raw, &back))
		assert.Equal(t, math.IsNaN(score), math.IsNaN(back.Decision.Score))
		if !math.IsNaN(score) {
			assert.Equal(t, score, back.Decision.Score)
			assert.Equal(t, score, back.Trace[1].Decision.Score)
		}
		assert.Equal(t, res.Decision.Criteria, back.Decision.Criteria)
		again, err := json.Marshal(back)
		require.NoError(t, err)
		assert.Equal(t, string(raw), string(again))
	}
}

// TestValidDecisionJSONUnchanged: a finite score is written exactly as
// evaluator writes it.
func TestValidDecisionJSONUnchanged(t *testing.T) {
	d := revise(0.25, "shorter")
	want, err := json.Marshal(d)
	require.NoError(t, err)
	got, err := json.Marshal(decisionJSON(d))
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}

func TestFloatJSONRejectsOtherText(t *testing.T) {
	var f floatJSON
	err := f.UnmarshalJSON([]byte(`"` + strings.Repeat("x", 1000) + `"`))
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 120, "bounded")
	assert.Error(t, f.UnmarshalJSON([]byte(`true`)))
	require.NoError(t, f.UnmarshalJSON([]byte(`1.5e3`)))
	assert.Equal(t, floatJSON(1500), f)
}

// FuzzResultJSON: whatever a Result reads, it writes again, and reading
// that gives the same bytes once more.
func FuzzResultJSON(f *testing.F) {
	s := &script{decisions: []evaluator.EvaluationDecision{revise(0.4, "fix"), {Status: evaluator.StatusPass, Score: math.NaN()}}}
	res, _ := s.run(context.Background(), refundTask)
	seed, err := json.Marshal(res)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add([]byte(`{"trace":[{"cost":"+Inf","decision":{"score":"-Inf"}}],"costByRole":{"revise":"NaN"}}`))
	f.Add([]byte(`{"decision":{"score":"NaN","status":"pass"}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var r Result[string]
		if json.Unmarshal(b, &r) != nil {
			return
		}
		once, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("read %q but cannot write it: %v", b, err)
		}
		var r2 Result[string]
		if err := json.Unmarshal(once, &r2); err != nil {
			t.Fatalf("cannot read what was written: %v\n%s", err, once)
		}
		twice, err := json.Marshal(r2)
		if err != nil || string(once) != string(twice) {
			t.Fatalf("not stable: %v\n%s\n%s", err, once, twice)
		}
	})
}

// FuzzMachineJSON: a machine read from JSON writes back what it read, and
// can be driven: Next never panics on it, whatever the fields say.
func FuzzMachineJSON(f *testing.F) {
	m, err := Start[string](t0, Config{MaxRevisions: 2, Attempts: 2, Timeout: time.Minute, MaxCost: math.Inf(1)}, refundTask)
	if err != nil {
		f.Fatal(err)
	}
	m.Next(t0)
	m.Record(t0, CallResult[string]{Candidate: "draft", Cost: 0.5})
	m.Next(t0)
	seed, err := json.Marshal(m)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add([]byte(`{"phase":"revision_check","pending":true,"result":{"decision":{"score":"NaN"}}}`))
	f.Add([]byte(`{"phase":"evaluate","attempt":3,"config":{"attempts":2,"maxCost":"+Inf"},"retryAt":"2026-01-01T00:00:00Z"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var m Machine[string]
		if json.Unmarshal(b, &m) != nil {
			return
		}
		once, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("read %q but cannot write it: %v", b, err)
		}
		var m2 Machine[string]
		if err := json.Unmarshal(once, &m2); err != nil {
			t.Fatalf("cannot read what was written: %v\n%s", err, once)
		}
		if twice, _ := json.Marshal(m2); string(once) != string(twice) {
			t.Fatalf("not stable:\n%s\n%s", once, twice)
		}
		for i := 0; i < 4; i++ {
			if c := m.Next(t0.Add(time.Duration(i) * time.Hour)); c.Kind == CallRole {
				m.Record(t0.Add(time.Duration(i)*time.Hour), CallResult[string]{Err: &Error{Kind: ErrorRetryable, Message: "x"}})
			}
		}
		m.Finish(t0)
	})
}
