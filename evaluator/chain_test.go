package evaluator

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stage returns an evaluator that records its call and returns d.
func stage(d EvaluationDecision, calls *int) Evaluator[string] {
	return Func[string](func(context.Context, Task, string) (EvaluationDecision, error) {
		*calls++
		return d, nil
	})
}

func decisionFor(s Status, score float64, tag string) EvaluationDecision {
	d := EvaluationDecision{Status: s, Score: score, Criteria: []Criterion{{Name: tag}}}
	switch s {
	case StatusBlock:
		d.BlockingFailures = []string{tag + "-failure"}
	case StatusRevise:
		d.RevisionInstructions = []string{tag + "-fix"}
	}
	return d
}

func TestChainPrecedenceEveryPair(t *testing.T) {
	all := []Status{StatusPass, StatusRevise, StatusEscalate, StatusBlock}
	for _, first := range all {
		for _, second := range all {
			t.Run(string(first)+"_then_"+string(second), func(t *testing.T) {
				var c1, c2 int
				ch := Chain(stage(decisionFor(first, 0.8, "one"), &c1), stage(decisionFor(second, 0.6, "two"), &c2))
				got, err := ch.Evaluate(context.Background(), Task{}, "x")
				require.NoError(t, err)
				require.NoError(t, got.Validate())
				assert.Equal(t, 1, c1)

				stops := first == StatusBlock || first == StatusEscalate
				if stops {
					assert.Equal(t, 0, c2, "a %s stops the chain", first)
					assert.Equal(t, first, got.Status)
					assert.Equal(t, 0.8, got.Score)
					assert.Equal(t, []Criterion{{Name: "one"}}, got.Criteria)
					return
				}
				assert.Equal(t, 1, c2)
				assert.Equal(t, Stricter(first, second), got.Status, "strictest status wins")
				assert.Equal(t, 0.6, got.Score, "lowest score wins")
				assert.Equal(t, []Criterion{{Name: "one"}, {Name: "two"}}, got.Criteria, "criteria merged in stage order")
				if first == StatusRevise {
					assert.Contains(t, got.RevisionInstructions, "one-fix", "earlier instructions survive")
					assert.NotEqual(t, StatusPass, got.Status, "a later pass never overrides an earlier revise")
				}
				if second == StatusRevise {
					assert.Contains(t, got.RevisionInstructions, "two-fix")
				}
			})
		}
	}
}

func TestChainLowestScoreWinsEvenWhenEarlier(t *testing.T) {
	var n int
	ch := Chain(stage(decisionFor(StatusPass, 0.2, "a"), &n), stage(decisionFor(StatusPass, 0.9, "b"), &n))
	got, err := ch.Evaluate(context.Background(), Task{}, "x")
	require.NoError(t, err)
	assert.Equal(t, 0.2, got.Score)
	assert.Equal(t, StatusPass, got.Status)
}

func TestChainMergesInstructionsWithoutDuplicates(t *testing.T) {
	var n int
	a := decisionFor(StatusRevise, 0.5, "a")
	a.RevisionInstructions = []string{"cite order", "be polite"}
	b := decisionFor(StatusRevise, 0.5, "b")
	b.RevisionInstructions = []string{"be polite", "drop the promise"}
	got, err := Chain(stage(a, &n), stage(b, &n)).Evaluate(context.Background(), Task{}, "x")
	require.NoError(t, err)
	assert.Equal(t, []string{"cite order", "be polite", "drop the promise"}, got.RevisionInstructions)
}

func TestChainStopReason(t *testing.T) {
	var n int
	pass := decisionFor(StatusPass, 1, "a")
	pass.StopReason = StopPassed
	block := decisionFor(StatusBlock, 0, "b")
	block.StopReason = StopMissingEvidence
	got, err := Chain(stage(pass, &n), stage(block, &n)).Evaluate(context.Background(), Task{}, "x")
	require.NoError(t, err)
	assert.Equal(t, StopMissingEvidence, got.StopReason, "the stricter stage's stop reason replaces the pass's")

	plainBlock := decisionFor(StatusBlock, 0, "c")
	got, err = Chain(stage(pass, &n), stage(plainBlock, &n)).Evaluate(context.Background(), Task{}, "x")
	require.NoError(t, err)
	assert.Equal(t, StopReason(""), got.StopReason, "a pass's stop reason does not survive a block")
}

func TestChainErrors(t *testing.T) {
	boom := errors.New("model unavailable")
	var n int
	failing := Func[string](func(context.Context, Task, string) (EvaluationDecision, error) {
		return EvaluationDecision{Status: StatusPass, Score: 1}, boom
	})
	invalid := Func[string](func(context.Context, Task, string) (EvaluationDecision, error) {
		return EvaluationDecision{Status: StatusBlock, Score: 0}, nil // block without failures
	})
	tests := []struct {
		name   string
		stages []Evaluator[string]
		is     error
		msg    string
	}{
		{"no stages", nil, ErrInvalidOption, "no stages"},
		{"error in second stage", []Evaluator[string]{stage(decisionFor(StatusPass, 1, "a"), &n), failing}, boom, "chain stage 1: model unavailable"},
		{"invalid decision", []Evaluator[string]{invalid}, ErrInvalidDecision, "chain stage 0: blockingFailures"},
		{"nil stage", []Evaluator[string]{stage(decisionFor(StatusPass, 1, "a"), &n), nil}, nil, "chain stage 1: nil evaluator"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Chain(tt.stages...).Evaluate(context.Background(), Task{}, "x")
			require.Error(t, err)
			assert.Equal(t, EvaluationDecision{}, got, "an error never comes with a pass")
			if tt.is != nil {
				assert.ErrorIs(t, err, tt.is)
			}
			assert.Contains(t, err.Error(), tt.msg)
		})
	}
}

func TestChainDoesNotAliasCallerSlice(t *testing.T) {
	var n int
	stages := []Evaluator[string]{stage(decisionFor(StatusPass, 1, "a"), &n)}
	ch := Chain(stages...)
	stages[0] = stage(decisionFor(StatusBlock, 0, "b"), &n)
	got, err := ch.Evaluate(context.Background(), Task{}, "x")
	require.NoError(t, err)
	assert.Equal(t, StatusPass, got.Status)
}
