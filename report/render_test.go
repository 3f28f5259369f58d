package report

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/golden"
	"github.com/evalopt/evalopt/evaluator/quality"
	"github.com/evalopt/evalopt/loop"
)

// has asserts that page holds want, without printing the page.
func has(t *testing.T, page, want string) {
	t.Helper()
	if !strings.Contains(page, want) {
		t.Errorf("the page does not hold %q", want)
	}
}

func render(t *testing.T, r *Report) (text, page string) {
	t.Helper()
	var tb, hb bytes.Buffer
	require.NoError(t, r.WriteText(&tb))
	require.NoError(t, r.WriteHTML(&hb))
	return tb.String(), hb.String()
}

// selfContained checks what makes a page safe to open anywhere: a policy
// that forbids loading anything, no script, no address to fetch.
func selfContained(t *testing.T, page string) {
	t.Helper()
	has(t, page, `content="default-src 'none'; style-src 'unsafe-inline'"`)
	assert.False(t, strings.Contains(strings.ToLower(page), "<script"), "no script")
	assert.False(t, regexp.MustCompile(`(?i)(src|href)="(https?:)?//`).MatchString(page), "no address to load")
	assert.False(t, strings.Contains(page, "<link"), "no linked resource")
}

func TestBlockedLoopText(t *testing.T) {
	text, page := render(t, Loop(blockedResult(t), nil))
	checkGolden(t, "loop_blocked.txt", text)
	// No role reported usage: no token columns, no role table.
	assert.NotContains(t, page, "input tokens")
	assert.NotContains(t, page, `id="roles"`)
	has(t, page, `(generate 0.0000, evaluate 0.0000, revise 0.0000)`)
}

func TestLoopHTML(t *testing.T) {
	_, page := render(t, Loop(fixtureResult(t), nil))
	selfContained(t, page)
	has(t, page, `<span class="badge st-succeeded" id="outcome">succeeded</span>`)
	assert.Equal(t, 7, strings.Count(page, "<tr><td class=\"num\">"), "one row per step")
	// Each step's model and tokens beside its cost, a failed attempt's
	// error kind beside its status; per role, the token totals.
	has(t, page, `<td class="num">0.0020</td><td>gpt-4.1-2025-04-14, gpt-4.1-mini</td><td class="num" title="1500 uncached, 400 read from the cache, 0 written to the cache">1900</td><td class="num">430</td>`)
	has(t, page, `<span class="badge st-error">error</span> <span class="muted err-kind">retryable</span>`)
	has(t, page, `<td>provider: 503 service unavailable</td>`)
	has(t, page, `<tr><td>revise</td><td class="num">0.0020</td><td>gpt-4.1-mini</td><td class="num" title="1800 uncached, 0 read from the cache, 0 written to the cache">1800</td><td class="num">480</td></tr>`)
	has(t, page, `<tr><td>evaluate</td><td class="num">0.0000</td><td class="muted">-</td>`)
	has(t, page, `>3700 in</span>, 910 out</dd>`)
	// The evaluations' candidates carry their findings: 4 of the draft's 5
	// placed ones warn (asked for revision), the hedge is a note.
	has(t, page, `<tr id="s1-L5"><td class="ln"><a href="#s1-L5">5</a></td><td class="src">The fee is <mark class="sev-warn"`)
	has(t, page, `>[AMOUNT]</mark><sup><a href="#s1-f1">1</a></sup>`)
	has(t, page, `>Consider</mark><sup><a href="#s1-f5">5</a></sup>`)
	has(t, page, "\n[5] recommendation.hedge: hedged recommendation")
	has(t, page, `<tr class="del"><td class="ln">5</td><td class="ln"></td><td class="src">- The fee is [AMOUNT] per month, payable by [DATE].</td></tr>`)
	has(t, page, `<tr class="ins"><td class="ln"></td><td class="ln">5</td><td class="src">&#43; The fee is 100 EUR per month, payable by [DATE].</td></tr>`)
}

