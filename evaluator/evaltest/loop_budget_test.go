package evaltest_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/evaltest"
	"github.com/evalopt/evalopt/evaluator/quality"
)

// miniLoop is the smallest evaluator-optimizer controller: generate, then
// evaluate and revise until a pass, a block or escalate, or the revision
// budget is spent. extraRound makes it evaluate once more than its budget
// allows (the off-by-one the scripted roles must expose).
func miniLoop(ctx context.Context, task evaluator.Task, g generator[string], e evaluator.Evaluator[string], r reviser[string], maxRevisions int, extraRound bool) (quality.LoopRun, error) {
	cand, err := g.Generate(ctx, task)
	if err != nil {
		return quality.LoopRun{StopReason: evaluator.StopError}, err
	}
	limit := maxRevisions
	if extraRound {
		limit++
	}
	for revisions := 0; ; revisions++ {
		d, err := e.Evaluate(ctx, task, cand)
		if err != nil {
			return quality.LoopRun{StopReason: evaluator.StopError, Revisions: revisions}, err
		}
		switch d.Status {
		case evaluator.StatusPass:
			return quality.LoopRun{Succeeded: true, StopReason: evaluator.StopPassed, Revisions: revisions}, nil
		case evaluator.StatusBlock:
			return quality.LoopRun{StopReason: evaluator.StopPolicyBlock, Revisions: revisions}, nil
		case evaluator.StatusEscalate:
			return quality.LoopRun{StopReason: evaluator.StopEscalated, Revisions: revisions}, nil
		}
		if revisions >= limit {
			return quality.LoopRun{StopReason: evaluator.StopMaxRevisions, Revisions: revisions}, nil
		}
		if cand, err = r.Revise(ctx, task, cand, d); err != nil {
			return quality.LoopRun{StopReason: evaluator.StopError, Revisions: revisions}, err
		}
	}
}

// TestRevisionLoopStopsAtItsBudget is the starter set's budget case: an
// evaluator that never stops asking for revisions must not keep the loop
// running past its budget of two revisions.
func TestRevisionLoopStopsAtItsBudget(t *testing.T) {
	const budget = 2
	task := evaluator.Task{ID: "endless-revise", Input: "Summarise the contract."}
	g := evaltest.NewGenerator(evaltest.Return("v0"))
	// One evaluation per draft: the first draft and each revision.
	e := evaltest.NewEvaluator[string](evaltest.Values(reviseD, reviseD, reviseD)...)
	r := evaltest.NewReviser(evaltest.Values("v1", "v2")...)

	run, err := miniLoop(context.Background(), task, g, e, r, budget, false)
	require.NoError(t, err)
	assert.Equal(t, quality.LoopRun{StopReason: evaluator.StopMaxRevisions, Revisions: budget}, run)
	assert.Equal(t, 0, e.Remaining(), "every scripted evaluation was used")
	assert.Equal(t, 0, r.Remaining())
	var evaluated []string
	for _, c := range e.Calls() {
		evaluated = append(evaluated, c.Candidate)
	}
	assert.Equal(t, []string{"v0", "v1", "v2"}, evaluated, "each revision was evaluated")
	for i, c := range r.Calls() {
		assert.Equal(t, reviseD.RevisionInstructions, c.Decision.RevisionInstructions, "revise call %d got the decision", i)
	}

	stats, err := quality.LoopStats([]quality.LoopRun{run})
	require.NoError(t, err)
	assert.Equal(t, quality.Ratio{Num: 1, Den: 1, Value: 1}, stats.MaxRevisionRate)
	assert.Equal(t, quality.Ratio{Num: 0, Den: 1, Value: 0}, stats.RevisionSuccessRate)
}

// TestScriptExposesABudgetOverrun shows why an exhausted script is an
// error: a controller that goes one round past its budget asks the
// evaluator for a reply nobody scripted, and the test sees it.
func TestScriptExposesABudgetOverrun(t *testing.T) {
	g := evaltest.NewGenerator(evaltest.Return("v0"))
	e := evaltest.NewEvaluator[string](evaltest.Values(reviseD, reviseD, reviseD)...)
	r := evaltest.NewReviser(evaltest.Values("v1", "v2")...)
	_, err := miniLoop(context.Background(), evaluator.Task{}, g, e, r, 2, true)
	require.ErrorIs(t, err, evaltest.ErrExhausted)
	assert.EqualError(t, err, "evaltest: script exhausted: Revise call 3, but only 2 replies were scripted")
}

func TestLoopOutcomesFromScripts(t *testing.T) {
	blockD := evaluator.EvaluationDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"unsupported claim"}}
	tests := []struct {
		name      string
		decisions []evaluator.EvaluationDecision
		revisions []string
		want      quality.LoopRun
	}{
		{"pass first time", []evaluator.EvaluationDecision{passD}, nil,
			quality.LoopRun{Succeeded: true, StopReason: evaluator.StopPassed}},
		{"pass after one revision", []evaluator.EvaluationDecision{reviseD, passD}, []string{"v1"},
			quality.LoopRun{Succeeded: true, StopReason: evaluator.StopPassed, Revisions: 1}},
		{"block after one revision", []evaluator.EvaluationDecision{reviseD, blockD}, []string{"v1"},
			quality.LoopRun{StopReason: evaluator.StopPolicyBlock, Revisions: 1}},
	}
	var runs []quality.LoopRun
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := evaltest.NewEvaluator[string](evaltest.Values(tt.decisions...)...)
			r := evaltest.NewReviser(evaltest.Values(tt.revisions...)...)
			run, err := miniLoop(context.Background(), evaluator.Task{}, evaltest.NewGenerator(evaltest.Return("v0")), e, r, 3, false)
			require.NoError(t, err)
			assert.Equal(t, tt.want, run)
			assert.Equal(t, 0, e.Remaining(), fmt.Sprintf("%s: unused decisions", tt.name))
			runs = append(runs, run)
		})
	}
	stats, err := quality.LoopStats(runs)
	require.NoError(t, err)
	// Two runs needed a revision; one of them then passed.
	assert.Equal(t, quality.Ratio{Num: 1, Den: 2, Value: 0.5}, stats.RevisionSuccessRate)
	assert.Equal(t, quality.Ratio{Num: 0, Den: 3, Value: 0}, stats.MaxRevisionRate)
}
