package rubric

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
)

// Rule identifies a rule that fired in a verdict.
type Rule string

// The rules Rubric.Verdict applies. AutoFail, Floor, LowDimensions and
// Threshold fail the deliverable; HumanReview, LimitedVerification and
// Mismatch are notices that never change Passed.
const (
	// RuleAutoFail: an auto-fail trigger fired (the dimension is zeroed).
	RuleAutoFail Rule = "auto_fail"
	// RuleFloor: a dimension scored below its floor.
	RuleFloor Rule = "floor"
	// RuleLowDimensions: at least Rules.LowDimensionsFail dimensions scored
	// below Rules.LowScore.
	RuleLowDimensions Rule = "low_dimensions"
	// RuleThreshold: the weighted overall is below the pass threshold.
	RuleThreshold Rule = "threshold"
	// RuleHumanReview: confidence below Rules.HumanReviewBelow.
	RuleHumanReview Rule = "human_review"
	// RuleLimitedVerification: confidence below
	// Rules.LimitedVerificationBelow (and not below HumanReviewBelow).
	RuleLimitedVerification Rule = "limited_verification"
	// RuleMismatch: the judge's own passed or overallScore disagree with
	// the recomputed ones.
	RuleMismatch Rule = "judge_mismatch"
)

// Fired is one rule that fired, with its reason.
type Fired struct {
	// Rule identifies the rule.
	Rule Rule `json:"rule"`
	// Dimension is the dimension concerned, empty for whole-deliverable rules.
	Dimension string `json:"dimension,omitempty"`
	// Fails reports whether this rule fails the deliverable.
	Fails bool `json:"fails"`
	// Reason explains it with the numbers involved.
	Reason string `json:"reason"`
}

// GuidanceKind says where a piece of guidance comes from.
type GuidanceKind string

// The kinds of guidance, in the order they appear in Verdict.Guidance.
const (
	// GuidanceAutoFail: an auto-fail trigger, always first.
	GuidanceAutoFail GuidanceKind = "auto_fail"
	// GuidanceDimension: an issue of one dimension, lowest score first.
	GuidanceDimension GuidanceKind = "dimension"
	// GuidanceJudge: a general suggestion or failure reason of the judge.
	GuidanceJudge GuidanceKind = "judge"
)

// Guidance is one revision instruction.
type Guidance struct {
	// Kind says where it comes from.
	Kind GuidanceKind `json:"kind"`
	// Dimension is the dimension concerned, empty for GuidanceJudge.
	Dimension string `json:"dimension,omitempty"`
	// Score is the dimension's score after zeroing (0 for GuidanceJudge).
	Score float64 `json:"score"`
	// Text is the instruction.
	Text string `json:"text"`
}

// DimensionResult is one dimension as judged.
type DimensionResult struct {
	// Name is the dimension's name.
	Name string `json:"name"`
	// Weight is the dimension's weight in the rubric.
	Weight float64 `json:"weight"`
	// Score is the score used: the reported one, or 0 when zeroed.
	Score float64 `json:"score"`
	// Reported is the score the judge gave.
	Reported float64 `json:"reported"`
	// Zeroed reports whether an auto-fail trigger zeroed it.
	Zeroed bool `json:"zeroed,omitempty"`
	// BelowFloor reports whether Score is below a floor the dimension has.
	BelowFloor bool `json:"belowFloor,omitempty"`
	// Low reports whether Score is below Rules.LowScore.
	Low bool `json:"low,omitempty"`
	// Floor is the dimension's floor (0: none).
	Floor float64 `json:"floor,omitempty"`
	// Policy reports whether it is a policy dimension.
	Policy bool `json:"policy,omitempty"`
	// Evidence is what the judge relied on.
	Evidence string `json:"evidence,omitempty"`
	// EvidenceRefs are the IDs of the task evidence the judge cited.
	EvidenceRefs []string `json:"evidenceRefs,omitempty"`
	// Issues are the problems the judge found.
	Issues []string `json:"issues,omitempty"`
}

