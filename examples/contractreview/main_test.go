package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/checks/advice"
	"github.com/evalopt/evalopt/checks/placeholder"
	"github.com/evalopt/evalopt/checks/quote"
	"github.com/evalopt/evalopt/checks/values"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
	"github.com/evalopt/evalopt/rubric"
)

var update = flag.Bool("update", false, "rewrite testdata/output.golden with the current output")

// TestOutput compares the program's output, byte for byte, with
// testdata/output.golden. Run with -update after an intended change, then
// review the diff.
func TestOutput(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, run(&buf))
	golden := filepath.Join("testdata", "output.golden")
	if *update {
		require.NoError(t, os.WriteFile(golden, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, string(want), buf.String())
}

// failed returns the names of the decision's failed criteria.
func failed(d evaluator.EvaluationDecision) []string {
	var names []string
	for _, c := range d.Criteria {
		if !c.Passed {
			names = append(names, c.Name)
		}
	}
	return names
}

func TestFirstDraftIsRevisedThenPasses(t *testing.T) {
	res, err := review(context.Background(), firstDraft, judgeModel)
	require.NoError(t, err)
	require.Len(t, res.Trace, 4)
	assert.Equal(t, loop.OutcomeSucceeded, res.Outcome)
	assert.Equal(t, 1, res.Revisions)

	first := res.Trace[1].Decision
	assert.Equal(t, evaluator.StatusRevise, first.Status)
	// The checks' findings and the judge's verdict are merged: a misquote and
	// a date written two ways from the checks, the wrong SCC module (below
	// the Jurisdictional Accuracy floor) from the judge.
	assert.Subset(t, failed(first), []string{values.RuleDateForm, quote.RuleQuoteNearVerbatim, "Jurisdictional Accuracy"})
	assert.Equal(t, first.RevisionInstructions, res.Trace[2].Instructions, "the reviser gets the decision's instructions")

	assert.Equal(t, evaluator.StatusPass, res.Trace[3].Decision.Status)
	assert.Equal(t, res.Trace[2].Candidate, res.Candidate)
	assert.Contains(t, res.Candidate, "Module Three (processor to processor)")
	assert.NotContains(t, res.Candidate, "Tighten the objection mechanism")
	fs, err := checks.DefaultSuite().Findings(context.Background(), reviewTask(), res.Candidate)
	require.NoError(t, err)
	assert.Empty(t, fs, "the accepted memo has no finding left, not even an informative one")
}

// The scripted reviser edits only what an instruction asks for.
func TestReviserEditsOnlyWhatIsAsked(t *testing.T) {
	d := evaluator.EvaluationDecision{Status: evaluator.StatusRevise, RevisionInstructions: []string{
		`quote.near_verbatim: quotation differs from the source (line 20:16, "shall notify")`}}
	got, err := revise(context.Background(), reviewTask(), firstDraft, d)
	require.NoError(t, err)
	assert.Equal(t, strings.Replace(firstDraft, `becoming aware of it"`, `becoming aware"`, 1), got)

	d.RevisionInstructions = []string{"Completeness (score 0.7): cover the audit rights."}
	got, err = revise(context.Background(), reviewTask(), firstDraft, d)
	require.NoError(t, err)
	assert.Equal(t, firstDraft, got, "an instruction the script has no edit for changes nothing")
}

// lineStarting returns the line of text that starts with prefix.
func lineStarting(text, prefix string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

// A blocking defect ends the loop at the checks: blocked, no revision, and
// the judge is never asked.
func TestBlockerStopsTheLoop(t *testing.T) {
	for _, tc := range []struct{ name, old, new, rule string }{
		{"unfilled placeholder", "within 10 days after", "within [●] days after", placeholder.RulePlaceholder},
		{"hedged risk-4 recommendation", lineStarting(firstDraft, "1. **Transfer mechanism"),
			"1. **Transfer mechanism (Risk: 4).** Company B may want to consider asking the Processor for safeguards.", advice.RuleHedgeHighRisk},
		{"quotation the contract does not hold", `"anonymization removes all personal data identifiers"`,
			`"anonymization is certified by an independent auditor every year"`, quote.RuleQuoteFabricated},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.NotEmpty(t, tc.old)
			require.Contains(t, firstDraft, tc.old)
			res, err := review(context.Background(), strings.Replace(firstDraft, tc.old, tc.new, 1), judgeModel)
			require.NoError(t, err)
			assert.Equal(t, loop.OutcomeBlocked, res.Outcome)
			assert.Equal(t, evaluator.StopPolicyBlock, res.StopReason)
			assert.Equal(t, 0, res.Revisions)
			require.Len(t, res.Trace, 2, "generate and evaluate only")
			require.NotEmpty(t, res.Decision.BlockingFailures)
			for _, bf := range res.Decision.BlockingFailures {
				assert.True(t, strings.HasPrefix(bf, tc.rule+":"), "blocked by the planted defect only: %s", bf)
			}
			assert.NotContains(t, failed(res.Decision), "Jurisdictional Accuracy", "the judge is never asked")
		})
	}
}

// The self-approval guard refuses a judge of the writer's model family.
func TestSameModelIsRefused(t *testing.T) {
	res, err := review(context.Background(), firstDraft, "anthropic/"+writerModel)
	require.ErrorIs(t, err, loop.ErrSameModel)
	assert.Empty(t, res.Trace, "no role is called")
}

// The recorded judge replies are valid judge output for the deliverable
// rubric, and their own verdicts agree with the library's.
func TestJudgeRepliesAgreeWithTheRubric(t *testing.T) {
	r := rubric.Deliverable()
	for name, wantPass := range map[string]bool{"judge-1.json": false, "judge-2.json": true} {
		raw, err := judgeReplies.ReadFile("testdata/" + name)
		require.NoError(t, err)
		out, err := rubric.ParseJudgeOutput(raw, r)
		require.NoError(t, err, name)
		in, err := out.Input(r)
		require.NoError(t, err, name)
		v, err := r.Verdict(in)
		require.NoError(t, err, name)
		assert.Equal(t, wantPass, v.Passed, name)
		assert.Nil(t, v.Mismatch, name)
	}
}
