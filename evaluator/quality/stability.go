package quality

import (
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/ensemble"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// Stability is how steady an evaluator's verdicts are across repeats of
// the same case (see WithRepeats), and what a vote over those repeats would
// decide.
type Stability struct {
	// Repeats is the number of calls per case.
	Repeats int `json:"repeats"`
	// Stable: cases whose every call returned a valid decision with the same
	// status ÷ cases. A case with a failed call is unstable: its verdict
	// cannot be trusted to repeat. With one repeat every case without an
	// error is stable. Empty value 1.
	Stable Ratio `json:"stable"`
	// UnstableIDs lists the unstable cases' IDs, in input order.
	UnstableIDs []string `json:"unstable_ids"`
	// CanonicalFalseApprovals: must_not_pass cases whose canonical verdict
	// is a pass ÷ must_not_pass cases. Empty value 0.
	CanonicalFalseApprovals Ratio `json:"canonical_false_approvals"`
	// CanonicalAccuracy: cases whose canonical verdict equals the expected
	// status ÷ cases. Empty value 1.
	CanonicalAccuracy Ratio `json:"canonical_accuracy"`
	// Cases holds every case, in input order.
	Cases []CaseStability `json:"cases"`
}

// CaseStability is one case's vote distribution and canonical verdict.
type CaseStability struct {
	// CaseID and Expected repeat the case's ID and expected status.
	CaseID   string           `json:"case_id"`
	Expected evaluator.Status `json:"expected_status"`
	// Votes counts the valid decisions by status; Errors the failed calls.
	Votes  map[evaluator.Status]int `json:"votes"`
	Errors int                      `json:"errors"`
	// FlipRate is the case's flip rate (CaseResult.FlipRate).
	FlipRate float64 `json:"flip_rate"`
	// Stable is true when every call returned a valid decision with the
	// same status.
	Stable bool `json:"stable"`
	// Canonical is the verdict ensemble.Reduce reaches over the case's
	// calls, each call a ballot (failed calls are non-passing ballots), with
	// the default unanimous reduction unless StabilityOf was given options.
	Canonical evaluator.Status `json:"canonical"`
	// Agreement is the reduction's agreement (ensemble.Tally.Agreement).
	Agreement float64 `json:"agreement"`
}

// StabilityOf recomputes a report's Stability with the given reduction
// options (ensemble.WithStrictMajority, ensemble.WithScoreReducer); with
// none it equals r.Stability. cases must be the cases r was run on, in the
// same order; a mismatch is a *CaseError naming the first case that differs.
func StabilityOf(cases []Case, r Report, opts ...ensemble.VoteOption) (Stability, error) {
	if len(cases) != len(r.Results) {
		return Stability{}, caseError(-1, "", fmt.Sprintf("%d cases for a report of %d", len(cases), len(r.Results)), nil)
	}
	for i, c := range cases {
		if c.ID != r.Results[i].CaseID {
			return Stability{}, caseError(i, "case_id", fmt.Sprintf("%s, the report has %s", strictjson.Quote(c.ID), strictjson.Quote(r.Results[i].CaseID)), nil)
		}
	}
	return buildStability(cases, r.Results, r.Repeats, opts), nil
}

// buildStability computes Stability from the cases and their results.
func buildStability(cases []Case, results []CaseResult, repeats int, opts []ensemble.VoteOption) Stability {
	s := Stability{Repeats: repeats, Cases: make([]CaseStability, 0, len(results)), UnstableIDs: []string{}}
	var stable, mnpDen, mnpNum, accurate int
	for i, cr := range results {
		cs := CaseStability{CaseID: cr.CaseID, Expected: cr.Expected, Votes: map[evaluator.Status]int{}, FlipRate: cr.FlipRate}
		ballots := make([]ensemble.Ballot, len(cr.Calls))
		for k, call := range cr.Calls {
			ballots[k] = ensemble.Ballot{Round: k, Decision: call.Decision, Err: call.Err}
			if call.Err != nil {
				cs.Errors++
				continue
			}
			cs.Votes[call.Decision.Status]++
		}
		t := ensemble.Reduce(ballots, opts...)
		cs.Canonical, cs.Agreement = t.Decision.Status, t.Agreement
		cs.Stable = len(cr.Calls) > 0 && cs.Errors == 0 && len(cs.Votes) == 1
		if cs.Stable {
			stable++
		} else {
			s.UnstableIDs = append(s.UnstableIDs, cr.CaseID)
		}
		if cs.Canonical == cr.Expected {
			accurate++
		}
		if cases[i].Expected.MustNotPass {
			mnpDen++
			if cs.Canonical == evaluator.StatusPass {
				mnpNum++
			}
		}
		s.Cases = append(s.Cases, cs)
	}
	s.Stable = newRatio(stable, len(s.Cases), 1)
	s.CanonicalAccuracy = newRatio(accurate, len(s.Cases), 1)
	s.CanonicalFalseApprovals = newRatio(mnpNum, mnpDen, 0)
	return s
}