// Mismatch records a judge whose own verdict disagrees with the library's:
// a rubber-stamp signal. The library's numbers are the ones used.
type Mismatch struct {
	// JudgePassed is what the judge said, nil if it did not say.
	JudgePassed *bool `json:"judgePassed,omitempty"`
	// JudgeOverall is the judge's overall score, nil if it gave none.
	JudgeOverall *float64 `json:"judgeOverall,omitempty"`
	// Passed is the recomputed verdict.
	Passed bool `json:"passed"`
	// Overall is the recomputed overall score.
	Overall float64 `json:"overall"`
	// Reason says what differs.
	Reason string `json:"reason"`
}

// Verdict is the library's decision on one deliverable.
type Verdict struct {
	// Rubric is the name of the rubric that decided.
	Rubric string `json:"rubric"`
	// Version is that rubric's version.
	Version string `json:"version"`
	// Passed reports whether the deliverable passed: overall at or above
	// the threshold and no failing rule fired.
	Passed bool `json:"passed"`
	// Overall is the recomputed weighted score (after zeroing), rounded to
	// 1e-9. A judge's own overall score is never used.
	Overall float64 `json:"overall"`
	// Band is the name of the band Overall falls in.
	Band string `json:"band"`
	// Dimensions are the dimensions in rubric order.
	Dimensions []DimensionResult `json:"dimensions"`
	// Fired lists every rule that fired, failing rules first in the order
	// auto-fail, floor, low dimensions, threshold, then the notices.
	Fired []Fired `json:"fired"`
	// AutoFails are the triggers applied, in input order.
	AutoFails []AutoFail `json:"autoFails,omitempty"`
	// Confidence is the judge's confidence.
	Confidence float64 `json:"confidence"`
	// HumanReview reports that confidence was too low to act without a human.
	HumanReview bool `json:"humanReview"`
	// LimitedVerification reports a confidence in the limited band.
	LimitedVerification bool `json:"limitedVerification"`
	// Mismatch is set when the judge's own verdict disagrees.
	Mismatch *Mismatch `json:"mismatch,omitempty"`
	// Guidance is the revision guidance: auto-fail triggers first, then
	// dimension issues from the lowest score up (ties in rubric order),
	// then the judge's general suggestions.
	Guidance []Guidance `json:"guidance"`
	// Observations is the guidance text reported with a pass in a band
	// marked Observations (the marginal band); empty otherwise.
	Observations []string `json:"observations,omitempty"`
	// Summary is the judge's summary, if any.
	Summary string `json:"summary,omitempty"`
}

// Judge applies the rubric to in and returns the verdict. It validates the
// rubric (errors match ErrInvalidRubric) and the input (errors match
// ErrInvalidInput): one score per dimension, every score and the confidence
// finite and in [0,1], every trigger naming a dimension that allows
// auto-fail, with a reason and a known source. The rules it applies are
// described in the package documentation and on Rule; it never panics.
func (r Rubric) Verdict(in Input) (Verdict, error) {
	if err := r.Validate(); err != nil {
		return Verdict{}, err
	}
	scores, err := r.validateInput(in)
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{
		Rubric:     r.Name,
		Version:    r.Version,
		Dimensions: make([]DimensionResult, len(r.Dimensions)),
		AutoFails:  append([]AutoFail(nil), in.AutoFails...),
		Confidence: in.Confidence,
		Summary:    in.Summary,
	}
	for i, d := range r.Dimensions {
		v.Dimensions[i] = DimensionResult{
			Name: d.Name, Weight: d.Weight, Score: scores[i].Score, Reported: scores[i].Score,
			Floor: d.Floor, Policy: d.Policy, Evidence: scores[i].Evidence,
			EvidenceRefs: append([]string(nil), scores[i].EvidenceRefs...),
			Issues:       append([]string(nil), scores[i].Issues...),
		}
	}
	// No compensation: a trigger zeroes its dimension before anything is
	// summed, so the overall reflects it too.
	for _, a := range in.AutoFails {
		i := r.index(a.Dimension)
		v.Dimensions[i].Score = 0
		v.Dimensions[i].Zeroed = true
		v.Fired = append(v.Fired, Fired{Rule: RuleAutoFail, Dimension: a.Dimension, Fails: true,
			Reason: fmt.Sprintf("auto-fail raised by the %s: %s; %s is zeroed and the deliverable fails whatever its score", a.RaisedBy, a.Reason, a.Dimension)})
	}
	r.applyWarnings(&v, in.Warnings)
	v.Overall = weightedSum(v.Dimensions)
	r.scoreRules(&v)
	r.confidenceRules(&v, in.Confidence)
	if m := r.mismatch(in, v.Passed, v.Overall); m != nil {
		v.Mismatch = m
		v.Fired = append(v.Fired, Fired{Rule: RuleMismatch, Reason: m.Reason})
	}
	v.Guidance = r.guidance(v, in)
	// Validate guarantees that the bands cover [0,1], so a band is found.
	if b, ok := r.bandOf(v.Overall); ok {
		v.Band = b.Name
		if v.Passed && b.Observations {
			v.Observations = texts(v.Guidance)
		}
	}
	return v, nil
}

