package checks_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/rubric"
)

// approveAllReply is a judge reply that scores every dimension of the
// deliverable rubric 1 and passes: the judge a user fears.
func approveAllReply(t *testing.T) string {
	t.Helper()
	out := rubric.JudgeOutput{Passed: true, OverallScore: 1, SpecialistRole: "evaluator", FailureReasons: []string{}, RevisionSuggestions: []string{}, Confidence: 1, Summary: "Looks fine."}
	for _, d := range rubric.Deliverable().Dimensions {
		out.Dimensions = append(out.Dimensions, rubric.JudgeDimension{Name: d.Name, Weight: d.Weight, Score: 1, Evidence: "-", EvidenceRefs: []string{}, Issues: []string{}})
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCorpusRubricJudgeWithWarnings: a rubric judge fed the suite's block
// findings as auto-fails only, behind an approve-everything judge function,
// passes bad twins the suite itself sends back (its warnings never reach
// the rubric); fed the warnings too (rubric.Config.Warnings through
// checks.RubricInputs) it passes none.
func TestCorpusRubricJudgeWithWarnings(t *testing.T) {
	cases := loadCorpus(t)
	prefetchCorpus(t, cases)
	suite := corpusSuite()
	r := rubric.Deliverable()
	reply := approveAllReply(t)
	judgeFn := func(context.Context, evaluator.Prompt) (string, error) { return reply, nil }
	// Each judge asks for the inputs of a text once or twice: they are read
	// once per text of a case, from the corpus run's findings (what
	// RubricInputs computes from Findings; the suite under -race is what
	// this test costs).
	type rubricIn struct {
		fails []rubric.AutoFail
		warns []rubric.Warning
		err   error
	}
	var mu sync.Mutex
	read := map[string]rubricIn{}
	var cur *corpusCase // the case whose texts the judges read
	inputs := func(ctx context.Context, task evaluator.Task, c string) ([]rubric.AutoFail, []rubric.Warning, error) {
		mu.Lock()
		in, ok := read[c]
		mu.Unlock()
		if !ok {
			in.fails, in.warns = checks.RubricInputsOf(corpusFindings(t, cur, c), r, "Completeness")
			mu.Lock()
			read[c] = in
			mu.Unlock()
		}
		return in.fails, in.warns, in.err
	}
	blocksOnly, err := rubric.NewJudge[string](r, judgeFn, rubric.Config[string]{AutoFails: func(ctx context.Context, task evaluator.Task, c string) ([]rubric.AutoFail, error) {
		f, _, err := inputs(ctx, task, c)
		return f, err
	}})
	if err != nil {
		t.Fatal(err)
	}
	withWarnings, err := rubric.NewJudge[string](r, judgeFn, rubric.Config[string]{
		AutoFails: func(ctx context.Context, task evaluator.Task, c string) ([]rubric.AutoFail, error) {
			f, _, err := inputs(ctx, task, c)
			return f, err
		},
		Warnings: func(ctx context.Context, task evaluator.Task, c string) ([]rubric.Warning, error) {
			_, w, err := inputs(ctx, task, c)
			return w, err
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	sentBack, passedBefore, passedAfter := 0, 0, 0
	for _, c := range cases {
		clear(read) // the inputs are read per case: its task goes with the text
		cur = c
		for _, b := range c.Bad {
			text, _, _ := c.plant(b)
			if d := suite.Decide(corpusFindings(t, c, text)); d.Status == evaluator.StatusPass {
				continue
			}
			sentBack++
			before, err := blocksOnly.Evaluate(ctx, c.task, text)
			if err != nil {
				t.Fatalf("%s/%s: %v", c.ID, b.ID, err)
			}
			if before.Status == evaluator.StatusPass {
				passedBefore++
			}
			after, err := withWarnings.Evaluate(ctx, c.task, text)
			if err != nil {
				t.Fatalf("%s/%s: %v", c.ID, b.ID, err)
			}
			if after.Status == evaluator.StatusPass {
				passedAfter++
				t.Errorf("%s/%s: the rubric judge with the suite's warnings passes a bad twin the suite sent back", c.ID, b.ID)
			}
		}
	}
	t.Logf("bad twins the suite sent back: %d; passed by a rubric judge with auto-fails only: %d; with warnings too: %d", sentBack, passedBefore, passedAfter)
	if passedBefore == 0 {
		t.Errorf("expected the auto-fail-only judge to pass some bad twins the suite sent back (the gap warnings close)")
	}
}

// TestRubricInputsReadsFindings: RubricInputs gives what its findings give
// (the corpus test reads the findings of the shared corpus run).
func TestRubricInputsReadsFindings(t *testing.T) {
	suite, r := checks.DefaultSuite(), rubric.Deliverable()
	task := evaluator.Task{Kind: evaluator.KindReviewMemo}
	text := "# Review\n\n## Findings\n\n1. The cap is low (see Section 99).\n\n## Recommendations\n\n1. Consider revisiting the cap by [DATE].\n"
	ctx := context.Background()
	fails, warns, err := checks.RubricInputs(ctx, suite, r, "Completeness", task, text)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := suite.Findings(ctx, task, text)
	if err != nil {
		t.Fatal(err)
	}
	wantFails, wantWarns := checks.RubricInputsOf(fs, r, "Completeness")
	if len(fails)+len(warns) == 0 {
		t.Fatal("no rubric inputs: the text must give the suite findings")
	}
	if fmt.Sprint(fails, warns) != fmt.Sprint(wantFails, wantWarns) {
		t.Errorf("RubricInputs = %v, %v; from the findings: %v, %v", fails, warns, wantFails, wantWarns)
	}
}
