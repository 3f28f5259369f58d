package quality

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var runTask = evaluator.Task{ID: "t1", Input: "Reply to the refund request.", Kind: evaluator.KindCustomerReply,
	Requirements: []evaluator.Requirement{{Name: "no_refund_promise", When: `(?i)refund (is|will be) (issued|approved)`}},
	Evidence:     []evaluator.Evidence{{ID: "policy", Content: "Refunds within 30 days only."}}}

// savedRun runs a real loop whose evaluator passes the first candidate and
// returns what a caller saves: the task and the loop's result.
func savedRun(t *testing.T, status evaluator.Status) []byte {
	t.Helper()
	gen := loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) {
		return "Your refund will be issued today.", nil
	})
	ev := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		d := evaluator.EvaluationDecision{Status: status, Score: 0.9, Criteria: []evaluator.Criterion{}, BlockingFailures: []string{}, RevisionInstructions: []string{}}
		if status == evaluator.StatusBlock {
			d.Score, d.BlockingFailures, d.StopReason = 0.2, []string{"no_refund_promise"}, evaluator.StopPolicyBlock
		}
		return d, nil
	})
	rev := loop.ReviserFunc[string](func(_ context.Context, _ evaluator.Task, c string, _ evaluator.EvaluationDecision) (string, error) {
		return c, nil
	})
	res, err := loop.RunLoop[string](context.Background(), runTask, gen, ev, rev, loop.WithMaxRevisions(0))
	require.NoError(t, err)
	b, err := json.Marshal(struct {
		Task   evaluator.Task      `json:"task"`
		Result loop.Result[string] `json:"result"`
	}{runTask, res})
	require.NoError(t, err)
	return b
}

func TestCaseFromRun(t *testing.T) {
	run, err := ParseSavedRun(savedRun(t, evaluator.StatusPass))
	require.NoError(t, err)
	assert.Equal(t, "Your refund will be issued today.", run.Candidate)
	assert.Equal(t, evaluator.StatusPass, run.Decision.Status)

	c, err := CaseFromRun("prod-0142", run, ExpectedDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"no_refund_promise"}}, "promised a refund outside the window")
	require.NoError(t, err)
	assert.True(t, c.Expected.MustNotPass)
	assert.Equal(t, []string{TagKnownFailure}, c.Tags)
	assert.Equal(t, evaluator.KindCustomerReply, c.Kind)
	assert.Equal(t, runTask.Requirements, c.Requirements)
	assert.Equal(t, runTask.Evidence, c.AvailableEvidence)
	assert.Equal(t, "promised a refund outside the window (the evaluator decided pass)", c.Note)
	assert.Equal(t, evaluator.KindCustomerReply, c.EvaluatorTask().Kind)

	// A run the evaluator got right is a case, not a known failure.
	run, err = ParseSavedRun(savedRun(t, evaluator.StatusBlock))
	require.NoError(t, err)
	c, err = CaseFromRun("prod-0143", run, ExpectedDecision{Status: evaluator.StatusBlock}, "", "refunds")
	require.NoError(t, err)
	assert.Equal(t, []string{"refunds"}, c.Tags)
	assert.Equal(t, "(the evaluator decided block: no_refund_promise)", c.Note)

	_, err = CaseFromRun(" ", run, ExpectedDecision{Status: "maybe"}, "")
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrInvalidCase)
	assert.Contains(t, err.Error(), "case_id")
	assert.Contains(t, err.Error(), "expected_decision.status")
}