// weightedSum returns the overall score of ds: the weighted sum in rubric
// order, rounded to 1e-9 and clamped to [0,1].
func weightedSum(ds []DimensionResult) float64 {
	sum := 0.0
	for _, d := range ds {
		sum += d.Weight * d.Score
	}
	return math.Min(1, math.Max(0, round9(sum)))
}

// rules returns the rubric's rules with their defaults applied.
func (r Rubric) rules() Rules { return r.Rules.resolved() }

// scoreRules applies the floors, the low-dimensions rule and the pass
// threshold to v (whose scores are already zeroed), then sets v.Passed.
func (r Rubric) scoreRules(v *Verdict) {
	for i := range v.Dimensions {
		d := &v.Dimensions[i]
		d.Low = d.Score < r.rules().LowScore
		if d.Floor > 0 && d.Score < d.Floor {
			d.BelowFloor = true
			v.Fired = append(v.Fired, Fired{Rule: RuleFloor, Dimension: d.Name, Fails: true,
				Reason: fmt.Sprintf("%s scored %s, below its floor of %s", d.Name, formatScore(d.Score), formatScore(d.Floor))})
		}
	}
	if n := r.rules().LowDimensionsFail; n > 0 {
		var low []string
		for _, d := range v.Dimensions {
			if d.Low {
				low = append(low, fmt.Sprintf("%s (%s)", d.Name, formatScore(d.Score)))
			}
		}
		if len(low) >= n {
			v.Fired = append(v.Fired, Fired{Rule: RuleLowDimensions, Fails: true,
				Reason: fmt.Sprintf("%d dimensions scored below %s (%d or more fail): %s", len(low), formatScore(r.rules().LowScore), n, strings.Join(low, ", "))})
		}
	}
	threshold := round9(r.PassThreshold)
	if v.Overall < threshold {
		v.Fired = append(v.Fired, Fired{Rule: RuleThreshold, Fails: true,
			Reason: fmt.Sprintf("weighted overall %s is below the pass threshold %s", formatScore(v.Overall), formatScore(threshold))})
	}
	v.Passed = true
	for _, f := range v.Fired {
		if f.Fails {
			v.Passed = false
		}
	}
}

// confidenceRules flags human review or limited verification.
func (r Rubric) confidenceRules(v *Verdict, confidence float64) {
	switch {
	case confidence < r.rules().HumanReviewBelow:
		v.HumanReview = true
		v.Fired = append(v.Fired, Fired{Rule: RuleHumanReview,
			Reason: fmt.Sprintf("judge confidence %s is below %s: a human must review this verdict", formatScore(confidence), formatScore(r.rules().HumanReviewBelow))})
	case confidence < r.rules().LimitedVerificationBelow:
		v.LimitedVerification = true
		v.Fired = append(v.Fired, Fired{Rule: RuleLimitedVerification,
			Reason: fmt.Sprintf("judge confidence %s is below %s: limited verification", formatScore(confidence), formatScore(r.rules().LimitedVerificationBelow))})
	}
}

