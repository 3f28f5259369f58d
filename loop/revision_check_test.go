package loop_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

func gen(s string) loop.Generator[string] {
	return loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) { return s, nil })
}

// revSeq returns its revisions in order, the last repeating.
func revSeq(out ...string) loop.Reviser[string] {
	n := 0
	return loop.ReviserFunc[string](func(context.Context, evaluator.Task, string, evaluator.EvaluationDecision) (string, error) {
		s := out[min(n, len(out)-1)]
		n++
		return s, nil
	})
}

// judgeBy passes candidates containing "ok" and asks to revise the rest.
var judgeBy = evaluator.Func[string](func(_ context.Context, _ evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
	if strings.Contains(c, "ok") {
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
	}
	return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4, RevisionInstructions: []string{"make it ok"}}, nil
})

// noNewDigits blocks a revision that adds a digit the previous lacked.
func noNewDigits(_ context.Context, _ evaluator.Task, prev, next string) (evaluator.EvaluationDecision, error) {
	for _, r := range next {
		if r >= '0' && r <= '9' && !strings.ContainsRune(prev, r) {
			return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, Score: 0, StopReason: evaluator.StopPolicyBlock,
				BlockingFailures: []string{fmt.Sprintf("revision added %q without evidence", r)},
				Criteria:         []evaluator.Criterion{{Name: "revision.changed", Reason: fmt.Sprintf("added %q", r), EvidenceRefs: []string{}}}}, nil
		}
	}
	return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1,
		Criteria: []evaluator.Criterion{{Name: "revision.unchanged", Passed: true, EvidenceRefs: []string{}}}}, nil
}

func TestRevisionCheckJoinsDecision(t *testing.T) {
	ctx := context.Background()
	res, err := loop.RunLoop(ctx, evaluator.Task{}, gen("draft"), judgeBy, revSeq("ok, total 7"),
		loop.WithRevisionCheck[string](noNewDigits))
	require.NoError(t, err)
	assert.Equal(t, loop.OutcomeBlocked, res.Outcome, "the judge passed it, the guard blocks it")
	assert.Equal(t, evaluator.StatusBlock, res.Decision.Status)
	assert.Equal(t, []string{"revision added '7' without evidence"}, res.Decision.BlockingFailures)
	roles := []loop.Role{}
	for _, s := range res.Trace {
		roles = append(roles, s.Role)
	}
	assert.Equal(t, []loop.Role{loop.RoleGenerate, loop.RoleEvaluate, loop.RoleRevise, loop.RoleEvaluate, loop.RoleRevisionCheck}, roles)
	check := res.Trace[4]
	assert.Equal(t, "ok, total 7", check.Candidate)
	assert.Equal(t, "revision.changed", check.Decision.Criteria[0].Name, "the trace shows what changed")
	assert.Equal(t, evaluator.StatusPass, res.Trace[3].Decision.Status, "the evaluator's own decision is kept as returned")

	// A faithful revision passes, with the check's record joined.
	res, err = loop.RunLoop(ctx, evaluator.Task{}, gen("draft"), judgeBy, revSeq("ok draft"),
		loop.WithRevisionCheck[string](noNewDigits))
	require.NoError(t, err)
	assert.Equal(t, loop.OutcomeSucceeded, res.Outcome)
	assert.Equal(t, 0.9, res.Decision.Score)
	require.Len(t, res.Decision.Criteria, 1)
	assert.Equal(t, "revision.unchanged", res.Decision.Criteria[0].Name)
	assert.Empty(t, res.Decision.BlockingFailures)

	// The check's cost is evaluation cost.
	costly := func(ctx context.Context, task evaluator.Task, prev, next string) (evaluator.EvaluationDecision, error) {
		provider.AddCost(ctx, 0.25)
		return noNewDigits(ctx, task, prev, next)
	}
	res, err = loop.RunLoop(ctx, evaluator.Task{}, gen("draft"), judgeBy, revSeq("ok draft"), loop.WithRevisionCheck[string](costly))
	require.NoError(t, err)
	assert.Equal(t, 0.25, res.Cost)
	assert.Equal(t, 0.25, res.CostByRole.Evaluate)

	// The first candidate is never checked.
	res, err = loop.RunLoop(ctx, evaluator.Task{}, gen("ok 1"), judgeBy, revSeq("x"),
		loop.WithRevisionCheck[string](noNewDigits))
	require.NoError(t, err)
	assert.Equal(t, loop.OutcomeSucceeded, res.Outcome)
	assert.Len(t, res.Trace, 2)
}

func TestRevisionCheckFailures(t *testing.T) {
	ctx := context.Background()
	failing := func(context.Context, evaluator.Task, string, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{}, errors.New("extractor down")
	}
	res, err := loop.RunLoop(ctx, evaluator.Task{}, gen("draft"), judgeBy, revSeq("ok"), loop.WithRevisionCheck[string](failing))
	assert.ErrorContains(t, err, "extractor down")
	assert.Equal(t, evaluator.StopError, res.StopReason)
	assert.NotEqual(t, evaluator.StatusPass, res.Decision.Status)

	invalid := func(context.Context, evaluator.Task, string, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusBlock}, nil
	}
	_, err = loop.RunLoop(ctx, evaluator.Task{}, gen("draft"), judgeBy, revSeq("ok"), loop.WithRevisionCheck[string](invalid))
	assert.ErrorIs(t, err, evaluator.ErrInvalidDecision)

	panicking := func(context.Context, evaluator.Task, string, string) (evaluator.EvaluationDecision, error) {
		panic("guard bug")
	}
	_, err = loop.RunLoop(ctx, evaluator.Task{}, gen("draft"), judgeBy, revSeq("ok"), loop.WithRevisionCheck[string](panicking))
	var pe *loop.PanicError
	assert.ErrorAs(t, err, &pe)

	_, err = loop.RunLoop(ctx, evaluator.Task{}, gen("draft"), judgeBy, revSeq("ok"), loop.WithRevisionCheck[int](func(context.Context, evaluator.Task, int, int) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{}, nil
	}))
	assert.ErrorIs(t, err, evaluator.ErrInvalidOption)
	_, err = loop.RunLoop(ctx, evaluator.Task{}, gen("draft"), judgeBy, revSeq("ok"), loop.WithRevisionCheck[string](nil))
	assert.ErrorIs(t, err, evaluator.ErrInvalidOption)
}

// TestRevisionCheckBudget: a budget spent before the check stops the loop;
// the unchecked revision is never accepted.
func TestRevisionCheckBudget(t *testing.T) {
	costlyJudge := evaluator.Func[string](func(ctx context.Context, task evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		provider.AddCost(ctx, 1)
		return judgeBy(ctx, task, c)
	})
	res, err := loop.RunLoop(context.Background(), evaluator.Task{}, gen("draft"), costlyJudge, revSeq("ok"),
		loop.WithMaxCost(2), loop.WithRevisionCheck[string](noNewDigits))
	require.NoError(t, err)
	assert.Equal(t, evaluator.StopCostBudget, res.StopReason)
	assert.Equal(t, loop.OutcomeFailed, res.Outcome)
	assert.Equal(t, evaluator.StatusEscalate, res.Decision.Status, "the judge's pass on an unchecked revision is not reported")
}
