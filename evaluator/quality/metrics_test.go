package quality

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

// qualityDecisionsByID is an evaluator that answers each case with a fixed
// decision, looked up by task ID; an ID it does not know is an error.
func qualityDecisionsByID(m map[string]evaluator.EvaluationDecision) evaluator.Evaluator[string] {
	return evaluator.Func[string](func(_ context.Context, task evaluator.Task, _ string) (evaluator.EvaluationDecision, error) {
		d, ok := m[task.ID]
		if !ok {
			return evaluator.EvaluationDecision{}, errors.New("no decision for " + task.ID)
		}
		return d, nil
	})
}

var (
	qPass   = evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}
	qRevise = func(instr ...string) evaluator.EvaluationDecision {
		return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5, RevisionInstructions: instr}
	}
	qBlock = func(failures ...string) evaluator.EvaluationDecision {
		return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, BlockingFailures: failures}
	}
	qEscalate = evaluator.EvaluationDecision{Status: evaluator.StatusEscalate}
)

func evalCase(id string, exp ExpectedDecision, human evaluator.Status) Case {
	return Case{ID: id, Candidate: "candidate " + id, Expected: exp, HumanLabel: human}
}

// TestReportMetrics checks each metric, including its value when its
// denominator is zero, on small hand-computed sets.
func TestReportMetrics(t *testing.T) {
	mustNotPass := ExpectedDecision{Status: evaluator.StatusBlock, MustNotPass: true, BlockingFailures: []string{"unsupported claim"}}
	wantRevise := ExpectedDecision{Status: evaluator.StatusRevise, MustNotPass: true, RequiredRevisionInstruction: "cite the invoice"}
	wantPass := ExpectedDecision{Status: evaluator.StatusPass}
	tests := []struct {
		name      string
		cases     []Case
		decisions map[string]evaluator.EvaluationDecision
		check     func(t *testing.T, r Report)
	}{
		{
			name: "mixed set",
			cases: []Case{
				evalCase("b1", mustNotPass, evaluator.StatusBlock),
				evalCase("b2", mustNotPass, evaluator.StatusBlock),
				evalCase("r1", wantRevise, evaluator.StatusRevise),
				evalCase("r2", wantRevise, evaluator.StatusRevise),
				evalCase("p1", wantPass, evaluator.StatusPass),
				evalCase("p2", wantPass, evaluator.StatusRevise),
				evalCase("p3", wantPass, ""),
				evalCase("e1", ExpectedDecision{Status: evaluator.StatusEscalate}, ""),
			},
			decisions: map[string]evaluator.EvaluationDecision{
				"b1": qBlock("Unsupported claim: the 30-day window"), // found
				"b2": qPass,                                          // false approval, failure missed
				"r1": qRevise("Please cite the invoice number"),      // covered
				"r2": qRevise("shorten it"),                          // not covered
				"p1": qPass,
				"p2": qRevise("add a greeting"), // false rejection
				"p3": qPass,
				// e1 is missing: the evaluator errors on it.
			},
			check: func(t *testing.T, r Report) {
				assert.Equal(t, 8, r.Cases)
				assert.Equal(t, 8, r.Calls)
				assert.Equal(t, 7, r.Decisions)
				assert.Equal(t, 1, r.Errors)
				assert.Equal(t, Ratio{Num: 5, Den: 7, Value: 5.0 / 7}, r.StatusAccuracy)
				// must_not_pass: b1, b2, r1, r2; b2 passed.
				assert.Equal(t, Ratio{Num: 1, Den: 4, Value: 0.25}, r.FalseApprovalRate)
				assert.Equal(t, Ratio{Num: 1, Den: 3, Value: 1.0 / 3}, r.FalseRejectionRate)
				assert.Equal(t, Ratio{Num: 1, Den: 2, Value: 0.5}, r.BlockingFailureRecall)
				assert.Equal(t, Ratio{Num: 1, Den: 2, Value: 0.5}, r.RevisionInstructionCoverage)
				assert.Equal(t, 1, r.Confusion.Count(evaluator.StatusBlock, evaluator.StatusBlock))
				assert.Equal(t, 1, r.Confusion.Count(evaluator.StatusBlock, evaluator.StatusPass))
				assert.Equal(t, 2, r.Confusion.Count(evaluator.StatusRevise, evaluator.StatusRevise))
				assert.Equal(t, 2, r.Confusion.Count(evaluator.StatusPass, evaluator.StatusPass))
				assert.Equal(t, 1, r.Confusion.Count(evaluator.StatusPass, evaluator.StatusRevise))
				assert.Equal(t, 0, r.Confusion.Count(evaluator.StatusEscalate, evaluator.StatusEscalate), "errors are not in the matrix")
				total := 0
				for _, row := range r.Confusion.Counts {
					for _, n := range row {
						total += n
					}
				}
				assert.Equal(t, r.Decisions, total)
				// Human labels on b1 b2 r1 r2 p1 p2 (6 items):
				// human  block block revise revise pass revise
				// actual block pass  revise revise pass revise
				// agree 5 → p_o = 5/6; human counts pass1 revise3 block2,
				// actual pass2 revise3 block1 → p_e = (2+9+2)/36 = 13/36;
				// κ = (30−13)/(36−13) = 17/23.
				assert.True(t, r.Kappa.Defined)
				assert.Equal(t, 6, r.Kappa.N)
				assert.InDelta(t, 17.0/23, r.Kappa.Value, 1e-12)
				assert.Equal(t, Ratio{Num: 0, Den: 7, Value: 0}, r.FlipRate)
				e1 := r.Results[7]
				assert.Equal(t, "e1", e1.CaseID)
				assert.Equal(t, 1, e1.Errors)
				assert.Equal(t, "no decision for e1", e1.Calls[0].Error)
				assert.Equal(t, evaluator.Status(""), e1.ModalStatus)
				assert.Nil(t, e1.Calls[0].Mismatches, "a failed call is not compared")
				assert.Equal(t, []string{"status: expected pass, got revise"}, r.Results[5].Calls[0].Mismatches)
			},
		},
		{
			name:      "no must_not_pass, no expected pass, no blocking failures, no instructions, no labels",
			cases:     []Case{evalCase("r", ExpectedDecision{Status: evaluator.StatusRevise}, "")},
			decisions: map[string]evaluator.EvaluationDecision{"r": qRevise("x")},
			check: func(t *testing.T, r Report) {
				assert.Equal(t, Ratio{Num: 0, Den: 0, Value: 0}, r.FalseApprovalRate)
				assert.Equal(t, Ratio{Num: 0, Den: 0, Value: 0}, r.FalseRejectionRate)
				assert.Equal(t, Ratio{Num: 0, Den: 0, Value: 1}, r.BlockingFailureRecall)
				assert.Equal(t, Ratio{Num: 0, Den: 0, Value: 1}, r.RevisionInstructionCoverage)
				assert.Equal(t, Kappa{}, r.Kappa)
				assert.Equal(t, Ratio{Num: 1, Den: 1, Value: 1}, r.StatusAccuracy)
			},
		},
		{
			name:      "every call fails: no decisions, vacuous ratios",
			cases:     []Case{evalCase("p", wantPass, evaluator.StatusPass), evalCase("b", mustNotPass, evaluator.StatusBlock)},
			decisions: map[string]evaluator.EvaluationDecision{},
			check: func(t *testing.T, r Report) {
				assert.Equal(t, 0, r.Decisions)
				assert.Equal(t, 2, r.Errors)
				assert.Equal(t, Ratio{Value: 1}, r.StatusAccuracy)
				assert.Equal(t, Ratio{Value: 0}, r.FalseApprovalRate, "an error is never counted as a pass")
				assert.Equal(t, Ratio{Value: 0}, r.FalseRejectionRate, "nor as a rejection")
				assert.Equal(t, Ratio{Value: 0}, r.FlipRate)
				assert.False(t, r.Kappa.Defined)
				assert.Equal(t, ConfusionMatrix{}, r.Confusion)
			},
		},
		{
			name:      "every human label and decision the same status: kappa undefined",
			cases:     []Case{evalCase("a", wantPass, evaluator.StatusPass), evalCase("b", wantPass, evaluator.StatusPass)},
			decisions: map[string]evaluator.EvaluationDecision{"a": qPass, "b": qPass},
			check: func(t *testing.T, r Report) {
				assert.Equal(t, Kappa{N: 2, Observed: 1, Chance: 1}, r.Kappa)
			},
		},
		{
			name:      "escalate counted in its own row and column",
			cases:     []Case{evalCase("e", ExpectedDecision{Status: evaluator.StatusEscalate, MustNotPass: true}, "")},
			decisions: map[string]evaluator.EvaluationDecision{"e": qEscalate},
			check: func(t *testing.T, r Report) {
				assert.Equal(t, [4][4]int{2: {2: 1}}, r.Confusion.Counts)
				assert.Equal(t, Ratio{Num: 0, Den: 1, Value: 0}, r.FalseApprovalRate)
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Measure(context.Background(), qualityDecisionsByID(tt.decisions), tt.cases)
			require.NoError(t, err)
			tt.check(t, r)
		})
	}
}

