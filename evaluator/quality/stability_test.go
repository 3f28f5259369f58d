package quality

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/ensemble"
)

// stabilityScript answers case id's n-th call with script[id][n]; an empty
// decision stands for an infrastructure error.
func stabilityScript(script map[string][]evaluator.EvaluationDecision) evaluator.Evaluator[string] {
	var mu sync.Mutex
	n := map[string]int{}
	return evaluator.Func[string](func(_ context.Context, task evaluator.Task, _ string) (evaluator.EvaluationDecision, error) {
		mu.Lock()
		k := n[task.ID]
		n[task.ID]++
		mu.Unlock()
		d := script[task.ID][k]
		if d.Status == "" {
			return d, errors.New("judge timed out")
		}
		return d, nil
	})
}

func TestStability(t *testing.T) {
	pass := evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}
	rev := evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4, RevisionInstructions: []string{"cite the invoice"}}
	blk := evaluator.EvaluationDecision{Status: evaluator.StatusBlock, Score: 0.1, BlockingFailures: []string{"unsupported claim"}}
	failed := evaluator.EvaluationDecision{}
	mnp := ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true}
	cases := []Case{
		{ID: "steady-pass", Candidate: "a", Expected: ExpectedDecision{Status: evaluator.StatusPass}},
		{ID: "flicker", Candidate: "b", Expected: mnp},      // 4 pass, 1 block: a false approval waiting to happen
		{ID: "steady-block", Candidate: "c", Expected: mnp}, // always block
		{ID: "majority-revise", Candidate: "d", Expected: ExpectedDecision{Status: evaluator.StatusRevise}},
		{ID: "erroring", Candidate: "e", Expected: ExpectedDecision{Status: evaluator.StatusPass}},
	}
	script := map[string][]evaluator.EvaluationDecision{
		"steady-pass":     {pass, pass, pass, pass, pass},
		"flicker":         {pass, pass, blk, pass, pass},
		"steady-block":    {blk, blk, blk, blk, blk},
		"majority-revise": {rev, rev, blk, rev, rev},
		"erroring":        {pass, pass, failed, pass, pass},
	}
	r, err := Measure(context.Background(), stabilityScript(script), cases, WithRepeats(5), WithParallelCalls(1))
	require.NoError(t, err)
	s := r.Stability
	assert.Equal(t, 5, s.Repeats)
	assert.Equal(t, Ratio{Num: 2, Den: 5, Value: 0.4}, s.Stable)
	assert.Equal(t, []string{"flicker", "majority-revise", "erroring"}, s.UnstableIDs)
	byID := map[string]CaseStability{}
	for _, c := range s.Cases {
		byID[c.CaseID] = c
	}
	assert.Equal(t, map[evaluator.Status]int{"pass": 4, "block": 1}, byID["flicker"].Votes)
	assert.Equal(t, 0.2, byID["flicker"].FlipRate)
	assert.Equal(t, evaluator.StatusEscalate, byID["flicker"].Canonical, "a split never passes")
	assert.Equal(t, evaluator.StatusPass, byID["steady-pass"].Canonical)
	assert.Equal(t, evaluator.StatusBlock, byID["steady-block"].Canonical)
	assert.Equal(t, evaluator.StatusRevise, byID["majority-revise"].Canonical)
	assert.Equal(t, 1, byID["erroring"].Errors)
	assert.Equal(t, evaluator.StatusEscalate, byID["erroring"].Canonical, "a failed call stays in the denominator")
	assert.Equal(t, Ratio{Num: 0, Den: 2, Value: 0}, s.CanonicalFalseApprovals)
	assert.Equal(t, Ratio{Num: 3, Den: 5, Value: 0.6}, s.CanonicalAccuracy)
	// The pooled per-call false approval rate sees the flicker's passes.
	assert.Equal(t, 4, r.FalseApprovalRate.Num)

	// A strict majority lets the flicker pass: the reason the unanimous reduction is the default.
	m, err := StabilityOf(cases, r, ensemble.WithStrictMajority())
	require.NoError(t, err)
	assert.Equal(t, Ratio{Num: 1, Den: 2, Value: 0.5}, m.CanonicalFalseApprovals)
	same, err := StabilityOf(cases, r)
	require.NoError(t, err)
	assert.Equal(t, s, same)

	_, err = StabilityOf(cases[:2], r)
	assert.ErrorIs(t, err, ErrInvalidCase)
	swapped := append([]Case{cases[1], cases[0]}, cases[2:]...)
	_, err = StabilityOf(swapped, r)
	assert.ErrorContains(t, err, `"flicker", the report has "steady-pass"`)
}
