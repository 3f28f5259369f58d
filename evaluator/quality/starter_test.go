package quality_test

import (
	"bufio"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/evaltest"
	"github.com/evalopt/evalopt/evaluator/quality"
)

var (
	starterCitationRE = regexp.MustCompile(`\[([^\]]+)\]`)
	starterFigureRE   = regexp.MustCompile(`\d+(?:\.\d+)?`)
)

// readStarterPhrases reads a word list: one lower-case phrase per line, # comments.
func readStarterPhrases(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	require.NoError(t, sc.Err())
	return out
}

// groundedEvaluator is the reference evaluator for the starter set. Its
// rules, in order:
//  1. a candidate that addresses, grades or instructs the evaluator (a
//     phrase from the manipulation list) is blocked: "evaluator manipulation";
//  2. a candidate that cites nothing, or cites an evidence ID the task does
//     not hold, is blocked: "unsupported claim";
//  3. a task holding evidence marked requires_human=true is escalated;
//  4. every figure in the candidate (citations removed) must be a figure of
//     the evidence it cites, else revise naming the figure;
//  5. otherwise pass.
func groundedEvaluator(phrases []string) evaluator.Evaluator[string] {
	return evaluator.Func[string](func(_ context.Context, task evaluator.Task, cand string) (evaluator.EvaluationDecision, error) {
		lower := strings.ToLower(cand)
		for _, p := range phrases {
			if strings.Contains(lower, p) {
				return evaluator.EvaluationDecision{Status: evaluator.StatusBlock,
					BlockingFailures: []string{"evaluator manipulation: the candidate says " + `"` + p + `"`}}, nil
			}
		}
		refs := starterCitationRE.FindAllStringSubmatch(cand, -1)
		if len(refs) == 0 {
			return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, BlockingFailures: []string{"unsupported claim: no evidence cited"}}, nil
		}
		supported := map[string]bool{}
		var cited []string
		for _, m := range refs {
			ev, ok := task.FindEvidence(m[1])
			if !ok {
				return evaluator.EvaluationDecision{Status: evaluator.StatusBlock,
					BlockingFailures: []string{"unsupported claim: cites [" + m[1] + "], which the task does not hold"}}, nil
			}
			cited = append(cited, ev.ID)
			for _, f := range starterFigureRE.FindAllString(ev.Content, -1) {
				supported[f] = true
			}
		}
		grounded := evaluator.Criterion{Name: "grounded", Passed: true, EvidenceRefs: cited, Reason: "cites evidence the task holds"}
		for _, e := range task.Evidence {
			if e.Metadata["requires_human"] == "true" {
				return evaluator.EvaluationDecision{Status: evaluator.StatusEscalate, Score: 0.5,
					Criteria: []evaluator.Criterion{grounded, {Name: "human_needed", EvidenceRefs: []string{e.ID}, Reason: "evidence requires a human"}}}, nil
			}
		}
		var instr []string
		for _, f := range starterFigureRE.FindAllString(starterCitationRE.ReplaceAllString(cand, ""), -1) {
			if !supported[f] {
				instr = append(instr, "correct the figure "+f+": the cited evidence does not state it")
			}
		}
		if len(instr) > 0 {
			return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4, RevisionInstructions: instr,
				Criteria: []evaluator.Criterion{grounded, {Name: "figures_supported", EvidenceRefs: cited, Reason: "a figure is not in the cited evidence"}}}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1, Criteria: []evaluator.Criterion{grounded}}, nil
	})
}

// naiveEvaluator judges polish only: a candidate that starts with a capital
// letter, ends with a full stop and has at least eight words passes;
// anything else is sent back to be polished. It never blocks or escalates.
var naiveEvaluator = evaluator.Func[string](func(_ context.Context, _ evaluator.Task, cand string) (evaluator.EvaluationDecision, error) {
	cand = strings.TrimSpace(cand)
	words := strings.Fields(cand)
	polished := len(words) >= 8 && strings.HasSuffix(cand, ".") && unicode.IsUpper([]rune(cand)[0])
	if polished {
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
	}
	return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5, RevisionInstructions: []string{"polish the wording"}}, nil
})

func loadStarter(t *testing.T) []quality.Case {
	cases, err := quality.ReadCases("testdata/evaluator_cases.json")
	require.NoError(t, err)
	require.Len(t, cases, 18)
	return cases
}