func TestHTMLEscapesTheCandidate(t *testing.T) {
	res := loop.Result[string]{Outcome: loop.OutcomeBlocked, StopReason: evaluator.StopPolicyBlock, CandidateStep: 0,
		Candidate: "<script>alert(1)</script>\n<img src=x onerror=alert(2)>",
		Trace: []loop.Step[string]{{Role: loop.RoleEvaluate, Attempt: 1, Candidate: "<script>alert(1)</script>\n<img src=x onerror=alert(2)>",
			Decision: evaluator.EvaluationDecision{Status: evaluator.StatusBlock, Criteria: []evaluator.Criterion{
				{Name: "<b>rule</b>", Reason: `bad "markup" (line 2:1, "<img src=x onerror=alert(2)>")`}}}}}}
	_, page := render(t, Loop(res, nil))
	selfContained(t, page)
	has(t, page, "&lt;script&gt;alert(1)&lt;/script&gt;")
	has(t, page, `>&lt;img src=x onerror=alert(2)&gt;</mark>`)
	assert.False(t, strings.Contains(page, "<b>rule</b>"), "the rule name is escaped")
}

// measureFixture is a quality report with a false approval (a known
// failure that recurs), a false rejection, a known failure now decided
// right, an unstable case and a failed call.
func measureFixture(t testing.TB) quality.Report {
	t.Helper()
	cases := []quality.Case{
		{ID: "good-memo", Candidate: "fine", Expected: quality.ExpectedDecision{Status: evaluator.StatusPass}},
		{ID: "fabricated-quote", Candidate: "quote", Expected: quality.ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true},
			Tags: []string{quality.TagKnownFailure}},
		{ID: "hedged-advice", Candidate: "hedge", Expected: quality.ExpectedDecision{Status: evaluator.StatusRevise, MustNotPass: true},
			Tags: []string{quality.TagKnownFailure}},
		{ID: "flaky-judge", Candidate: "flaky", Expected: quality.ExpectedDecision{Status: evaluator.StatusBlock}},
	}
	var mu sync.Mutex
	calls := map[string]int{}
	ev := evaluator.Func[string](func(_ context.Context, task evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		mu.Lock()
		calls[c]++
		n := calls[c]
		mu.Unlock()
		pass := evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}
		block := evaluator.EvaluationDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"fabricated quote"}}
		switch c {
		case "fine":
			return block, nil // a false rejection
		case "quote":
			return pass, nil // a false approval
		case "hedge":
			return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, RevisionInstructions: []string{"say what to do"}}, nil
		}
		if n == 2 {
			return evaluator.EvaluationDecision{}, errors.New("judge timed out")
		}
		return block, nil
	})
	r, err := quality.Measure(context.Background(), ev, cases, quality.WithRepeats(3), quality.WithParallelCalls(1))
	require.NoError(t, err)
	return r
}

func TestQualityReport(t *testing.T) {
	text, page := render(t, Quality(measureFixture(t)))
	text = regexp.MustCompile(`(p50|p90|p99|max) \S+`).ReplaceAllString(text, "$1 T")
	checkGolden(t, "quality.txt", text)
	selfContained(t, page)
	has(t, page, `<tr><th>pass</th><td class="num zero">0</td><td class="num zero">0</td><td class="num zero">0</td><td class="num reject">3</td></tr>`)
	has(t, page, `<tr><th>block</th><td class="num approve">3</td>`)
	has(t, page, `<h2 id="false-approvals">False approvals <span class="muted">(1)</span></h2>`)
	has(t, page, `<td>fabricated-quote</td><td>block</td><td>3 of 3 decisions passed</td>`)
	has(t, page, `<td>flaky-judge</td><td>block</td><td>block 2, errors 1</td>`)
	has(t, page, `<h2 id="recurring-failures">Recurring known failures <span class="muted">(1)</span></h2>`)
	has(t, page, `<td>fabricated-quote</td><td>block</td><td>3 of 3 decisions still wrong: status: expected block, got pass (and 5 more)</td>`)
	has(t, page, `<tr><td>known-failure recurrence</td><td class="num">0.500</td><td class="num">3/6</td><td class="muted">lower</td></tr>`)
}

