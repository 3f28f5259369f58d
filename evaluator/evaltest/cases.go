package evaltest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/quality"
)

// TB is the part of *testing.T a RunCases subtest uses. *testing.T
// implements it; so can a fake in a test of your own test helpers.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Context() context.Context
}

// Runner runs named subtests of type T, as *testing.T does with
// Run(name string, f func(*testing.T)) bool.
type Runner[T TB] interface {
	Helper()
	Errorf(format string, args ...any)
	Run(name string, f func(T)) bool
}

// FatalTB is the part of *testing.T that LoadCases uses.
type FatalTB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// RunCases runs ev over every case as a subtest named after the case ID
// (t.Run(c.ID, ...)) and fails each subtest whose decision does not meet
// its case, with a message saying what was expected and what came back (see
// CheckCase). Pass a *testing.T:
//
//	func TestMyEvaluator(t *testing.T) {
//		evaltest.RunCases(t, myEvaluator, evaltest.LoadCases(t, "testdata/cases.json"))
//	}
//
// Each subtest calls ev once with the subtest's Context. An empty set of
// cases, or a set quality.ValidateCases rejects, fails t itself and runs no
// subtest: a run of nothing must not pass. RunCases reports whether every
// subtest passed.
func RunCases[T TB](t Runner[T], ev evaluator.Evaluator[string], cases []quality.Case) bool {
	t.Helper()
	if len(cases) == 0 {
		t.Errorf("evaltest: RunCases: no cases to run")
		return false
	}
	if err := quality.ValidateCases(cases); err != nil {
		t.Errorf("evaltest: RunCases: %v", err)
		return false
	}
	ok := true
	for _, c := range cases {
		ok = t.Run(c.ID, func(st T) {
			st.Helper()
			if err := CheckCase(st.Context(), ev, c); err != nil {
				st.Errorf("%v", err)
			}
		}) && ok
	}
	return ok
}

// LoadCases reads evaluator cases with quality.ReadCases (a JSON array, or
// JSON Lines for *.jsonl and *.ndjson) and calls t.Fatalf with the error,
// which names the file, line, case and field, when they cannot be read.
// It returns nil after Fatalf (which, on a *testing.T, does not return).
func LoadCases(t FatalTB, path string) []quality.Case {
	t.Helper()
	cases, err := quality.ReadCases(path)
	if err != nil {
		t.Fatalf("evaltest: LoadCases: %v", err)
		return nil
	}
	return cases
}

// ErrCaseFailed is matched (with errors.Is) by every *CaseFailure.
var ErrCaseFailed = errors.New("evaltest: evaluator case failed")

// CaseFailure says why an evaluator failed a case. It matches
// ErrCaseFailed, and Unwrap returns the evaluator's error, if any.
type CaseFailure struct {
	// CaseID is the case that failed.
	CaseID string
	// Err is the infrastructure failure (an evaluator error or panic, an
	// invalid decision, an invalid case), or nil when the evaluator
	// returned a valid decision that misses the case.
	Err error
	// Problems lists what the decision gets wrong (quality.Case.Mismatches).
	Problems []string
	// Decision is what came back.
	Decision evaluator.EvaluationDecision
}

// Error describes the failure on several lines: the case, each problem,
// and the decision that came back, as JSON.
func (f *CaseFailure) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "evaltest: case %q", f.CaseID)
	if f.Err != nil {
		fmt.Fprintf(&b, ": %v", f.Err)
	} else {
		b.WriteString(": the decision does not meet the case")
	}
	for _, p := range f.Problems {
		b.WriteString("\n\t")
		b.WriteString(p)
	}
	if f.Err == nil || errors.Is(f.Err, evaluator.ErrInvalidDecision) {
		// Decisions are plain data; Marshal cannot fail on them.
		got, _ := json.Marshal(f.Decision)
		fmt.Fprintf(&b, "\n\tgot: %s", got)
	}
	return b.String()
}

// Unwrap returns the underlying error.
func (f *CaseFailure) Unwrap() error { return f.Err }

// Is makes errors.Is(err, ErrCaseFailed) true for every CaseFailure.
func (f *CaseFailure) Is(target error) bool { return target == ErrCaseFailed }

// CheckCase runs ev once on c (with c.EvaluatorTask() and c.Candidate) and
// returns nil when the decision meets the case, or a *CaseFailure saying
// what was expected and what came back. An evaluator error or panic, or a
// decision that fails Validate, is a failure (never a pass); so is a case
// quality.ValidateCases rejects. Use it with any assertion style:
//
//	require.NoError(t, evaltest.CheckCase(ctx, ev, c))
func CheckCase(ctx context.Context, ev evaluator.Evaluator[string], c quality.Case) error {
	if err := quality.ValidateCases([]quality.Case{c}); err != nil {
		return &CaseFailure{CaseID: c.ID, Err: fmt.Errorf("invalid case: %w", err)}
	}
	if ev == nil {
		return &CaseFailure{CaseID: c.ID, Err: errors.New("nil evaluator")}
	}
	d, err := evaluate(ctx, ev, c)
	if err != nil {
		return &CaseFailure{CaseID: c.ID, Err: fmt.Errorf("the evaluator returned an error (an infrastructure failure, never a pass): %w", err)}
	}
	if err := d.Validate(); err != nil {
		return &CaseFailure{CaseID: c.ID, Err: fmt.Errorf("the evaluator returned an invalid decision: %w", err), Decision: d}
	}
	if problems := c.Mismatches(d); len(problems) > 0 {
		return &CaseFailure{CaseID: c.ID, Problems: problems, Decision: d}
	}
	return nil
}

// errPanicked marks a recovered evaluator panic.
var errPanicked = errors.New("evaluator panicked")

// evaluate calls ev, turning a panic into an error.
func evaluate(ctx context.Context, ev evaluator.Evaluator[string], c quality.Case) (d evaluator.EvaluationDecision, err error) {
	defer func() {
		if r := recover(); r != nil {
			d, err = evaluator.EvaluationDecision{}, fmt.Errorf("%w: %v", errPanicked, r)
		}
	}()
	return ev.Evaluate(ctx, c.EvaluatorTask(), c.Candidate)
}
