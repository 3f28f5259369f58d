package loop

import (
	"context"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/rubric"
)

// rubricJudge returns a rubric judge whose judge function answers with
// reply(n) for its n-th call (0-based) and counts the calls: each call
// stands for one HTTP request of an SDK whose own retries are off.
func rubricJudge(t *testing.T, reply func(n int) (string, error)) (*rubric.Judge[string], *atomic.Int64) {
	t.Helper()
	var calls atomic.Int64
	ev, err := rubric.NewJudge[string](rubric.Deliverable(), func(context.Context, evaluator.Prompt) (string, error) {
		n := calls.Add(1) - 1
		return reply(int(n))
	}, rubric.Config[string]{Model: "judge-model"})
	require.NoError(t, err)
	return ev, &calls
}

// TestRetryTransientProviderError: a 429 then a 503 are retried; the trace
// has one step per real call, numbered by attempt.
func TestRetryTransientProviderError(t *testing.T) {
	s := &script{}
	var calls atomic.Int64
	judge := evaluator.Func[string](func(ctx context.Context, task evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		switch calls.Add(1) {
		case 1:
			return evaluator.EvaluationDecision{}, &provider.ProviderError{Provider: "openai", StatusCode: 429, Code: "rate_limit_exceeded"}
		case 2:
			return evaluator.EvaluationDecision{}, &provider.ProviderError{Provider: "openai", StatusCode: 503}
		}
		return pass(0.9), nil
	})
	res, err := RunLoop(context.Background(), refundTask, s.gen(), judge, s.rev(), WithRetry(3, 0))
	require.NoError(t, err)
	assert.Equal(t, OutcomeSucceeded, res.Outcome)
	var attempts []int
	for _, st := range res.Trace {
		if st.Role == RoleEvaluate {
			attempts = append(attempts, st.Attempt)
		}
	}
	assert.Equal(t, []int{1, 2, 3}, attempts)
	assert.Equal(t, int64(len(attempts)), calls.Load(), "trace attempts equal real calls")
}

// TestInvalidJudgeReplyIsNotRetried is the documented choice: an
// unparseable or invalid judge reply is permanent, like an invalid
// decision. Asking the same model the same question again costs a call and
// rarely helps; the error reaches the caller at once.
func TestInvalidJudgeReplyIsNotRetried(t *testing.T) {
	for name, reply := range map[string]string{
		"empty":       "",
		"prose":       "I think the draft is fine.",
		"wrong shape": `{"status":"pass"}`,
		"field error": strings.Replace(validJudgeReply(), `"confidence": 0.9`, `"confidence": 1.7`, 1),
	} {
		t.Run(name, func(t *testing.T) {
			judge, calls := rubricJudge(t, func(int) (string, error) { return reply, nil })
			s := &script{}
			res, err := RunLoop[string](context.Background(), refundTask, s.gen(), judge, s.rev(), WithRetry(3, 0))
			require.ErrorIs(t, err, evaluator.ErrInvalidDecision)
			require.ErrorIs(t, err, rubric.ErrInvalidJudgeOutput)
			assert.Equal(t, int64(1), calls.Load(), "not retried")
			assert.Equal(t, evaluator.StopError, res.StopReason)
			assert.Len(t, res.Trace, 2)
			assert.Equal(t, 1, strings.Count(err.Error(), "rubric:"), "one prefix: %v", err)
		})
	}
	// The reply parses: the test above fails for the reason it names.
	judge, _ := rubricJudge(t, func(int) (string, error) { return validJudgeReply(), nil })
	_, err := judge.Evaluate(context.Background(), refundTask, "draft")
	require.NoError(t, err)
}

// TestProviderErrorKeptThroughWrapping: the provider's status, code,
// message and request ID reach the caller of RunLoop; a 401 is permanent.
func TestProviderErrorKeptThroughWrapping(t *testing.T) {
	perr := &provider.ProviderError{Provider: "anthropic", StatusCode: 401, Code: "authentication_error",
		Message: "invalid x-api-key", RequestID: "req_011"}
	judge, calls := rubricJudge(t, func(int) (string, error) { return "", perr })
	s := &script{}
	_, err := RunLoop[string](context.Background(), refundTask, s.gen(), evaluator.Chain[string](judge), s.rev(), WithRetry(3, 0))
	var got *provider.ProviderError
	require.ErrorAs(t, err, &got)
	assert.Equal(t, *perr, *got)
	assert.Equal(t, int64(1), calls.Load(), "a 401 is not retried")
	for _, part := range []string{"401", "authentication_error", "invalid x-api-key", "req_011"} {
		assert.Contains(t, err.Error(), part)
	}
}

// TestRefusalIsNotRetriedAndKeepsText: a refusal is an error (never a
// pass), keeps the model's words, and is not retried.
func TestRefusalIsNotRetriedAndKeepsText(t *testing.T) {
	judge, calls := rubricJudge(t, func(int) (string, error) {
		return "", &provider.RefusalError{Provider: "openai", Text: "I can't assist with that."}
	})
	s := &script{}
	res, err := RunLoop[string](context.Background(), refundTask, s.gen(), judge, s.rev(), WithRetry(3, 0))
	require.ErrorIs(t, err, provider.ErrRefused)
	assert.Contains(t, err.Error(), "I can't assist with that.")
	assert.Equal(t, int64(1), calls.Load())
	assert.NotEqual(t, OutcomeSucceeded, res.Outcome)
}

