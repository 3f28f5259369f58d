package rubric

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

// scores returns an Input with every deliverable dimension at base, then
// the overrides applied, and confidence 1.
func scores(base float64, overrides map[string]float64) Input {
	var in Input
	for _, d := range Deliverable().Dimensions {
		s := base
		if o, ok := overrides[d.Name]; ok {
			s = o
		}
		in.Scores = append(in.Scores, Score{Dimension: d.Name, Score: s})
	}
	in.Confidence = 1
	return in
}

func fired(v Verdict) []Rule {
	var out []Rule
	for _, f := range v.Fired {
		out = append(out, f.Rule)
	}
	return out
}

func TestJudgeRules(t *testing.T) {
	trigger := func(dim string) []AutoFail {
		return []AutoFail{{Dimension: dim, Reason: "fabricated statistic in §2", RaisedBy: RaisedByJudge}}
	}
	tests := []struct {
		name    string
		in      Input
		passed  bool
		overall float64
		band    string
		rules   []Rule
	}{
		{"exactly 0.75 passes (all dimensions at 0.75)", scores(0.75, nil), true, 0.75, "marginal", nil},
		// 0.8*0.92 + 0.175*0.08 = 0.75 exactly; one low dimension alone does not fail.
		{"exactly 0.75 passes (mixed)", scores(0.8, map[string]float64{Completeness: 0.175}), true, 0.75, "marginal", nil},
		{"0.7499 fails", scores(0.7499, nil), false, 0.7499, "fail", []Rule{RuleThreshold}},
		{"0.80 is still marginal", scores(0.8, nil), true, 0.8, "marginal", nil},
		{"0.85 is a plain pass", scores(0.85, nil), true, 0.85, "pass", nil},
		{"0.90 is not strong", scores(0.9, nil), true, 0.9, "pass", nil},
		{"0.91 is strong", scores(0.91, nil), true, 0.91, "strong", nil},
		{"all 1.0", scores(1, nil), true, 1, "strong", nil},
		{"all 0", scores(0, nil), false, 0, "fail", []Rule{RuleFloor, RuleFloor, RuleFloor, RuleLowDimensions, RuleThreshold}},
		{
			"auto-fail with every other dimension at 1.0 fails and zeroes the dimension",
			func() Input { in := scores(1, nil); in.AutoFails = trigger(FactualCorrectness); return in }(),
			false, 0.82, "pass", []Rule{RuleAutoFail, RuleFloor},
		},
		{
			"auto-fail on a dimension without a floor",
			func() Input { in := scores(1, nil); in.AutoFails = trigger(PolicyCompliance); return in }(),
			false, 0.87, "pass", []Rule{RuleAutoFail},
		},
		{"floor: Factual Correctness 0.49 fails", scores(1, map[string]float64{FactualCorrectness: 0.49}), false, 0.9082, "strong", []Rule{RuleFloor}},
		{"floor: exactly 0.50 holds", scores(1, map[string]float64{FactualCorrectness: 0.5}), true, 0.91, "strong", nil},
		{"floor: Jurisdictional Accuracy 0.4999", scores(1, map[string]float64{JurisdictionalAccuracy: 0.4999}), false, 0.934987, "strong", []Rule{RuleFloor}},
		{"floor: Recommendation Actionability 0.3", scores(1, map[string]float64{RecommendationActionability: 0.3}), false, 0.916, "strong", []Rule{RuleFloor}},
		{"two dimensions at 0.49 fail", scores(1, map[string]float64{CitationValidity: 0.49, ToolConsistency: 0.49}), false, 0.8827, "pass", []Rule{RuleLowDimensions}},
		{"one dimension at 0.49 does not", scores(1, map[string]float64{CitationValidity: 0.49}), true, 0.9337, "strong", nil},
		{"two dimensions at exactly 0.50 do not", scores(1, map[string]float64{CitationValidity: 0.5, ToolConsistency: 0.5}), true, 0.885, "pass", nil},
	}
	r := Deliverable()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := r.Verdict(tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.passed, v.Passed)
			assert.InDelta(t, tt.overall, v.Overall, 1e-12)
			assert.Equal(t, tt.band, v.Band)
			assert.Equal(t, tt.rules, fired(v))
			assert.Equal(t, "deliverable", v.Rubric)
			assert.Equal(t, "1.0.0", v.Version)
		})
	}
}