// mismatch compares the judge's own verdict with the recomputed one.
func (r Rubric) mismatch(in Input, passed bool, overall float64) *Mismatch {
	var reasons []string
	if in.JudgePassed != nil && *in.JudgePassed != passed {
		reasons = append(reasons, fmt.Sprintf("judge said passed=%t, the rubric computes passed=%t", *in.JudgePassed, passed))
	}
	if tol := r.rules().MismatchTolerance; in.JudgeOverall != nil && tol != RuleOff && round9(math.Abs(*in.JudgeOverall-overall)) > round9(tol) {
		reasons = append(reasons, fmt.Sprintf("judge said overallScore=%s, the rubric computes %s (tolerance %s)",
			formatScore(*in.JudgeOverall), formatScore(overall), formatScore(r.rules().MismatchTolerance)))
	}
	if len(reasons) == 0 {
		return nil
	}
	m := &Mismatch{Passed: passed, Overall: overall, Reason: strings.Join(reasons, "; ")}
	if in.JudgePassed != nil {
		p := *in.JudgePassed
		m.JudgePassed = &p
	}
	if in.JudgeOverall != nil {
		o := *in.JudgeOverall
		m.JudgeOverall = &o
	}
	return m
}

// guidance orders the revision guidance: triggers, then dimension issues
// from the lowest score up, then the judge's general suggestions. A
// dimension with no issue still gets one entry when it scored below the
// pass threshold, below its floor or below the low score, so that a failed
// verdict always says what to improve.
func (r Rubric) guidance(v Verdict, in Input) []Guidance {
	var out []Guidance
	for _, a := range in.AutoFails {
		out = append(out, Guidance{Kind: GuidanceAutoFail, Dimension: a.Dimension,
			Text: fmt.Sprintf("%s auto-fail (%s): %s", a.Dimension, a.RaisedBy, a.Reason)})
	}
	order := make([]int, len(v.Dimensions))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return v.Dimensions[order[a]].Score < v.Dimensions[order[b]].Score
	})
	for _, i := range order {
		d := v.Dimensions[i]
		issues := 0
		for _, is := range d.Issues {
			if strings.TrimSpace(is) != "" {
				issues++
			}
		}
		weak := d.Score < r.PassThreshold || (d.Floor > 0 && d.Score < d.Floor) || d.Score < r.rules().LowScore
		if issues == 0 && !weak {
			continue
		}
		label := d.Name + " (score " + formatScore(d.Score) + ")"
		for _, is := range d.Issues {
			if strings.TrimSpace(is) != "" {
				out = append(out, Guidance{Kind: GuidanceDimension, Dimension: d.Name, Score: d.Score, Text: label + ": " + is})
			}
		}
		if issues == 0 {
			text := label + ": no issue was reported; raise it to at least " + formatScore(math.Max(r.PassThreshold, d.Floor))
			if desc := r.Dimensions[i].Description; desc != "" {
				text += " (" + desc + ")"
			}
			out = append(out, Guidance{Kind: GuidanceDimension, Dimension: d.Name, Score: d.Score, Text: text})
		}
	}
	for _, s := range in.Suggestions {
		if strings.TrimSpace(s) == "" || hasText(out, s) {
			continue
		}
		out = append(out, Guidance{Kind: GuidanceJudge, Text: s})
	}
	return out
}

func hasText(gs []Guidance, s string) bool {
	for _, g := range gs {
		if g.Text == s {
			return true
		}
	}
	return false
}

func texts(gs []Guidance) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = g.Text
	}
	return out
}

// instructions returns the guidance texts in order.
func (v Verdict) instructions() []string { return texts(v.Guidance) }