// TestMaxCostFiresOnUsageReports: roles report through the evaluator's
// meter (as adapters do, with a price table); WithMaxCost fires and the
// cost is split by role.
func TestMaxCostFiresOnUsageReports(t *testing.T) {
	prices := provider.PriceTable{"gpt-4.1": {Input: 2, Output: 8}, "claude-sonnet-4-5": {Input: 3, Output: 15}}
	gen := GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
		_, err := prices.ReportUsage(ctx, provider.Usage{Model: "gpt-4.1-2025-04-14", InputTokens: 100_000, OutputTokens: 10_000}) // 0.28
		return "draft-0", err
	})
	judge := evaluator.Func[string](func(ctx context.Context, _ evaluator.Task, _ string) (evaluator.EvaluationDecision, error) {
		_, err := prices.ReportUsage(ctx, provider.Usage{Model: "claude-sonnet-4-5", InputTokens: 50_000, OutputTokens: 2_000}) // 0.18
		return revise(0.5), err
	})
	rev := ReviserFunc[string](func(ctx context.Context, _ evaluator.Task, _ string, _ evaluator.EvaluationDecision) (string, error) {
		provider.AddCost(ctx, 0.1)
		provider.AddCost(ctx, 0.05) // provider.AddCost reports to the same meter
		return "draft-1", nil
	})
	res, err := RunLoop(context.Background(), refundTask, gen, judge, rev, WithMaxCost(0.5), WithMaxRevisions(5))
	require.NoError(t, err)
	assert.Equal(t, evaluator.StopCostBudget, res.StopReason)
	assert.InDelta(t, 0.28, res.CostByRole.Generate, 1e-9)
	assert.InDelta(t, 0.18, res.CostByRole.Evaluate, 1e-9)
	assert.InDelta(t, 0.15, res.CostByRole.Revise, 1e-9)
	assert.InDelta(t, 0.61, res.Cost, 1e-9)
	assert.InDelta(t, res.Cost, res.CostByRole.Generate+res.CostByRole.Evaluate+res.CostByRole.Revise, 1e-12)
	assert.Equal(t, 1, res.Revisions, "the revision is not judged once the budget is spent")
}

// TestUnpricedModelFailsTheCall: an adapter that cannot price its usage
// fails the call rather than run unmetered; the error is permanent.
func TestUnpricedModelFailsTheCall(t *testing.T) {
	prices := provider.PriceTable{"gpt-4.1": {Input: 2, Output: 8}}
	var calls atomic.Int64
	gen := GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
		calls.Add(1)
		if _, err := prices.ReportUsage(ctx, provider.Usage{Model: "gpt-5", InputTokens: 10}); err != nil {
			return "", provider.Permanent(err)
		}
		return "draft-0", nil
	})
	s := &script{}
	_, err := RunLoop(context.Background(), refundTask, gen, s.eval(), s.rev(), WithRetry(3, 0))
	require.ErrorIs(t, err, provider.ErrUnknownModel)
	assert.Equal(t, int64(1), calls.Load())
}

// validJudgeReply is a reply to the deliverable rubric that parses.
func validJudgeReply() string { return judgeReplyCiting() }

// judgeReplyCiting is validJudgeReply whose every dimension cites refs.
func judgeReplyCiting(refs ...string) string {
	cited := "[]"
	if len(refs) > 0 {
		cited = `["` + strings.Join(refs, `", "`) + `"]`
	}
	r := rubric.Deliverable()
	var b strings.Builder
	b.WriteString(`{"passed": true, "overallScore": 0.9, "specialistRole": "evaluator", "dimensions": [`)
	for i, d := range r.Dimensions {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"name": "` + d.Name + `", "weight": ` + formatWeight(d.Weight) + `, "score": 0.9, "evidence": "e", "evidenceRefs": ` + cited + `, "issues": []}`)
	}
	b.WriteString(`], "failureReasons": [], "revisionSuggestions": [], "autoFailTriggered": false, "autoFailReason": "", "confidence": 0.9, "summary": "ok"}`)
	return b.String()
}

func formatWeight(w float64) string { return strconv.FormatFloat(w, 'f', -1, 64) }

// A rubric judge's pass carries the evidence IDs it cited per dimension,
// so the loop refuses a pass that rests on evidence the task does not
// hold (blocked, missing_evidence), and accepts one whose refs resolve.
func TestRubricPassCitingMissingEvidenceIsBlocked(t *testing.T) {
	s := &script{}
	judge, _ := rubricJudge(t, func(int) (string, error) { return judgeReplyCiting("photo-1", "receipt-9"), nil })
	res, err := RunLoop(context.Background(), refundTask, s.gen(), judge, s.rev())
	require.NoError(t, err)
	assert.Equal(t, OutcomeBlocked, res.Outcome)
	assert.Equal(t, evaluator.StopMissingEvidence, res.StopReason)
	assert.Contains(t, res.Decision.BlockingFailures, missingEvidenceFailure)
	last := res.Decision.Criteria[len(res.Decision.Criteria)-1]
	assert.Equal(t, evidenceCriterion, last.Name)
	assert.Contains(t, last.Reason, "receipt-9")
	assert.NotContains(t, last.Reason, "photo-1")

	judge, _ = rubricJudge(t, func(int) (string, error) { return judgeReplyCiting("photo-1"), nil })
	res, err = RunLoop(context.Background(), refundTask, s.gen(), judge, s.rev())
	require.NoError(t, err)
	assert.Equal(t, OutcomeSucceeded, res.Outcome)
	assert.Equal(t, []string{"photo-1"}, res.Decision.Criteria[0].EvidenceRefs)
}