func TestParseSavedRunErrors(t *testing.T) {
	for _, tt := range []struct{ name, data, want string }{
		{"not json", `{`, "saved run"},
		{"no task", `{"candidate":"x","decision":{"status":"pass"}}`, "task: missing"},
		{"no candidate", `{"task":{"id":"t"},"result":{"decision":{"status":"pass"}}}`, "result.candidate: missing"},
		{"bad status", `{"task":{"id":"t"},"candidate":"x","decision":{"status":"fine"}}`, "decision: status"},
		{"bad step decision", `{"task":{"id":"t"},"result":{"candidate":"x","candidateStep":0,"trace":[{"role":"evaluate","decision":{"status":"?"}}]}}`, "result.trace[0].decision"},
	} {
		_, err := ParseSavedRun([]byte(tt.data))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want one containing %q", tt.name, err, tt.want)
		}
	}
	run, err := ParseSavedRun([]byte(`{"task":{"id":"t"},"candidate":{"amount":3},"decision":{"status":"revise","score":"NaN"}}`))
	require.NoError(t, err)
	assert.Equal(t, `{"amount":3}`, run.Candidate)
	assert.Equal(t, 0.0, run.Decision.Score)
}

func TestAppendCase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "misses.jsonl")
	c := Case{ID: "a", Candidate: "x", Expected: ExpectedDecision{Status: evaluator.StatusRevise, MustNotPass: true}, Tags: []string{TagKnownFailure}}
	require.NoError(t, AppendCase(path, c))
	err := AppendCase(path, c)
	require.ErrorIs(t, err, ErrInvalidCase)
	assert.Contains(t, err.Error(), "already holds")
	// a file without a final line break gets one
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, data[:len(data)-1], 0o644))
	c.ID = "b"
	c.Kind = evaluator.KindReviewMemo
	require.NoError(t, AppendCase(path, c))
	cases, err := ReadCases(path)
	require.NoError(t, err)
	require.Len(t, cases, 2)
	assert.Equal(t, evaluator.KindReviewMemo, cases[1].Kind)

	c.ID, c.Kind = "c", "essay"
	err = AppendCase(path, c)
	require.ErrorIs(t, err, ErrInvalidCase)
	assert.Contains(t, err.Error(), "kind")
	require.NoError(t, os.WriteFile(path, []byte("{oops\n"), 0o644))
	c.Kind = ""
	assert.Error(t, AppendCase(path, c))
	require.Error(t, writeCaseJSONL(errWriter{}, Case{}))
	assert.Error(t, writeCaseJSONL(errWriter{}, c))
}

type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestKnownFailureRecurrence(t *testing.T) {
	cases := []Case{
		{ID: "old-miss", Candidate: "refund promised", Expected: ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true}, Tags: []string{TagKnownFailure}},
		{ID: "fixed-miss", Candidate: "refused politely", Expected: ExpectedDecision{Status: evaluator.StatusPass}, Tags: []string{TagKnownFailure}},
		{ID: "plain", Candidate: "refund promised again", Expected: ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true}},
	}
	passAll := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1, Criteria: []evaluator.Criterion{}, BlockingFailures: []string{}, RevisionInstructions: []string{}}, nil
	})
	rep, err := Measure(context.Background(), passAll, cases, WithRepeats(2))
	require.NoError(t, err)
	assert.Equal(t, Ratio{Num: 2, Den: 4, Value: 0.5}, rep.KnownFailureRecurrence)
	assert.Equal(t, []string{"old-miss"}, rep.RecurringFailures)
	assert.Equal(t, 4, rep.FalseApprovalRate.Num)
}

// FuzzParseSavedRun: any input is a saved run or an error, never a panic,
// and a run it reads makes a case or an error.
func FuzzParseSavedRun(f *testing.F) {
	f.Add([]byte(`{"task":{"id":"t","kind":"review_memo"},"result":{"candidate":"x","candidateStep":0,"trace":[{"role":"evaluate","decision":{"status":"pass","score":"+Inf"}}]}}`))
	f.Add([]byte(`{"task":{"id":"t"},"candidate":{"a":1},"decision":{"status":"block","blockingFailures":["y"]}}`))
	f.Add([]byte(`{"task":null,"result":{"candidateStep":-1}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		run, err := ParseSavedRun(data)
		if err != nil {
			return
		}
		if c, err := CaseFromRun("c", run, ExpectedDecision{Status: evaluator.StatusRevise}, "n"); err == nil && !c.Expected.MustNotPass {
			t.Fatal("a revise case that may pass")
		}
	})
}