// policyBlock reports whether an auto-fail trigger named a policy dimension.
func (v Verdict) policyBlock() bool {
	for _, a := range v.AutoFails {
		for _, d := range v.Dimensions {
			if d.Name == a.Dimension && d.Policy {
				return true
			}
		}
	}
	return false
}

// Decision converts the verdict into an evaluator.EvaluationDecision:
//   - passed → StatusPass; a pass in a band with observations carries the
//     observations as RevisionInstructions (the status stays pass);
//   - failed with an auto-fail on a policy dimension → StatusBlock, one
//     blocking failure per such trigger, StopReason StopPolicyBlock;
//   - failed otherwise → StatusRevise with the guidance as
//     RevisionInstructions (a failed verdict always has guidance);
//   - HumanReview (low confidence) → StatusEscalate with StopReason
//     StopEscalated whatever the result, except that a policy block stays a
//     block: the stricter status wins, as in evaluator.Chain.
//
// Score is Overall. Criteria hold one entry per dimension (passed unless it
// was zeroed, is below its floor or is below Rules.LowScore), citing the
// evidence IDs the judge gave for it as EvidenceRefs, so that a pass
// resting on evidence the task does not hold is refused by
// evaluator.CheckEvidence (as loop.RunLoop and ensemble.Vote do); then
// "Judge Confidence" when confidence was low or limited and "Judge
// Agreement" when the judge's own verdict disagreed. The result always
// passes evaluator's Validate.
func (v Verdict) Decision() evaluator.EvaluationDecision {
	d := evaluator.EvaluationDecision{Score: v.Overall}
	for _, dim := range v.Dimensions {
		c := evaluator.Criterion{Name: dim.Name, Passed: !dim.Zeroed && !dim.BelowFloor && !dim.Low,
			EvidenceRefs: append([]string{}, dim.EvidenceRefs...)}
		reason := fmt.Sprintf("score %s (weight %s)", formatScore(dim.Score), formatScore(dim.Weight))
		switch {
		case dim.Zeroed:
			reason += fmt.Sprintf("; zeroed by an auto-fail (reported %s)", formatScore(dim.Reported))
		case dim.BelowFloor:
			reason += "; below its floor of " + formatScore(dim.Floor)
		case dim.Low:
			reason += "; a low-scoring dimension"
		}
		if dim.Evidence != "" {
			reason += "; evidence: " + dim.Evidence
		}
		if len(dim.Issues) > 0 {
			reason += "; issues: " + strings.Join(dim.Issues, " | ")
		}
		c.Reason = reason
		d.Criteria = append(d.Criteria, c)
	}
	for _, f := range v.Fired {
		switch f.Rule {
		case RuleHumanReview, RuleLimitedVerification:
			d.Criteria = append(d.Criteria, evaluator.Criterion{Name: "Judge Confidence", Passed: false, Reason: f.Reason})
		case RuleMismatch:
			d.Criteria = append(d.Criteria, evaluator.Criterion{Name: "Judge Agreement", Passed: false, Reason: f.Reason})
		}
	}

	switch {
	case v.Passed:
		d.Status = evaluator.StatusPass
		d.RevisionInstructions = append([]string(nil), v.Observations...)
	case v.policyBlock():
		d.Status = evaluator.StatusBlock
		d.StopReason = evaluator.StopPolicyBlock
		for _, a := range v.AutoFails {
			for _, dim := range v.Dimensions {
				if dim.Name == a.Dimension && dim.Policy {
					d.BlockingFailures = append(d.BlockingFailures, fmt.Sprintf("%s: %s", a.Dimension, a.Reason))
				}
			}
		}
		d.RevisionInstructions = v.instructions()
	default:
		d.Status = evaluator.StatusRevise
		d.RevisionInstructions = v.instructions()
	}
	if v.HumanReview && evaluator.Stricter(d.Status, evaluator.StatusEscalate) == evaluator.StatusEscalate {
		d.Status = evaluator.StatusEscalate
		d.StopReason = evaluator.StopEscalated
	}
	return d
}
