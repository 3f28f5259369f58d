package checks

import (
	"context"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/rubric"
)

// RubricInputs runs s on candidate and returns what a rubric judge on r
// takes from it (rubric.Config.AutoFails and rubric.Config.Warnings): each
// block finding on a dimension of r that allows auto-fail as an auto-fail,
// and every other warn or block finding as a verified finding on its
// dimension (Dimension), so that no finding the suite would send back for
// revision is lost on the judge. A finding whose rule maps to no dimension
// of r goes to the dimension named fallback (skipped when that is not one of
// r's either). Info findings are left out.
func RubricInputs(ctx context.Context, s *Suite, r rubric.Rubric, fallback string, task evaluator.Task, candidate string) ([]rubric.AutoFail, []rubric.Warning, error) {
	fs, err := s.Findings(ctx, task, candidate)
	if err != nil {
		return nil, nil, err
	}
	fails, warns := rubricInputsOf(fs, r, fallback)
	return fails, warns, nil
}

// rubricInputsOf is RubricInputs given the suite's findings.
func rubricInputsOf(fs []Finding, r rubric.Rubric, fallback string) ([]rubric.AutoFail, []rubric.Warning) {
	var fails []rubric.AutoFail
	var warns []rubric.Warning
	for _, f := range fs {
		if f.Severity == SeverityInfo {
			continue
		}
		dim := Dimension(f.Rule)
		d, ok := r.Dimension(dim)
		if !ok {
			dim = fallback
			d, ok = r.Dimension(dim)
		}
		if !ok {
			continue
		}
		reason := f.Rule + ": " + f.Describe()
		if f.Severity == SeverityBlock && d.AutoFail {
			fails = append(fails, rubric.AutoFail{Dimension: dim, Reason: reason, RaisedBy: rubric.RaisedByCheck})
			continue
		}
		warns = append(warns, rubric.Warning{Dimension: dim, Reason: reason})
	}
	return fails, warns
}