func TestJudgeZeroesAndRecomputes(t *testing.T) {
	in := scores(1, nil)
	in.AutoFails = []AutoFail{{Dimension: JurisdictionalAccuracy, Reason: "applies English law to a New York contract", RaisedBy: RaisedByCheck}}
	v, err := Deliverable().Verdict(in)
	require.NoError(t, err)
	d := v.Dimensions[4]
	assert.Equal(t, JurisdictionalAccuracy, d.Name)
	assert.True(t, d.Zeroed)
	assert.Equal(t, 0.0, d.Score)
	assert.Equal(t, 1.0, d.Reported)
	assert.InDelta(t, 0.87, v.Overall, 1e-12)
	assert.False(t, v.Passed)
	assert.Contains(t, v.Fired[0].Reason, "auto-fail raised by the check: applies English law")
}

func TestJudgeConfidence(t *testing.T) {
	tests := []struct {
		confidence float64
		review     bool
		limited    bool
		status     evaluator.Status
	}{
		{0, true, false, evaluator.StatusEscalate},
		{0.5999, true, false, evaluator.StatusEscalate},
		{0.6, false, true, evaluator.StatusPass},
		{0.7499, false, true, evaluator.StatusPass},
		{0.75, false, false, evaluator.StatusPass},
		{1, false, false, evaluator.StatusPass},
	}
	for _, tt := range tests {
		in := scores(0.95, nil)
		in.Confidence = tt.confidence
		v, err := Deliverable().Verdict(in)
		require.NoError(t, err)
		assert.True(t, v.Passed, "confidence never changes passed")
		assert.Equal(t, tt.review, v.HumanReview, "confidence %v", tt.confidence)
		assert.Equal(t, tt.limited, v.LimitedVerification, "confidence %v", tt.confidence)
		d := v.Decision()
		assert.Equal(t, tt.status, d.Status, "confidence %v", tt.confidence)
		require.NoError(t, d.Validate())
		if tt.review {
			assert.Equal(t, evaluator.StopEscalated, d.StopReason)
		}
	}
}

func TestJudgeMismatch(t *testing.T) {
	yes, no := true, false
	f := func(x float64) *float64 { return &x }
	tests := []struct {
		name         string
		base         float64
		judgePassed  *bool
		judgeOverall *float64
		want         string // "" means no mismatch
	}{
		{"agrees", 0.8, &yes, f(0.8), ""},
		{"within tolerance", 0.8, &yes, f(0.81), ""},
		{"passed disagrees", 0.6, &yes, f(0.6), "judge said passed=true, the rubric computes passed=false"},
		{"overall disagrees", 0.6, &no, f(0.9), "judge said overallScore=0.9, the rubric computes 0.6 (tolerance 0.01)"},
		{"judge said nothing", 0.6, nil, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := scores(tt.base, nil)
			in.JudgePassed, in.JudgeOverall = tt.judgePassed, tt.judgeOverall
			v, err := Deliverable().Verdict(in)
			require.NoError(t, err)
			if tt.want == "" {
				assert.Nil(t, v.Mismatch)
				assert.NotContains(t, fired(v), RuleMismatch)
				return
			}
			require.NotNil(t, v.Mismatch)
			assert.Contains(t, v.Mismatch.Reason, tt.want)
			assert.Contains(t, fired(v), RuleMismatch)
			assert.Equal(t, tt.base, v.Overall, "the library's numbers win")
			assert.Equal(t, tt.base >= 0.75, v.Passed)
		})
	}
}

func TestJudgeMismatchOnZeroedDimension(t *testing.T) {
	// A judge that raises an auto-fail but still reports its unzeroed sum
	// and a pass is a rubber stamp.
	in := scores(1, nil)
	in.AutoFails = []AutoFail{{Dimension: PolicyCompliance, Reason: "discloses the client's name", RaisedBy: RaisedByJudge}}
	yes := true
	one := 1.0
	in.JudgePassed, in.JudgeOverall = &yes, &one
	v, err := Deliverable().Verdict(in)
	require.NoError(t, err)
	require.NotNil(t, v.Mismatch)
	assert.False(t, v.Passed)
	assert.InDelta(t, 0.87, v.Overall, 1e-12)
}

