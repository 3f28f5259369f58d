package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/evaluator/quality"
	"github.com/evalopt/evalopt/loop"
)

// saved writes v as JSON to a temporary file and returns its path.
func saved(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	p := filepath.Join(t.TempDir(), "saved.json")
	require.NoError(t, os.WriteFile(p, data, 0o644))
	return p
}

// memoLoop runs a loop on the test memos: the bad one drafted, the good
// one as its revision, the default suite judging.
func memoLoop(t *testing.T) loop.Result[string] {
	t.Helper()
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(checkDir, name))
		require.NoError(t, err)
		return string(data)
	}
	task := evaluator.Task{Kind: evaluator.KindReviewMemo, Evidence: []evaluator.Evidence{{ID: "source", Content: read("source.md")}}}
	gen := loop.GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
		provider.AddCost(ctx, 0.0125)
		provider.AddUsage(ctx, provider.Usage{Model: "gpt-4.1-2025-04-14", InputTokens: 2100, OutputTokens: 640})
		return read("memo_revise.md"), nil
	})
	rev := loop.ReviserFunc[string](func(context.Context, evaluator.Task, string, evaluator.EvaluationDecision) (string, error) {
		return read("memo_good.md"), nil
	})
	res, err := loop.RunLoop(context.Background(), task, gen, checks.DefaultSuite(), rev)
	require.NoError(t, err)
	require.Equal(t, loop.OutcomeSucceeded, res.Outcome)
	return res
}

func TestReportLoopResult(t *testing.T) {
	path := saved(t, memoLoop(t))
	code, out, errOut := invoke(t, "report", path)
	assert.Equal(t, exitPass, code, errOut)
	assert.Contains(t, out, "loop: succeeded (passed), 1 revision, 4 steps, cost 0.0125, tokens 2100 in / 640 out")
	// The model that answered and its tokens, per role and per step, read
	// back from the saved usage.
	assert.Contains(t, out, "generate  0.0125  gpt-4.1-2025-04-14  2100  640\n")
	assert.Regexp(t, `\n0 +generate +1 +ok +- +0\.0125 +gpt-4\.1-2025-04-14 +2100 +640 `, out)
	assert.Contains(t, out, "   10 | 3. **Liability cap (Low).**")
	assert.Contains(t, out, "      | ^ [1] warn xref.numbering_gap: list numbering jumps from 1 to 3\n")
	assert.Contains(t, out, "revision 1 (step 2) against the draft (step 0): +1 -1\n")

	code, page, _ := invoke(t, "report", "--html", path)
	assert.Equal(t, exitPass, code)
	assert.True(t, strings.HasPrefix(page, "<!DOCTYPE html>"))
	assert.Contains(t, page, `<span class="badge st-succeeded" id="outcome">succeeded</span>`)
	assert.Contains(t, page, `<td>gpt-4.1-2025-04-14</td><td class="num" title="2100 uncached, 0 read from the cache, 0 written to the cache">2100</td><td class="num">640</td>`)
}

func TestReportQualityReport(t *testing.T) {
	cases := []quality.Case{
		{ID: "bad-memo", Candidate: "The fee is [AMOUNT].", Expected: quality.ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true}},
		{ID: "good-memo", Candidate: "The fee is 100 EUR.", Expected: quality.ExpectedDecision{Status: evaluator.StatusPass}},
	}
	r, err := quality.Measure(context.Background(), checks.DefaultSuite(), cases)
	require.NoError(t, err)
	code, out, _ := invoke(t, "report", saved(t, r))
	assert.Equal(t, exitPass, code)
	assert.Contains(t, out, "evaluator quality: 2 cases × 1 repeats = 2 calls, 2 decisions, 0 errors")
	assert.Contains(t, out, "false approvals (must_not_pass cases that passed): 0\n")
}

// TestReportGateVerdict: the gate's JSON verdict, rendered by report,
// reads as the gate's own table.
func TestReportGateVerdict(t *testing.T) {
	code, table, _ := gate(t, "-set", setDir, "-run", runDir, "-baseline", baseline)
	require.Equal(t, exitPass, code)
	_, verdict, _ := gate(t, "-json", "-set", setDir, "-run", runDir, "-baseline", baseline)
	path := filepath.Join(t.TempDir(), "verdict.json")
	require.NoError(t, os.WriteFile(path, []byte(verdict), 0o644))
	code, out, _ := invoke(t, "report", path)
	assert.Equal(t, exitPass, code)
	assert.Equal(t, table, out)
}

func TestReportBadInputExitsTwo(t *testing.T) {
	notJSON := filepath.Join(t.TempDir(), "x.json")
	require.NoError(t, os.WriteFile(notJSON, []byte("{"), 0o644))
	other := filepath.Join(t.TempDir(), "y.json")
	require.NoError(t, os.WriteFile(other, []byte(`{"name": "x"}`), 0o644))
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no file", nil, "want one FILE.json"},
		{"two files", []string{notJSON, other}, "want one FILE.json"},
		{"missing file", []string{"nope.json"}, "open nope.json: no such file or directory"},
		{"not JSON", []string{notJSON}, "unexpected end of JSON input"},
		{"other JSON", []string{other}, "not a loop result, a quality report or a gate verdict"},
		{"unknown flag", []string{"--htm", other}, "flag provided but not defined: -htm"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := invoke(t, append([]string{"report"}, tc.args...)...)
			assert.Equal(t, exitBadInput, code)
			assert.Empty(t, out)
			assert.Contains(t, errOut, tc.want)
		})
	}
}