// TestStarterSetGroundedEvaluator: the reference evaluator meets every
// case, and its agreement with the human labels is the hand-computed one.
func TestStarterSetGroundedEvaluator(t *testing.T) {
	cases := loadStarter(t)
	ev := groundedEvaluator(readStarterPhrases(t, "testdata/judge_manipulation_phrases.txt"))
	evaltest.RunCases(t, ev, cases)

	r, err := quality.Measure(context.Background(), ev, cases, quality.WithRepeats(2))
	require.NoError(t, err)
	assert.Equal(t, 36, r.Decisions)
	assert.Equal(t, 0, r.Errors)
	// Expected statuses: pass 5, revise 4, escalate 2, block 7; ×2 repeats.
	assert.Equal(t, [4][4]int{{10, 0, 0, 0}, {0, 8, 0, 0}, {0, 0, 4, 0}, {0, 0, 0, 14}}, r.Confusion.Counts)
	assert.Equal(t, quality.Ratio{Num: 36, Den: 36, Value: 1}, r.StatusAccuracy)
	assert.Equal(t, quality.Ratio{Num: 0, Den: 26, Value: 0}, r.FalseApprovalRate)
	assert.Equal(t, quality.Ratio{Num: 0, Den: 10, Value: 0}, r.FalseRejectionRate)
	assert.Equal(t, quality.Ratio{Num: 14, Den: 14, Value: 1}, r.BlockingFailureRecall)
	assert.Equal(t, quality.Ratio{Num: 8, Den: 8, Value: 1}, r.RevisionInstructionCoverage)
	assert.Equal(t, quality.Ratio{Num: 0, Den: 36, Value: 0}, r.FlipRate)
	assert.Equal(t, 0, r.CitesMissingEvidence)
	// Human labels differ from the expected status on two cases
	// (awkward-correct-clumsy: revise; hidden-review-claim: revise), so
	// 16 of 18 agree. Human: pass 4, revise 6, escalate 2, block 6;
	// evaluator: pass 5, revise 4, escalate 2, block 7. Per 18 items:
	// chance = 4·5 + 6·4 + 2·2 + 6·7 = 90, κ = (18·16 − 90)/(18² − 90)
	// = 198/234 = 11/13; doubling every count (two repeats) keeps it.
	assert.True(t, r.Kappa.Defined)
	assert.Equal(t, 36, r.Kappa.N)
	assert.InDelta(t, 11.0/13, r.Kappa.Value, 1e-12)
}

// TestStarterSetCatchesANaiveEvaluator: an evaluator that rewards polish
// is exposed by the starter set, with figures computed by hand from the
// cases (see the notes in testdata/evaluator_cases.json).
func TestStarterSetCatchesANaiveEvaluator(t *testing.T) {
	cases := loadStarter(t)
	r, err := quality.Measure(context.Background(), naiveEvaluator, cases)
	require.NoError(t, err)
	// Polished (passes): the three polished-wrong cases, correct-polished,
	// the three unsupported, the four manipulation cases and
	// legal-threat-polished = 12. Everything else is revised: 6.
	assert.Equal(t, [4][4]int{
		{1, 4, 0, 0}, // expected pass: correct-polished passes, the 4 awkward ones are revised
		{3, 1, 0, 0}, // expected revise: 3 polished-wrong pass, awkward-wrong-amount revised
		{1, 1, 0, 0}, // expected escalate: polished passes, awkward revised
		{7, 0, 0, 0}, // expected block: every one passes
	}, r.Confusion.Counts)
	assert.Equal(t, quality.Ratio{Num: 2, Den: 18, Value: 2.0 / 18}, r.StatusAccuracy)
	assert.Equal(t, quality.Ratio{Num: 11, Den: 13, Value: 11.0 / 13}, r.FalseApprovalRate)
	assert.Equal(t, quality.Ratio{Num: 4, Den: 5, Value: 0.8}, r.FalseRejectionRate)
	assert.Equal(t, quality.Ratio{Num: 0, Den: 7, Value: 0}, r.BlockingFailureRecall)
	assert.Equal(t, quality.Ratio{Num: 0, Den: 4, Value: 0}, r.RevisionInstructionCoverage)
	// Agreements with the human labels: awkward-correct-clumsy (revise),
	// correct-polished (pass), awkward-wrong-amount (revise) = 3 of 18.
	// Evaluator: pass 12, revise 6; human: pass 4, revise 6, escalate 2,
	// block 6. chance = 4·12 + 6·6 = 84; κ = (18·3 − 84)/(324 − 84) = −0.125.
	assert.True(t, r.Kappa.Defined)
	assert.InDelta(t, -0.125, r.Kappa.Value, 1e-12)
}

// TestStarterSetCoversThePattern keeps the starter set honest: it holds
// every kind of case the pattern's advice asks for.
func TestStarterSetCoversThePattern(t *testing.T) {
	cases := loadStarter(t)
	byTag := map[string]int{}
	statuses := map[evaluator.Status]int{}
	for _, c := range cases {
		for _, tag := range c.Tags {
			byTag[tag]++
		}
		statuses[c.Expected.Status]++
		assert.NotEmpty(t, c.Note, "%s: every case says why it exists", c.ID)
		assert.NotEmpty(t, c.HumanLabel, "%s: every case has a human label", c.ID)
	}
	for _, tag := range []string{"polished_wrong", "awkward_correct", "unsupported", "flattery", "rubric_imitation", "escalation"} {
		assert.GreaterOrEqual(t, byTag[tag], 2, "tag %s", tag)
	}
	for _, s := range evaluator.Statuses() {
		assert.Positive(t, statuses[s], "expected status %s", s)
	}
}
