package evaltest_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/evaltest"
	"github.com/evalopt/evalopt/evaluator/golden"
)

// citing is a small evidence-based evaluator for the cases in
// testdata/cases.json: an answer must cite evidence in [brackets], and
// every number it states must occur in the evidence it cites.
var citing = evaluator.Func[string](func(_ context.Context, task evaluator.Task, cand string) (evaluator.EvaluationDecision, error) {
	refs := regexp.MustCompile(`\[([^\]]+)\]`).FindAllStringSubmatch(cand, -1)
	if len(refs) == 0 {
		return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"unsupported claim: no evidence cited"}}, nil
	}
	var cited strings.Builder
	for _, m := range refs {
		ev, ok := task.FindEvidence(m[1])
		if !ok {
			return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"unsupported claim: cites " + m[1]}}, nil
		}
		cited.WriteString(ev.Content + " ")
	}
	for _, n := range regexp.MustCompile(`\d+(?:\.\d+)?`).FindAllString(cand, -1) {
		if !strings.Contains(cited.String(), n) {
			return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4,
				RevisionInstructions: []string{"correct " + n + ": the cited evidence does not state it"}}, nil
		}
	}
	return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
})

func TestRunCasesPassesOnTestdata(t *testing.T) {
	cases := evaltest.LoadCases(t, "testdata/cases.json")
	require.Len(t, cases, 3)
	assert.True(t, evaltest.RunCases(t, citing, cases))
}

// fakeT records what a subtest reports, so that a failing case can be
// checked without failing this test.
type fakeT struct {
	name   string
	errors []string
	fatals []string
}

func (f *fakeT) Helper()                  {}
func (f *fakeT) Context() context.Context { return context.Background() }
func (f *fakeT) Errorf(format string, args ...any) {
	f.errors = append(f.errors, fmt.Sprintf(format, args...))
}
func (f *fakeT) Fatalf(format string, args ...any) {
	f.fatals = append(f.fatals, fmt.Sprintf(format, args...))
}
func (f *fakeT) failed() bool { return len(f.errors)+len(f.fatals) > 0 }

// fakeRunner runs subtests on fakeTs, in order, like *testing.T.Run.
type fakeRunner struct {
	fakeT
	subtests []*fakeT
}

func (f *fakeRunner) Run(name string, fn func(*fakeT)) bool {
	st := &fakeT{name: name}
	f.subtests = append(f.subtests, st)
	fn(st)
	return !st.failed()
}

func TestRunCasesReportsWhatWasExpectedAndWhatCameBack(t *testing.T) {
	cases := evaltest.LoadCases(t, "testdata/cases.json")
	// A lenient evaluator passes everything: the two must-not-pass cases fail.
	lenient := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.95}, nil
	})
	r := &fakeRunner{}
	ok := evaltest.RunCases(r, lenient, cases)
	assert.False(t, ok)
	assert.Empty(t, r.errors, "the parent is not failed directly")
	require.Len(t, r.subtests, 3)
	assert.Equal(t, []string{"grounded-refund", "invented-amount", "uncited-claim"},
		[]string{r.subtests[0].name, r.subtests[1].name, r.subtests[2].name})
	assert.Empty(t, r.subtests[0].errors)
	got := `{"status":"pass","score":0.95,"criteria":[],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`
	assert.Equal(t, []string{`evaltest: case "invented-amount": the decision does not meet the case
	status: expected revise, got pass
	must_not_pass: the evaluator passed a candidate that must not pass (a false approval)
	required_revision_instruction: expected one containing "59.99", got []
	got: ` + got}, r.subtests[1].errors)
	assert.Equal(t, []string{`evaltest: case "uncited-claim": the decision does not meet the case
	status: expected block, got pass
	must_not_pass: the evaluator passed a candidate that must not pass (a false approval)
	blocking_failures: expected one containing "unsupported claim", got []
	got: ` + got}, r.subtests[2].errors)
}