func gateFixture() GateVerdict {
	f1, base := 0.70, 0.80
	m := golden.Metrics{FindingRecall: 0.9, FindingPrecision: 0.6, CitationAccuracy: 1, SeverityAccuracy: 0.5, F1Score: f1}
	return GateVerdict{Verdict: "fail", ExitCode: 1, Set: "set", Run: "run", Baseline: "base.json",
		Thresholds: GateThresholds{Recall: 0.8, CitationAccuracy: 0.9, SeverityAccuracy: 0.75, FalsePositiveRate: 0.15, Band: 0.02},
		Tolerance:  0.05,
		Agents: []AgentVerdict{{Agent: "legal", InRun: true, Metrics: &m, BaselineF1: &base,
			Contracts:  []ContractScore{{Contract: "a.md", Samples: 1, Ran: 1, Conclusive: true, Metrics: &m}, {Contract: "b.md", Samples: 2}},
			Thresholds: golden.Verdicts{Recall: golden.VerdictPass, CitationAccuracy: golden.VerdictPass, SeverityAccuracy: golden.VerdictFail, FalsePositiveRate: golden.VerdictPass, Overall: golden.VerdictFail},
			Gate: golden.AgentGate{Agent: "legal", Status: golden.VerdictFail, Reason: "f1_score fell 0.1000",
				Moves: []golden.MetricMove{{Metric: "f1_score", Old: 0.8, New: 0.7, Delta: -0.1}}}}},
		Regressions: []string{"legal"}, ThresholdFailures: []string{"legal"}}
}

func TestGateReport(t *testing.T) {
	text, page := render(t, Gate(gateFixture()))
	checkGolden(t, "gate.txt", text)
	selfContained(t, page)
	has(t, page, `<span class="badge v-fail" id="verdict">fail</span>`)
	has(t, page, `<td>legal</td><td>1/2</td><td class="num">0.900</td>`)
	has(t, page, "verdict: FAIL (F1 regressed: legal; thresholds failed: legal)")
}

// memoCandidate is a candidate type other than string.
type memoCandidate struct {
	Title string `json:"title"`
	Body  string `json:"body"`
}

func TestFromJSON(t *testing.T) {
	// A loop result of a string candidate reads back to the same report.
	res := fixtureResult(t)
	data, err := json.Marshal(res)
	require.NoError(t, err)
	back, err := FromJSON(data)
	require.NoError(t, err)
	want, _ := render(t, Loop(res, nil))
	got, _ := render(t, back)
	assert.Equal(t, want, got)

	// A struct candidate is shown as indented JSON, typed or read back.
	memo := loop.Result[memoCandidate]{Outcome: loop.OutcomeSucceeded, StopReason: evaluator.StopPassed, CandidateStep: -1,
		Candidate: memoCandidate{Title: "Memo", Body: "Fee: 100 EUR"}}
	data, err = json.Marshal(memo)
	require.NoError(t, err)
	back, err = FromJSON(data)
	require.NoError(t, err)
	want, _ = render(t, Loop(memo, nil))
	got, _ = render(t, back)
	assert.Equal(t, want, got)
	assert.Contains(t, got, "    1 | {\n    2 |   \"title\": \"Memo\",\n")

	q := measureFixture(t)
	data, err = json.Marshal(q)
	require.NoError(t, err)
	back, err = FromJSON(data)
	require.NoError(t, err)
	want, _ = render(t, Quality(q))
	got, _ = render(t, back)
	assert.Equal(t, want, got)

	data, err = json.Marshal(gateFixture())
	require.NoError(t, err)
	back, err = FromJSON(data)
	require.NoError(t, err)
	want, _ = render(t, Gate(gateFixture()))
	got, _ = render(t, back)
	assert.Equal(t, want, got)
}

func TestFromJSONErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`[1, 2]`, "report: json: cannot unmarshal array"},
		{`{"outcome": "x"`, "report: unexpected end of JSON input"},
		{`{"name": "x"}`, "not a loop result, a quality report or a gate verdict (want the fields outcome and trace"},
		{`{"outcome": "succeeded", "trace": [{"index": "one"}]}`, "report: loop result: trace.index: want int, got JSON string"},
		{`{"confusion": {}, "results": 3}`, "report: quality report: results: want []quality.CaseResult, got JSON number"},
		{`{"verdict": "pass", "agents": {}}`, "report: gate verdict: agents: want []report.AgentVerdict, got JSON object"},
	} {
		_, err := FromJSON([]byte(tc.in))
		require.Error(t, err, tc.in)
		assert.Contains(t, err.Error(), tc.want, tc.in)
	}
	_, err := FromJSON([]byte(`{}`))
	assert.ErrorIs(t, err, errUnknownJSON)
}

func TestEmptyReport(t *testing.T) {
	var r Report
	assert.Error(t, r.WriteText(&bytes.Buffer{}))
	assert.Error(t, r.WriteHTML(&bytes.Buffer{}))
}