func TestJudgeGuidanceOrder(t *testing.T) {
	in := scores(0.9, map[string]float64{
		CitationValidity:    0.6,
		ToolConsistency:     0.4,
		InternalConsistency: 0.6,
		Completeness:        0.95,
	})
	in.Scores[1].Issues = []string{"clause 7.2 is cited but the contract ends at clause 7.1"}
	in.Scores[3].Issues = []string{"the search tool returned 3 hits, the report says 5"}
	in.Scores[5].Issues = []string{"summary rates indemnity low, body rates it high"}
	in.Scores[6].Issues = []string{"question 4 is not answered"}
	in.AutoFails = []AutoFail{
		{Dimension: RecommendationActionability, Reason: "R2 says 'consider revising' with no replacement text", RaisedBy: RaisedByCheck},
		{Dimension: FactualCorrectness, Reason: "the 12% figure is not in the evidence", RaisedBy: RaisedByJudge},
	}
	in.Suggestions = []string{"Add a one-line risk legend.", "", "Add a one-line risk legend."}
	v, err := Deliverable().Verdict(in)
	require.NoError(t, err)
	var got []string
	for _, g := range v.Guidance {
		got = append(got, string(g.Kind)+"|"+g.Dimension+"|"+g.Text)
	}
	assert.Equal(t, []string{
		"auto_fail|Recommendation Actionability|Recommendation Actionability auto-fail (check): R2 says 'consider revising' with no replacement text",
		"auto_fail|Factual Correctness|Factual Correctness auto-fail (judge): the 12% figure is not in the evidence",
		// zeroed dimensions first (score 0, rubric order), then lowest up.
		"dimension|Factual Correctness|Factual Correctness (score 0): no issue was reported; raise it to at least 0.75 (Every statement of fact is true to the evidence supplied with the task.)",
		"dimension|Recommendation Actionability|Recommendation Actionability (score 0): no issue was reported; raise it to at least 0.75 (A reader can act on every recommendation without further analysis.)",
		"dimension|Tool Consistency|Tool Consistency (score 0.4): the search tool returned 3 hits, the report says 5",
		"dimension|Citation Validity|Citation Validity (score 0.6): clause 7.2 is cited but the contract ends at clause 7.1",
		"dimension|Internal Consistency|Internal Consistency (score 0.6): summary rates indemnity low, body rates it high",
		"dimension|Completeness|Completeness (score 0.95): question 4 is not answered",
		"judge||Add a one-line risk legend.",
	}, got)
}

func TestDecisionMapping(t *testing.T) {
	policy := []AutoFail{{Dimension: PolicyCompliance, Reason: "gives tax advice the policy forbids", RaisedBy: RaisedByJudge}}
	factual := []AutoFail{{Dimension: FactualCorrectness, Reason: "invented case citation", RaisedBy: RaisedByJudge}}
	tests := []struct {
		name         string
		in           Input
		status       evaluator.Status
		stop         evaluator.StopReason
		blocking     []string
		instructions int // minimum
	}{
		{"pass", scores(0.95, nil), evaluator.StatusPass, "", nil, 0},
		{"fail with fixable issues revises", scores(0.7, nil), evaluator.StatusRevise, "", nil, 1},
		{"auto-fail on a non-policy dimension revises", func() Input { in := scores(1, nil); in.AutoFails = factual; return in }(), evaluator.StatusRevise, "", nil, 1},
		{"auto-fail on a policy dimension blocks", func() Input { in := scores(1, nil); in.AutoFails = policy; return in }(),
			evaluator.StatusBlock, evaluator.StopPolicyBlock, []string{"Policy Compliance: gives tax advice the policy forbids"}, 1},
		{"low confidence escalates a failure", func() Input { in := scores(0.5, nil); in.Confidence = 0.3; return in }(), evaluator.StatusEscalate, evaluator.StopEscalated, nil, 1},
		{"low confidence escalates a pass", func() Input { in := scores(1, nil); in.Confidence = 0.5999; return in }(), evaluator.StatusEscalate, evaluator.StopEscalated, nil, 0},
		{"a policy block stays a block under low confidence", func() Input { in := scores(1, nil); in.AutoFails = policy; in.Confidence = 0.1; return in }(),
			evaluator.StatusBlock, evaluator.StopPolicyBlock, []string{"Policy Compliance: gives tax advice the policy forbids"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := Deliverable().Verdict(tt.in)
			require.NoError(t, err)
			d := v.Decision()
			require.NoError(t, d.Validate())
			assert.Equal(t, tt.status, d.Status)
			assert.Equal(t, tt.stop, d.StopReason)
			assert.Equal(t, tt.blocking, d.BlockingFailures)
			assert.GreaterOrEqual(t, len(d.RevisionInstructions), tt.instructions)
			assert.Equal(t, v.Overall, d.Score)
			if d.Status == evaluator.StatusRevise {
				assert.Equal(t, v.instructions(), d.RevisionInstructions)
			}
		})
	}
}