func TestRunCasesFailsTheParentOnBadSets(t *testing.T) {
	tests := []struct {
		name  string
		cases []golden.Case
		want  string
	}{
		{"no cases", nil, "evaltest: RunCases: no cases to run"},
		{"invalid cases", []golden.Case{{ID: "a", Candidate: "x", Expected: golden.ExpectedDecision{Status: "ok"}}},
			`evaltest: RunCases: golden: cases[0].expected_decision.status: must be one of pass, revise, block, escalate; got "ok"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &fakeRunner{}
			assert.False(t, evaltest.RunCases(r, citing, tt.cases))
			assert.Equal(t, []string{tt.want}, r.errors)
			assert.Empty(t, r.subtests)
		})
	}
}

func TestCheckCase(t *testing.T) {
	c := golden.Case{ID: "c", Candidate: "x", Expected: golden.ExpectedDecision{Status: evaluator.StatusPass}}
	boom := errors.New("rate limited")
	fixed := func(d evaluator.EvaluationDecision, err error) evaluator.Evaluator[string] {
		return evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) { return d, err })
	}
	tests := []struct {
		name   string
		ev     evaluator.Evaluator[string]
		c      golden.Case
		want   string // "" for success
		isErr  error
		unwrap bool
	}{
		{name: "met", ev: fixed(passD, nil), c: c},
		{name: "evaluator error", ev: fixed(passD, boom), c: c, isErr: boom,
			want: `evaltest: case "c": the evaluator returned an error (an infrastructure failure, never a pass): rate limited`},
		{name: "invalid decision", ev: fixed(evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5}, nil), c: c, isErr: evaluator.ErrInvalidDecision,
			want: `evaltest: case "c": the evaluator returned an invalid decision: revisionInstructions: a revise needs at least one revision instruction` +
				"\n\tgot: " + `{"status":"revise","score":0.5,"criteria":[],"blockingFailures":[],"revisionInstructions":[],"stopReason":""}`},
		{name: "panic", ev: evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) { panic("nil map") }), c: c,
			want: `evaltest: case "c": the evaluator returned an error (an infrastructure failure, never a pass): evaluator panicked: nil map`},
		{name: "nil evaluator", ev: nil, c: c, want: `evaltest: case "c": nil evaluator`},
		{name: "invalid case", ev: fixed(passD, nil), c: golden.Case{ID: "c", Expected: golden.ExpectedDecision{Status: evaluator.StatusPass}}, isErr: golden.ErrInvalidCase,
			want: `evaltest: case "c": invalid case: golden: cases[0].candidate: empty`},
		{name: "mismatch", ev: fixed(reviseD, nil), c: c,
			want: `evaltest: case "c": the decision does not meet the case` + "\n\tstatus: expected pass, got revise" +
				"\n\tgot: " + `{"status":"revise","score":0.4,"criteria":[],"blockingFailures":[],"revisionInstructions":["cite the invoice"],"stopReason":""}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := evaltest.CheckCase(context.Background(), tt.ev, tt.c)
			if tt.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, evaltest.ErrCaseFailed)
			assert.Equal(t, tt.want, err.Error())
			if tt.isErr != nil {
				assert.ErrorIs(t, err, tt.isErr)
			}
			var cf *evaltest.CaseFailure
			require.True(t, errors.As(err, &cf))
			assert.Equal(t, "c", cf.CaseID)
		})
	}
}

func TestLoadCases(t *testing.T) {
	f := &fakeT{}
	assert.Nil(t, evaltest.LoadCases(f, "testdata/bad_cases.json"))
	assert.Equal(t, []string{"evaltest: LoadCases: golden: testdata/bad_cases.json:5: cases[0].expected_decision.must_not_pas: unknown field"}, f.fatals)

	f = &fakeT{}
	assert.Nil(t, evaltest.LoadCases(f, "testdata/missing.json"))
	require.Len(t, f.fatals, 1)
	assert.Contains(t, f.fatals[0], "testdata/missing.json")

	f = &fakeT{}
	assert.Len(t, evaltest.LoadCases(f, "testdata/cases.json"), 3)
	assert.Empty(t, f.fatals)
}

// TestRunCasesFailsARealSubtest runs a failing RunCases under a real
// *testing.T in a child process and checks that the child test fails with
// the message naming the case, what was expected and what came back.
func TestRunCasesFailsARealSubtest(t *testing.T) {
	if os.Getenv("EVALTEST_CHILD") == "1" {
		t.Skip("running as the child")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildRunCasesFails$", "-test.v")
	cmd.Env = append(os.Environ(), "EVALTEST_CHILD=1")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "the child test must fail; output:\n%s", out)
	text := string(out)
	assert.Contains(t, text, "--- FAIL: TestChildRunCasesFails/uncited-claim")
	assert.Contains(t, text, "--- PASS: TestChildRunCasesFails/grounded-refund")
	assert.Contains(t, text, `evaltest: case "uncited-claim": the decision does not meet the case`)
	assert.Contains(t, text, "status: expected block, got pass")
}

// TestChildRunCasesFails is the child of TestRunCasesFailsARealSubtest; it
// fails on purpose and runs only in the child process.
func TestChildRunCasesFails(t *testing.T) {
	if os.Getenv("EVALTEST_CHILD") != "1" {
		t.Skip("runs only as the child of TestRunCasesFailsARealSubtest")
	}
	lenient := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
	})
	evaltest.RunCases(t, lenient, evaltest.LoadCases(t, "testdata/cases.json"))
}