func TestModal(t *testing.T) {
	tests := []struct {
		counts [4]int
		want   evaluator.Status
		flips  int
	}{
		{[4]int{}, "", 0},
		{[4]int{3, 0, 0, 0}, evaluator.StatusPass, 0},
		{[4]int{3, 1, 0, 0}, evaluator.StatusPass, 1},
		{[4]int{2, 2, 0, 0}, evaluator.StatusRevise, 2},   // tie: stricter wins
		{[4]int{1, 0, 1, 1}, evaluator.StatusBlock, 2},    // three-way tie
		{[4]int{0, 1, 3, 2}, evaluator.StatusEscalate, 3}, // most frequent beats stricter
		{[4]int{0, 0, 0, 5}, evaluator.StatusBlock, 0},
	}
	for _, tt := range tests {
		got, flips := modal(tt.counts)
		assert.Equal(t, tt.want, got, "%v", tt.counts)
		assert.Equal(t, tt.flips, flips, "%v", tt.counts)
	}
}

func TestConfusionMatrix(t *testing.T) {
	var m ConfusionMatrix
	m.Counts[0][3] = 2 // expected pass, got block
	m.Counts[3][0] = 1 // expected block, got pass
	assert.Equal(t, 2, m.Count(evaluator.StatusPass, evaluator.StatusBlock))
	assert.Equal(t, 1, m.Count(evaluator.StatusBlock, evaluator.StatusPass))
	assert.Equal(t, 0, m.Count("nope", evaluator.StatusPass))
	want := "expected\\actual     pass   revise escalate    block\n" +
		"pass                   0        0        0        2\n" +
		"revise                 0        0        0        0\n" +
		"escalate               0        0        0        0\n" +
		"block                  1        0        0        0"
	assert.Equal(t, want, m.String())
}

func TestRatioString(t *testing.T) {
	assert.Equal(t, "1/4 = 0.250", newRatio(1, 4, 0).String())
	assert.Equal(t, "0/0 = 1.000", newRatio(0, 0, 1).String())
}