func TestDecisionCriteria(t *testing.T) {
	in := scores(0.9, map[string]float64{CitationValidity: 0.3, JurisdictionalAccuracy: 0.45})
	in.AutoFails = []AutoFail{{Dimension: FactualCorrectness, Reason: "invented statistic", RaisedBy: RaisedByJudge}}
	in.Confidence = 0.7
	in.Scores[2].Evidence = "no disclosure found"
	v, err := Deliverable().Verdict(in)
	require.NoError(t, err)
	d := v.Decision()
	require.Len(t, d.Criteria, 9)
	passed := map[string]bool{}
	for _, c := range d.Criteria {
		passed[c.Name] = c.Passed
	}
	assert.False(t, passed[FactualCorrectness], "zeroed")
	assert.False(t, passed[CitationValidity], "low")
	assert.False(t, passed[JurisdictionalAccuracy], "below floor")
	assert.True(t, passed[PolicyCompliance])
	assert.False(t, passed["Judge Confidence"], "limited verification is noted")
	assert.Contains(t, d.Criteria[0].Reason, "zeroed by an auto-fail (reported 0.9)")
	assert.Contains(t, d.Criteria[2].Reason, "evidence: no disclosure found")
}

func TestMarginalPassCarriesObservations(t *testing.T) {
	in := scores(0.78, nil)
	in.Scores[6].Issues = []string{"the appendix is missing its table of defined terms"}
	v, err := Deliverable().Verdict(in)
	require.NoError(t, err)
	require.True(t, v.Passed)
	assert.Equal(t, "marginal", v.Band)
	assert.NotEmpty(t, v.Observations)
	assert.Contains(t, v.Observations[0], "Completeness (score 0.78): the appendix")
	d := v.Decision()
	assert.Equal(t, evaluator.StatusPass, d.Status)
	assert.Equal(t, v.Observations, d.RevisionInstructions)

	// The same issue in the strong band is not an observation.
	in = scores(0.95, nil)
	in.Scores[6].Issues = []string{"the appendix is missing its table of defined terms"}
	v, err = Deliverable().Verdict(in)
	require.NoError(t, err)
	assert.Empty(t, v.Observations)
	assert.Empty(t, v.Decision().RevisionInstructions)
}

func TestJudgeInputErrors(t *testing.T) {
	one := 1.5
	tests := []struct {
		name   string
		mutate func(*Input)
		want   []string
	}{
		{"unknown dimension", func(in *Input) { in.Scores[0].Dimension = "Factual" }, []string{`scores[0].dimension: unknown dimension "Factual"`, `scores: missing dimension "Factual Correctness"`}},
		{"duplicate dimension", func(in *Input) { in.Scores[1].Dimension = FactualCorrectness }, []string{`scores[1].dimension: duplicate of scores[0].dimension "Factual Correctness"`}},
		{"missing dimension", func(in *Input) { in.Scores = in.Scores[:7] }, []string{`scores: missing dimension "Recommendation Actionability"`}},
		{"score out of range", func(in *Input) { in.Scores[3].Score = 1.7 }, []string{"scores[3].score: must be in [0,1], got 1.7"}},
		{"score NaN", func(in *Input) { in.Scores[3].Score = math.NaN() }, []string{"scores[3].score: must be a finite number in [0,1], got NaN"}},
		{"confidence", func(in *Input) { in.Confidence = -0.1 }, []string{"confidence: must be in [0,1], got -0.1"}},
		{"judge overall", func(in *Input) { in.JudgeOverall = &one }, []string{"judgeOverall: must be in [0,1], got 1.5"}},
		{"trigger unknown dimension", func(in *Input) { in.AutoFails = []AutoFail{{Dimension: "X", Reason: "r", RaisedBy: RaisedByJudge}} }, []string{`autoFails[0].dimension: unknown dimension "X"`}},
		{"trigger not allowed", func(in *Input) {
			in.AutoFails = []AutoFail{{Dimension: Completeness, Reason: "r", RaisedBy: RaisedByJudge}}
		}, []string{`autoFails[0].dimension: dimension "Completeness" does not allow auto-fail`}},
		{"trigger reason", func(in *Input) {
			in.AutoFails = []AutoFail{{Dimension: PolicyCompliance, RaisedBy: RaisedByCheck}}
		}, []string{"autoFails[0].reason: empty"}},
		{"trigger source", func(in *Input) {
			in.AutoFails = []AutoFail{{Dimension: PolicyCompliance, Reason: "r", RaisedBy: "model"}}
		}, []string{`autoFails[0].raisedBy: must be "judge" or "check", got "model"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := scores(0.9, nil)
			tt.mutate(&in)
			v, err := Deliverable().Verdict(in)
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrInvalidInput)
			for _, w := range tt.want {
				assert.Contains(t, err.Error(), w)
			}
			assert.False(t, v.Passed)
		})
	}
}

func TestJudgeRejectsInvalidRubric(t *testing.T) {
	r := Deliverable()
	r.Dimensions[0].Weight = 0.5
	_, err := r.Verdict(scores(1, nil))
	assert.ErrorIs(t, err, ErrInvalidRubric)
}
