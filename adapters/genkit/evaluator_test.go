package genkitloop_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	genkitloop "github.com/evalopt/evalopt/adapters/genkit"
	"github.com/evalopt/evalopt/evaluator"
)

func TestEvaluatorUnderGenkitEvaluate(t *testing.T) {
	g := genkit.Init(context.Background())
	var mu sync.Mutex
	var seen []evaluator.Task
	e := evaluator.Func[string](func(_ context.Context, task evaluator.Task, out string) (evaluator.EvaluationDecision, error) {
		mu.Lock()
		seen = append(seen, task)
		mu.Unlock()
		switch out {
		case "pass":
			return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9,
				Criteria: []evaluator.Criterion{{Name: "cites", Passed: true, EvidenceRefs: []string{"context-0"}}}}, nil
		case "revise":
			return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5, RevisionInstructions: []string{"cite the photo"}}, nil
		case "block":
			return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, Score: 0.1, BlockingFailures: []string{"promises money"}}, nil
		case "escalate":
			return evaluator.EvaluationDecision{Status: evaluator.StatusEscalate, Score: 0.5}, nil
		case "invalid":
			return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1.7}, nil
		}
		return evaluator.EvaluationDecision{}, errors.New("judge unavailable")
	})
	genkitloop.DefineEvaluator(g, "evalopt/reply", e, &ai.EvaluatorOptions{DisplayName: "reply", Definition: "evalopt decision"}, nil)

	var dataset []*ai.Example
	for _, out := range []string{"pass", "revise", "block", "escalate", "invalid", "error"} {
		dataset = append(dataset, &ai.Example{TestCaseId: out, Input: "refund?", Output: out, Context: []any{"photo: cracked jug"}, Reference: "under review"})
	}
	dataset = append(dataset, &ai.Example{TestCaseId: "no-output", Input: "refund?"})
	resp, err := genkit.Evaluate(context.Background(), g, ai.WithEvaluatorName("evalopt/reply"), ai.WithDataset(dataset...))
	require.NoError(t, err)
	got := map[string]ai.Score{}
	for _, r := range *resp {
		require.Len(t, r.Evaluation, 1, r.TestCaseId)
		got[r.TestCaseId] = r.Evaluation[0]
	}
	require.Len(t, got, len(dataset))

	want := map[string]string{"pass": "PASS", "revise": "FAIL", "block": "FAIL", "escalate": "UNKNOWN", "invalid": "FAIL", "error": "FAIL", "no-output": "FAIL"}
	for id, status := range want {
		assert.Equal(t, status, got[id].Status, id)
	}
	for _, id := range []string{"pass", "revise", "block", "escalate"} {
		assert.Equal(t, id, got[id].Details[genkitloop.DetailStatus], "the real status is kept")
		assert.Empty(t, got[id].Error, id)
	}
	assert.Equal(t, 0.9, got["pass"].Score)
	crit, ok := got["pass"].Details[genkitloop.DetailCriteria].([]evaluator.Criterion)
	require.True(t, ok)
	assert.Equal(t, "cites", crit[0].Name)
	assert.Equal(t, []string{"promises money"}, got["block"].Details[genkitloop.DetailBlockingFailures])
	assert.Equal(t, []string{}, got["block"].Details[genkitloop.DetailRevisionInstructions], "lists are [] not nil")
	assert.Equal(t, []string{"cite the photo"}, got["revise"].Details[genkitloop.DetailRevisionInstructions])
	assert.Contains(t, got["invalid"].Error, "score")
	assert.Contains(t, got["error"].Error, "judge unavailable")
	assert.Contains(t, got["no-output"].Error, "output")

	// The example became a task: context as evidence, reference in metadata.
	require.NotEmpty(t, seen)
	assert.Equal(t, "refund?", seen[0].Input)
	require.Len(t, seen[0].Evidence, 1)
	assert.Equal(t, "context-0", seen[0].Evidence[0].ID)
	assert.Equal(t, "photo: cracked jug", seen[0].Evidence[0].Content)
	assert.Equal(t, "under review", seen[0].Metadata["reference"])
}

func TestStatusOf(t *testing.T) {
	for s, want := range map[evaluator.Status]ai.ScoreStatus{
		evaluator.StatusPass: ai.ScoreStatusPass, evaluator.StatusRevise: ai.ScoreStatusFail,
		evaluator.StatusBlock: ai.ScoreStatusFail, evaluator.StatusEscalate: ai.ScoreStatusUnknown,
		"bogus": ai.ScoreStatusFail, "": ai.ScoreStatusFail,
	} {
		assert.Equal(t, want, genkitloop.StatusOf(s), string(s))
	}
}

func TestDefaultExampleStructuredCandidate(t *testing.T) {
	type reply struct {
		Text string `json:"text"`
	}
	task, c, err := genkitloop.DefaultExample[reply](&ai.Example{TestCaseId: "t", Input: map[string]any{"q": "refund?"}, Output: map[string]any{"text": "hi"}})
	require.NoError(t, err)
	assert.Equal(t, `{"q":"refund?"}`, task.Input)
	assert.Equal(t, "hi", c.Text)
	_, _, err = genkitloop.DefaultExample[reply](&ai.Example{Output: "not an object"})
	assert.ErrorContains(t, err, "output: not a")
}
