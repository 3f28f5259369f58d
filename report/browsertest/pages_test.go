package browsertest

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/golden"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/evaluator/quality"
	"github.com/evalopt/evalopt/loop"
	"github.com/evalopt/evalopt/report"
)

// The memos of the loop page: a draft with an unfilled placeholder, a
// misquoted clause, a dangling reference and a hedged recommendation; a
// revision that fixes the placeholder and the reference but keeps the
// misquote and the hedge, so the suite blocks it.
const (
	source = "# Services Agreement\n\n## 1. Fees\n\n1.1 Customer shall pay Supplier a monthly fee of EUR 12,000 within 30 days of each invoice.\n\n" +
		"## 2. Term and Termination\n\n2.1 This Agreement runs for 24 months from the Effective Date.\n\n" +
		"2.2 Either Party may terminate this Agreement for convenience on 90 days' written notice.\n"
	draft = "# Review memo: Services Agreement\n\n## Summary\n\nSupplier is paid [AMOUNT] a month within 30 days of each invoice (Section 1.1).\n\n" +
		"## Findings\n\n1. **Termination for convenience (Medium).** Section 2.2 lets either party \"terminate this Agreement at any time without notice\", " +
		"so the 24-month term is not a commitment (see Section 7.4).\n\n## Recommendations\n\n" +
		"1. Consider possibly discussing the notice period with Supplier at an appropriate time.\n"
	revision = "# Review memo: Services Agreement\n\n## Summary\n\nSupplier is paid EUR 12,000 a month within 30 days of each invoice (Section 1.1).\n\n" +
		"## Findings\n\n1. **Termination for convenience (Medium).** Section 2.2 lets either party \"terminate this Agreement at any time without notice\", " +
		"so the 24-month term in Section 2.1 is not a commitment.\n\n## Recommendations\n\n" +
		"1. Consider possibly discussing the notice period with Supplier at an appropriate time.\n"
)

// loopResult runs the loop of the loop page: the first evaluation asks for
// a revision where the suite would block (a lenient first pass), the
// second blocks. The generator and the reviser report cost and tokens.
func loopResult(t *testing.T) loop.Result[string] {
	t.Helper()
	suite := checks.DefaultSuite()
	first := true
	ev := evaluator.Func[string](func(ctx context.Context, task evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		d, err := suite.Evaluate(ctx, task, c)
		if err == nil && first && d.Status == evaluator.StatusBlock {
			d.Status, d.StopReason = evaluator.StatusRevise, ""
			d.RevisionInstructions, d.BlockingFailures = append(d.BlockingFailures, d.RevisionInstructions...), []string{}
		}
		first = false
		return d, err
	})
	gen := loop.GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
		provider.AddCost(ctx, 0.0042)
		provider.AddUsage(ctx, provider.Usage{Model: "gpt-4.1-2025-04-14", InputTokens: 1800, CachedInputTokens: 600, OutputTokens: 420})
		return draft, nil
	})
	rev := loop.ReviserFunc[string](func(ctx context.Context, _ evaluator.Task, _ string, _ evaluator.EvaluationDecision) (string, error) {
		provider.AddCost(ctx, 0.0031)
		provider.AddUsage(ctx, provider.Usage{Model: "gpt-4.1-mini", InputTokens: 2300, OutputTokens: 510})
		return revision, nil
	})
	task := evaluator.Task{ID: "memo-7", Kind: evaluator.KindReviewMemo, Evidence: []evaluator.Evidence{{ID: "source", Content: source}}}
	res, err := loop.RunLoop(context.Background(), task, gen, ev, rev)
	if err != nil || res.Outcome != loop.OutcomeBlocked || res.Revisions != 1 {
		t.Fatalf("loop: %v, outcome %s after %d revisions; want blocked after 1", err, res.Outcome, res.Revisions)
	}
	start := time.Date(2025, 3, 1, 9, 30, 0, 0, time.UTC)
	for i := range res.Trace {
		res.Trace[i].Start = start.Add(time.Duration(i) * 1500 * time.Millisecond)
		res.Trace[i].Duration = time.Duration(400+300*i) * time.Millisecond
	}
	return res
}

