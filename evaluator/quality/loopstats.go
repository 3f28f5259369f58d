package quality

import (
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// LoopRun is the part of one evaluator-optimizer loop trace that LoopStats
// needs: whether it succeeded, why it stopped, and how many revisions it
// made. From a loop.Result res it is
//
//	quality.LoopRun{Succeeded: res.Outcome == loop.OutcomeSucceeded, StopReason: res.StopReason, Revisions: res.Revisions}
//
// (the package does not import loop: the controller sits above it).
type LoopRun struct {
	// Succeeded is true when the loop's outcome was "succeeded" (its
	// candidate was accepted).
	Succeeded bool `json:"succeeded"`
	// StopReason is why the loop stopped (evaluator.StopMaxRevisions when
	// it spent its revision budget).
	StopReason evaluator.StopReason `json:"stop_reason"`
	// Revisions is how many revisions the loop asked for; >= 0.
	Revisions int `json:"revisions"`
}

// LoopSummary is what LoopStats measured over a set of loop runs.
type LoopSummary struct {
	// Runs is the number of runs.
	Runs int `json:"runs"`
	// RevisionSuccessRate: runs that succeeded after at least one revision
	// ÷ runs that needed a revision. A run needed a revision when it made
	// at least one, or stopped with StopMaxRevisions (a budget of zero
	// revisions). Empty value 1 (no run needed a revision, none failed to
	// recover).
	RevisionSuccessRate Ratio `json:"revision_success_rate"`
	// MaxRevisionRate: runs that stopped with evaluator.StopMaxRevisions ÷
	// runs. Empty value 0.
	MaxRevisionRate Ratio `json:"max_revision_rate"`
}

// LoopStats computes the revision-success and max-revision rates of a set
// of loop runs. It returns an error naming the run and field for an
// invalid stop reason or a negative revision count.
func LoopStats(runs []LoopRun) (LoopSummary, error) {
	var needed, recovered, maxed int
	for i, r := range runs {
		if !r.StopReason.Valid() {
			return LoopSummary{}, fmt.Errorf("quality: LoopStats: runs[%d].stop_reason: unknown stop reason %s", i, strictjson.Quote(string(r.StopReason)))
		}
		if r.Revisions < 0 {
			return LoopSummary{}, fmt.Errorf("quality: LoopStats: runs[%d].revisions: must be >= 0, got %d", i, r.Revisions)
		}
		maxedOut := r.StopReason == evaluator.StopMaxRevisions
		if maxedOut {
			maxed++
		}
		if r.Revisions >= 1 || maxedOut {
			needed++
			if r.Succeeded && r.Revisions >= 1 {
				recovered++
			}
		}
	}
	return LoopSummary{
		Runs:                len(runs),
		RevisionSuccessRate: newRatio(recovered, needed, 1),
		MaxRevisionRate:     newRatio(maxed, len(runs), 0),
	}, nil
}
