package ensemble

import (
	"slices"
	"strconv"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
	"github.com/evalopt/evalopt/internal/uniq"
)

// Ballot is one vote: one judge's answer on one call.
type Ballot struct {
	// Judge is the index of the judge (the member of the ensemble) that cast it.
	Judge int `json:"judge"`
	// Round is the 0-based call number of that judge.
	Round int `json:"round"`
	// Decision is what the judge returned; ignored when Err is set.
	Decision evaluator.EvaluationDecision `json:"decision"`
	// Err is why the vote failed: the judge's error, a panic, a decision
	// that fails Validate, or a call never made. A failed vote is a
	// non-passing vote that stays in the denominator.
	Err error `json:"-"`
}

// failed reports whether the vote failed (see Ballot.Err).
func (b Ballot) failed() bool { return b.Err != nil }

// VoteReduction names how Reduce turns votes into one decision.
type VoteReduction string

// The reductions Reduce offers.
const (
	// ReduceUnanimous is the default, the one a release decision needs: a
	// pass only when every vote is a valid pass; a split between pass and
	// not-pass escalates; with no pass, the strictest status that a strict
	// majority of all votes is at least as strict as wins, else escalate.
	ReduceUnanimous VoteReduction = "unanimous"
	// ReduceMajority is the strict-majority reduction a caller may choose:
	// the status more than half of all votes share wins (pass included),
	// else escalate.
	ReduceMajority VoteReduction = "majority"
)

// Tally is the record of a vote: every ballot, the counts, the agreement
// and the decision the reduction reached.
type Tally struct {
	// Decision is the reduced decision (see Reduce).
	Decision evaluator.EvaluationDecision `json:"decision"`
	// Reduction is the rule that produced it.
	Reduction VoteReduction `json:"reduction"`
	// Ballots holds every vote in judge order, then round order.
	Ballots []Ballot `json:"ballots"`
	// Counts holds how many valid votes carried each status.
	Counts map[evaluator.Status]int `json:"counts"`
	// Failed lists the indexes in Ballots of the failed votes.
	Failed []int `json:"failed"`
	// Agreement is the share of all votes (failed ones included) that
	// carry the most common valid status: 1 when the vote was unanimous.
	Agreement float64 `json:"agreement"`
}

// ScoreReducer turns the scores of the valid votes into the decision's
// score. It is never called with an empty slice and must return a value in
// [0,1] for inputs in [0,1].
type ScoreReducer func(scores []float64) float64