// qualityReport measures the default suite on four cases, one of which it
// wrongly approves (a quote it cannot check without the source, a known
// failure that recurs), with a judge that times out once.
func qualityReport(t *testing.T) quality.Report {
	t.Helper()
	cases := []quality.Case{
		{ID: "placeholder-memo", Candidate: "The fee is [AMOUNT].", Expected: quality.ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true}},
		{ID: "good-memo", Candidate: "The fee is EUR 12,000 a month.", Expected: quality.ExpectedDecision{Status: evaluator.StatusPass}},
		{ID: "misquote-without-source", Candidate: "The contract says \"pay at once\".", Expected: quality.ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true},
			Tags: []string{quality.TagKnownFailure}},
		{ID: "flaky", Candidate: "The fee is EUR 12,000.", Expected: quality.ExpectedDecision{Status: evaluator.StatusPass}},
	}
	suite := checks.DefaultSuite()
	calls := 0
	ev := evaluator.Func[string](func(ctx context.Context, task evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		calls++
		if task.ID == "flaky" && calls%2 == 0 {
			return evaluator.EvaluationDecision{}, errors.New("judge timed out")
		}
		return suite.Evaluate(ctx, task, c)
	})
	r, err := quality.Measure(context.Background(), ev, cases, quality.WithRepeats(2), quality.WithParallelCalls(1))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// gateVerdict is a failing gate: one agent regressed and missed a
// threshold, one passed.
func gateVerdict() report.GateVerdict {
	legal := golden.Metrics{FindingRecall: 0.9, FindingPrecision: 0.6, CitationAccuracy: 1, SeverityAccuracy: 0.5, F1Score: 0.72}
	tax := golden.Metrics{FindingRecall: 1, FindingPrecision: 0.83, CitationAccuracy: 1, SeverityAccuracy: 1, F1Score: 0.91}
	b1, b2 := 0.80, 0.91
	return report.GateVerdict{Verdict: "fail", ExitCode: 1, Set: "golden/dd-agents", Run: "runs/2025-03-01", Baseline: "golden/baseline.json",
		Thresholds: report.GateThresholds{Recall: 0.8, CitationAccuracy: 0.9, SeverityAccuracy: 0.75, FalsePositiveRate: 0.15, Band: 0.02},
		Tolerance:  0.05,
		Agents: []report.AgentVerdict{
			{Agent: "legal", InRun: true, Metrics: &legal, BaselineF1: &b1,
				Contracts:  []report.ContractScore{{Contract: "coc_basic.md", Samples: 1, Ran: 1, Conclusive: true, Metrics: &legal}},
				Thresholds: golden.Verdicts{Recall: golden.VerdictPass, CitationAccuracy: golden.VerdictPass, SeverityAccuracy: golden.VerdictFail, FalsePositiveRate: golden.VerdictPass, Overall: golden.VerdictFail},
				Gate: golden.AgentGate{Agent: "legal", Status: golden.VerdictFail, Reason: "f1_score fell 0.0800 (0.8000 -> 0.7200), more than the tolerance 0.05",
					Moves: []golden.MetricMove{{Metric: "f1_score", Old: 0.8, New: 0.72, Delta: -0.08}}}},
			{Agent: "tax", InRun: true, Metrics: &tax, BaselineF1: &b2,
				Contracts:  []report.ContractScore{{Contract: "tax_structure.md", Samples: 1, Ran: 1, Conclusive: true, Metrics: &tax}},
				Thresholds: golden.Verdicts{Recall: golden.VerdictPass, CitationAccuracy: golden.VerdictPass, SeverityAccuracy: golden.VerdictPass, FalsePositiveRate: golden.VerdictPass, Overall: golden.VerdictPass},
				Gate:       golden.AgentGate{Agent: "tax", Status: golden.VerdictPass, Reason: "f1_score unchanged"}},
		},
		Regressions: []string{"legal"}, ThresholdFailures: []string{"legal"}}
}

// page renders r as HTML.
func page(t *testing.T, r *report.Report) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := r.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
