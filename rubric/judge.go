package rubric

import (
	"fmt"
	"math"
	"strings"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// RaisedBy says who raised an auto-fail trigger: the model judge or a
// deterministic check.
type RaisedBy string

// Who raises auto-fail triggers.
const (
	// RaisedByJudge: the model judge raised the trigger.
	RaisedByJudge RaisedBy = "judge"
	// RaisedByCheck: a deterministic check (no model) raised the trigger.
	RaisedByCheck RaisedBy = "check"
)

// Score is the judge's score for one dimension.
type Score struct {
	// Dimension is the rubric dimension's name, verbatim.
	Dimension string `json:"dimension"`
	// Score is in [0,1].
	Score float64 `json:"score"`
	// Evidence is what the judge relied on (quotes, references).
	Evidence string `json:"evidence,omitempty"`
	// EvidenceRefs are the IDs of the task evidence the score relies on;
	// the verdict's decision cites them (Criterion.EvidenceRefs).
	EvidenceRefs []string `json:"evidenceRefs,omitempty"`
	// Issues are the problems found, one per entry, each in the
	// failure-reason format (what is wrong, why, how to fix, with exact
	// references). They become revision guidance.
	Issues []string `json:"issues,omitempty"`
}

// AutoFail is a trigger that fails the deliverable whatever its score and
// zeroes the dimension it names (no compensation).
type AutoFail struct {
	// Dimension names a rubric dimension whose AutoFail is set.
	Dimension string `json:"dimension"`
	// Reason says what triggered it, in a sentence a reviser can act on.
	Reason string `json:"reason"`
	// RaisedBy is RaisedByJudge or RaisedByCheck.
	RaisedBy RaisedBy `json:"raisedBy"`
}

// Input is what Rubric.Verdict decides on: one Score per rubric dimension (in
// any order), the auto-fail triggers, the judge's confidence and, when a
// model judge reported them, its own verdict and overall score so that a
// disagreement can be reported.
type Input struct {
	// Scores holds exactly one entry per rubric dimension.
	Scores []Score `json:"scores"`
	// AutoFails are the triggers raised by the judge or by checks.
	AutoFails []AutoFail `json:"autoFails,omitempty"`
	// Warnings are verified findings from checks, each capping its
	// dimension below the pass threshold (see Warning).
	Warnings []Warning `json:"warnings,omitempty"`
	// Confidence is the judge's confidence in its own scoring, in [0,1].
	// The zero value means no confidence and asks for human review: set
	// it to 1 for scores that need no verification (a human's, a test's).
	Confidence float64 `json:"confidence"`
	// JudgePassed is the judge's own pass/fail, nil if it gave none.
	JudgePassed *bool `json:"judgePassed,omitempty"`
	// JudgeOverall is the judge's own overall score, nil if it gave none.
	JudgeOverall *float64 `json:"judgeOverall,omitempty"`
	// Suggestions are general revision suggestions not tied to one
	// dimension; they follow the dimension guidance.
	Suggestions []string `json:"suggestions,omitempty"`
	// Summary is the judge's one-paragraph summary, copied to the verdict.
	Summary string `json:"summary,omitempty"`
}

// validateInput checks in against r; errors match ErrInvalidInput. It
// returns the scores in rubric order.
func (r Rubric) validateInput(in Input) ([]Score, error) {
	p := problems{kind: ErrInvalidInput}
	ordered := make([]Score, len(r.Dimensions))
	found := make([]int, len(r.Dimensions)) // 1 + index into in.Scores
	for i, s := range in.Scores {
		f := loc{"scores", i}
		d := r.index(s.Dimension)
		switch {
		case d < 0:
			p.add(f.at(".dimension"), "unknown dimension "+strictjson.Quote(s.Dimension))
		case found[d] > 0:
			p.add(f.at(".dimension"), fmt.Sprintf("duplicate of scores[%d].dimension %s", found[d]-1, strictjson.Quote(s.Dimension)))
		default:
			found[d] = i + 1
			ordered[d] = s
		}
		unitOK(&p, f, ".score", s.Score)
	}
	for d, dim := range r.Dimensions {
		if found[d] == 0 {
			p.add("scores", "missing dimension "+strictjson.Quote(dim.Name))
		}
	}
	r.validateWarnings(&p, in.Warnings)
	for i, a := range in.AutoFails {
		f := loc{"autoFails", i}
		if dim, ok := r.Dimension(a.Dimension); !ok {
			p.add(f.at(".dimension"), "unknown dimension "+strictjson.Quote(a.Dimension))
		} else if !dim.AutoFail {
			p.add(f.at(".dimension"), "dimension "+strictjson.Quote(a.Dimension)+" does not allow auto-fail")
		}
		if strings.TrimSpace(a.Reason) == "" {
			p.add(f.at(".reason"), "empty")
		}
		if a.RaisedBy != RaisedByJudge && a.RaisedBy != RaisedByCheck {
			p.add(f.at(".raisedBy"), fmt.Sprintf("must be %q or %q, got %s", RaisedByJudge, RaisedByCheck, strictjson.Quote(string(a.RaisedBy))))
		}
	}
	unitOK(&p, loc{}, "confidence", in.Confidence)
	if in.JudgeOverall != nil {
		unitOK(&p, loc{}, "judgeOverall", *in.JudgeOverall)
	}
	if err := p.err(); err != nil {
		return nil, err
	}
	return ordered, nil
}

// formatScore writes a score without trailing zeros or binary noise.
func formatScore(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Sprint(x)
	}
	return fmt.Sprint(round9(x))
}
