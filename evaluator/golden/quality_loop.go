package golden

import (
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
	"github.com/evalopt/evalopt/loop"
)

// The outcomes a LoopRun may record; they equal the string values of
// package loop's Outcome constants.
const (
	OutcomeSucceeded = "succeeded"
	OutcomeFailed    = "failed"
	OutcomeBlocked   = "blocked"
	OutcomeEscalated = "escalated"
)

// LoopRun is the part of one evaluator-optimizer loop trace that LoopStats
// needs: how it ended, why it stopped, and how many revisions it made.
type LoopRun struct {
	// Outcome is "succeeded", "failed", "blocked" or "escalated".
	Outcome string `json:"outcome"`
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
// of loop runs. It returns an error naming the run and field for an unknown
// outcome, an invalid stop reason or a negative revision count.
func LoopStats(runs []LoopRun) (LoopSummary, error) {
	var needed, recovered, maxed int
	for i, r := range runs {
		switch r.Outcome {
		case OutcomeSucceeded, OutcomeFailed, OutcomeBlocked, OutcomeEscalated:
		default:
			return LoopSummary{}, fmt.Errorf("golden: LoopStats: runs[%d].outcome: must be one of succeeded, failed, blocked, escalated; got %s", i, strictjson.Quote(r.Outcome))
		}
		if !r.StopReason.Valid() {
			return LoopSummary{}, fmt.Errorf("golden: LoopStats: runs[%d].stop_reason: unknown stop reason %s", i, strictjson.Quote(string(r.StopReason)))
		}
		if r.Revisions < 0 {
			return LoopSummary{}, fmt.Errorf("golden: LoopStats: runs[%d].revisions: must be >= 0, got %d", i, r.Revisions)
		}
		maxedOut := r.StopReason == evaluator.StopMaxRevisions
		if maxedOut {
			maxed++
		}
		if r.Revisions >= 1 || maxedOut {
			needed++
			if r.Outcome == OutcomeSucceeded && r.Revisions >= 1 {
				recovered++
			}
		}
	}
	return LoopSummary{
		Runs:                len(runs),
		RevisionSuccessRate: newQualityRatio(recovered, needed, 1),
		MaxRevisionRate:     newQualityRatio(maxed, len(runs), 0),
	}, nil
}

// LoopRunOf summarises a result of loop.RunLoop (or the final step of
// loop.Steps) for LoopStats.
func LoopRunOf[C any](r loop.Result[C]) LoopRun {
	return LoopRun{Outcome: string(r.Outcome), StopReason: r.StopReason, Revisions: r.Revisions}
}