// median is the default ScoreReducer (see WithScoreReducer): the middle
// score, or the mean of the two middle scores for an even count.
func median(scores []float64) float64 {
	s := slices.Clone(scores)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// MinScore is a ScoreReducer that keeps the lowest score.
func MinScore(scores []float64) float64 { return slices.Min(scores) }

// Reduce turns ballots into one decision under the reduction opts select
// (ReduceUnanimous unless WithStrictMajority is given).
//
// ReduceUnanimous, step by step, with n the number of ballots (failed ones
// included):
//  1. every ballot is a valid pass: pass;
//  2. some ballots pass and some do not (including failed ones): escalate,
//     with the split recorded, never a silent pass or a silent failure;
//  3. no ballot passes: for block, then escalate, then revise, count the
//     valid votes at least that strict; the first count above n/2 wins;
//  4. otherwise (too many failed votes, or no majority): escalate.
//
// ReduceMajority: the status more than n/2 valid votes carry wins (a pass
// too); otherwise escalate.
//
// The reduced decision's score is the ScoreReducer (by default the median:
// the middle score, or the mean of the two middle ones) over the valid
// votes that support the winning status; for an escalate that no vote
// carried (a split included) it is over every vote, a failed vote scoring
// 0, so that errors are never averaged away. A split's blocking
// failures and instructions are the dissenters'. Its criteria start
// with one "vote.agreement" criterion (passed only when unanimous) and one
// "vote[j.r]" criterion per ballot saying what it was, then the criteria of
// the first ballot that carried the winning status. Blocking failures and
// revision instructions are the deduplicated union of the supporting
// ballots'. The stop reason is the first one among the ballots carrying the
// winning status. With no ballots, Reduce escalates.
func Reduce(ballots []Ballot, opts ...VoteOption) Tally {
	cfg := newVoteConfig(opts)
	return reduce(ballots, cfg)
}

func reduce(ballots []Ballot, cfg voteConfig) Tally {
	t := Tally{Reduction: cfg.reduction, Ballots: ballots, Counts: map[evaluator.Status]int{}}
	n := len(ballots)
	for i, b := range ballots {
		if b.failed() {
			t.Failed = append(t.Failed, i)
			continue
		}
		t.Counts[b.Decision.Status]++
	}
	top := 0
	for _, c := range t.Counts {
		top = max(top, c)
	}
	if n > 0 {
		t.Agreement = float64(top) / float64(n)
	}
	passes := t.Counts[evaluator.StatusPass]
	var status evaluator.Status
	split := false
	switch cfg.reduction {
	case ReduceMajority:
		status = evaluator.StatusEscalate
		for _, s := range evaluator.Statuses() {
			if 2*t.Counts[s] > n {
				status = s
			}
		}
	default:
		switch {
		case n > 0 && passes == n:
			status = evaluator.StatusPass
		case passes > 0:
			status, split = evaluator.StatusEscalate, true
		default:
			status = evaluator.StatusEscalate
			atLeast := 0
			for _, s := range []evaluator.Status{evaluator.StatusBlock, evaluator.StatusEscalate, evaluator.StatusRevise} {
				atLeast += t.Counts[s]
				if 2*atLeast > n {
					status = s
					break
				}
			}
		}
	}
	t.Decision = assemble(t, status, split, cfg)
	return t
}

// assemble builds the reduced decision for status.
func assemble(t Tally, status evaluator.Status, split bool, cfg voteConfig) evaluator.EvaluationDecision {
	d := evaluator.EvaluationDecision{Status: status}
	supports := func(b Ballot) bool {
		if b.failed() {
			return false
		}
		if split { // the caller sees what the dissenters asked for
			return b.Decision.Status != evaluator.StatusPass
		}
		if status == evaluator.StatusPass || status == evaluator.StatusRevise || cfg.reduction == ReduceMajority {
			return b.Decision.Status == status
		}
		// A block or escalate reached by counting "at least as strict"
		// rests on every vote at least that strict.
		return evaluator.Stricter(b.Decision.Status, status) == b.Decision.Status
	}
	var scores []float64
	first := -1
	for i, b := range t.Ballots {
		if !supports(b) {
			continue
		}
		scores = append(scores, b.Decision.Score)
		if first < 0 && b.Decision.Status == status {
			first = i
		}
		d.BlockingFailures = uniq.Append(d.BlockingFailures, b.Decision.BlockingFailures...)
		d.RevisionInstructions = uniq.Append(d.RevisionInstructions, b.Decision.RevisionInstructions...)
	}
	if len(scores) == 0 || split { // an escalate no vote carried: every vote
		scores = scores[:0]
		for _, b := range t.Ballots {
			if b.failed() {
				// A failed vote scores 0: errors are never averaged away.
				scores = append(scores, 0)
				continue
			}
			scores = append(scores, b.Decision.Score)
		}
	}
	if len(scores) > 0 {
		d.Score = clamp01(cfg.score(scores))
	}
	if first >= 0 {
		d.StopReason = t.Ballots[first].Decision.StopReason
	}
	if status == evaluator.StatusPass {
		d.BlockingFailures = nil // a pass carries none (Validate)
	}
	d.Criteria = make([]evaluator.Criterion, 0, len(t.Ballots)+2)
	d.Criteria = append(d.Criteria, evaluator.Criterion{
		Name: "vote.agreement", Passed: t.Agreement == 1, EvidenceRefs: []string{},
		Reason: summary(t, status, split),
	})
	for _, b := range t.Ballots {
		d.Criteria = append(d.Criteria, ballotCriterion(b))
	}
	if first >= 0 {
		d.Criteria = append(d.Criteria, t.Ballots[first].Decision.Criteria...)
	}
	if d.BlockingFailures == nil {
		d.BlockingFailures = []string{}
	}
	if d.RevisionInstructions == nil {
		d.RevisionInstructions = []string{}
	}
	return d
}

// summary is the agreement criterion's reason: "5 votes: 3 pass,
// 1 revise, 1 failed (vote[0.3]); agreement 0.60; unanimous reduction: escalate
// (votes split between pass and not-pass)".
func summary(t Tally, status evaluator.Status, split bool) string {
	b := make([]byte, 0, 128)
	b = strconv.AppendInt(b, int64(len(t.Ballots)), 10)
	b = append(b, " votes:"...)
	sep := " "
	for _, s := range evaluator.Statuses() {
		if c := t.Counts[s]; c > 0 {
			b = append(b, sep...)
			b = strconv.AppendInt(b, int64(c), 10)
			b = append(b, ' ')
			b = append(b, s...)
			sep = ", "
		}
	}
	if len(t.Failed) > 0 {
		b = append(b, sep...)
		b = strconv.AppendInt(b, int64(len(t.Failed)), 10)
		b = append(b, " failed ("...)
		for i, k := range t.Failed {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendVoteName(b, t.Ballots[k])
		}
		b = append(b, ')')
	}
	b = append(b, "; agreement "...)
	b = strconv.AppendFloat(b, t.Agreement, 'f', 2, 64)
	b = append(b, "; "...)
	b = append(b, t.Reduction...)
	b = append(b, " reduction: "...)
	b = append(b, status...)
	if split {
		b = append(b, " (votes split between pass and not-pass)"...)
	}
	return string(b)
}

// appendVoteName appends "vote[judge.round]".
func appendVoteName(b []byte, bl Ballot) []byte {
	b = append(b, "vote["...)
	b = strconv.AppendInt(b, int64(bl.Judge), 10)
	b = append(b, '.')
	b = strconv.AppendInt(b, int64(bl.Round), 10)
	return append(b, ']')
}

// ballotCriterion records one ballot as a criterion named "vote[judge.round]".
func ballotCriterion(b Ballot) evaluator.Criterion {
	c := evaluator.Criterion{Name: string(appendVoteName(make([]byte, 0, 16), b)), EvidenceRefs: []string{}}
	if b.failed() {
		c.Reason = "failed: " + strictjson.Clip(b.Err.Error())
		return c
	}
	c.Passed = b.Decision.Status == evaluator.StatusPass
	c.Reason = string(strconv.AppendFloat(append([]byte(string(b.Decision.Status)), ", score "...), b.Decision.Score, 'g', 3, 64))
	return c
}

func clamp01(x float64) float64 {
	switch {
	case x != x || x < 0: // NaN too: fail low
		return 0
	case x > 1:
		return 1
	}
	return x
}
