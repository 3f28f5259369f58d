package ensemble

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/internal/strictjson"
)

// ErrInvalidVote is matched (with errors.Is) by the error a Voter built with
// bad arguments returns: fewer than one vote, no judge, a nil judge, or a
// bad option.
var ErrInvalidVote = errors.New("ensemble: invalid vote")

// ErrAllVotesFailed is matched (with errors.Is) by the error Evaluate
// returns when every vote failed with an infrastructure error: there is
// nothing to reduce, and an outage must not look like a quality verdict.
var ErrAllVotesFailed = errors.New("ensemble: every vote failed")

// defaultVoteConcurrency is how many judge calls a Voter makes at once
// unless WithVoteConcurrency says otherwise.
const defaultVoteConcurrency = 4

// maxBallots bounds votes × judges for one Voter, so that one decision's
// record (a criterion per ballot) stays small.
const maxBallots = 1000

// VoteOption configures a Voter (and Reduce).
type VoteOption func(*voteConfig)

type voteConfig struct {
	reduction   VoteReduction
	score       ScoreReducer
	concurrency int
	errs        []error
}

func newVoteConfig(opts []VoteOption) voteConfig {
	cfg := voteConfig{reduction: ReduceUnanimous, score: median, concurrency: defaultVoteConcurrency}
	for i, o := range opts {
		if o == nil {
			cfg.errs = append(cfg.errs, voteOptionError("opts[%d]: nil option", i))
			continue
		}
		o(&cfg)
	}
	return cfg
}

// voteOptionError is the error for a bad VoteOption: it names the option
// and matches both ErrInvalidVote (the Voter is unusable) and
// ErrInvalidOption (the module's one configuration sentinel).
func voteOptionError(format string, args ...any) error {
	return fmt.Errorf("%w: %w: "+format, append([]any{ErrInvalidVote, evaluator.ErrInvalidOption}, args...)...)
}

// WithStrictMajority selects ReduceMajority: the status more than half of
// all votes share wins, else escalate. A split vote can then pass, so use it
// only where a false approval is cheap.
func WithStrictMajority() VoteOption {
	return func(c *voteConfig) { c.reduction = ReduceMajority }
}

// WithScoreReducer sets how the supporting votes' scores become the
// decision's score (default: the median, the middle score or the mean of
// the two middle ones; MinScore keeps the lowest). A nil f is an error.
func WithScoreReducer(f ScoreReducer) VoteOption {
	return func(c *voteConfig) {
		if f == nil {
			c.errs = append(c.errs, voteOptionError("WithScoreReducer: nil reducer"))
			return
		}
		c.score = f
	}
}

// WithVoteConcurrency sets how many judge calls run at once: 0 means the
// default, 4; 1 calls them one after another. A
// negative n is an error.
func WithVoteConcurrency(n int) VoteOption {
	return func(c *voteConfig) {
		switch {
		case n < 0:
			c.errs = append(c.errs, voteOptionError("WithVoteConcurrency(%d): must be >= 0", n))
		case n > 0:
			c.concurrency = n
		}
	}
}

// Voter asks each of its judges for several votes and reduces them to one
// decision (see Reduce). Build it with Vote or NewVoter. It is safe for
// concurrent use if its judges are.
type Voter[C any] struct {
	votes  int
	judges []evaluator.Evaluator[C]
	cfg    voteConfig
	err    error
}

// Vote returns an Evaluator that asks every judge votes times and reduces
// the votes with the default reduction, ReduceUnanimous (see Reduce): a pass only
// when every vote is a valid pass. Pass several different judges to build an
// ensemble. Vote(1, judge) returns judge's decision (and error) unchanged.
// Bad arguments make every Evaluate call return an error matching
// ErrInvalidVote; use NewVoter to get that error at once, or to set options.
func Vote[C any](votes int, judges ...evaluator.Evaluator[C]) evaluator.Evaluator[C] {
	v, _ := NewVoter(votes, judges)
	return v
}

// NewVoter is Vote with options. It returns the Voter and an error matching
// ErrInvalidVote for votes < 1, no judge, a nil judge, more than 1,000
// ballots (votes × judges), or a bad option; the Voter returned with an
// error fails every Evaluate with that error.
func NewVoter[C any](votes int, judges []evaluator.Evaluator[C], opts ...VoteOption) (*Voter[C], error) {
	v := &Voter[C]{votes: votes, judges: append([]evaluator.Evaluator[C](nil), judges...), cfg: newVoteConfig(opts)}
	errs := v.cfg.errs
	if votes < 1 {
		errs = append(errs, fmt.Errorf("%w: votes: must be >= 1, got %d", ErrInvalidVote, votes))
	}
	if len(judges) == 0 {
		errs = append(errs, fmt.Errorf("%w: judges: none given", ErrInvalidVote))
	}
	if votes > 0 && len(judges) > 0 && votes > maxBallots/len(judges) {
		errs = append(errs, fmt.Errorf("%w: votes: %d votes × %d judges is more than %d ballots", ErrInvalidVote, votes, len(judges), maxBallots))
	}
	for i, j := range judges {
		if f, ok := j.(evaluator.Func[C]); j == nil || ok && f == nil {
			errs = append(errs, fmt.Errorf("%w: judges[%d]: nil evaluator", ErrInvalidVote, i))
		}
	}
	v.err = strictjson.Join(errs...) // bounded: a million nil judges give 64 KiB
	return v, v.err
}

// Evaluate runs the vote and returns the reduced decision (Tally's
// Decision). It returns an error, and the zero decision, only when the
// Voter is invalid, when ctx ended before every vote was cast, or when every
// vote failed with an error (ErrAllVotesFailed, joined with each error:
// errors.Is and errors.As see every one, and the text lists them, each cut
// to 4 KiB, up to 64 KiB in all);
// otherwise failed votes are recorded in the decision and count as
// non-passing. With one judge and one vote it returns that judge's decision
// and error unchanged (an error text longer than 4 KiB is cut, the error
// still unwrapping to the judge's).
func (v *Voter[C]) Evaluate(ctx context.Context, task evaluator.Task, candidate C) (evaluator.EvaluationDecision, error) {
	if v.err == nil && v.votes == 1 && len(v.judges) == 1 {
		d, err := v.judges[0].Evaluate(ctx, task, candidate)
		return d, strictjson.Bound(err)
	}
	t, err := v.Tally(ctx, task, candidate)
	if err != nil {
		return evaluator.EvaluationDecision{}, err
	}
	return t.Decision, nil
}

// Tally runs the vote and returns its full record: every ballot, the
// counts, the agreement and the reduced decision. Its errors are those of
// Evaluate.
func (v *Voter[C]) Tally(ctx context.Context, task evaluator.Task, candidate C) (Tally, error) {
	if v.err != nil {
		return Tally{}, v.err
	}
	ballots := make([]Ballot, len(v.judges)*v.votes)
	sem := make(chan struct{}, v.cfg.concurrency)
	var wg sync.WaitGroup
	for j, judge := range v.judges {
		for r := 0; r < v.votes; r++ {
			b := &ballots[j*v.votes+r]
			b.Judge, b.Round = j, r
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				b.Err = fmt.Errorf("vote not cast: %w", ctx.Err())
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				b.Decision, b.Err = castVote(ctx, judge, task, candidate)
			}()
		}
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Tally{}, fmt.Errorf("ensemble: vote: %w", err)
	}
	var errs []error
	for _, b := range ballots {
		if b.Err == nil || errors.Is(b.Err, evaluator.ErrInvalidDecision) || errors.Is(b.Err, evaluator.ErrMissingEvidence) {
			errs = nil
			break
		}
		errs = append(errs, fmt.Errorf("vote[%d.%d]: %w", b.Judge, b.Round, b.Err))
	}
	if len(errs) > 0 {
		// Every ballot's error stays in the chain (errors.Is, Classify); the
		// text lists them, each cut to 4 KiB, up to 64 KiB in all.
		return Tally{}, strictjson.Bound(fmt.Errorf("%w: %w", ErrAllVotesFailed, strictjson.Join(errs...)))
	}
	return reduce(ballots, v.cfg), nil
}

// castVote makes one judge call with its own context, turning a panic into
// an error and an invalid decision into a failed vote.
func castVote[C any](ctx context.Context, judge evaluator.Evaluator[C], task evaluator.Task, candidate C) (d evaluator.EvaluationDecision, err error) {
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			// The value is quoted by its prefix, and the whole text with
			// the stack is cut to 4 KiB.
			d, err = evaluator.EvaluationDecision{}, strictjson.Bound(fmt.Errorf("judge panicked: %s\n%s", strictjson.ValueText(p, strictjson.MaxQuote), debug.Stack()))
		}
	}()
	d, err = judge.Evaluate(cctx, task, candidate)
	if err != nil {
		return evaluator.EvaluationDecision{}, err
	}
	if verr := d.Validate(); verr != nil {
		return d, fmt.Errorf("invalid decision: %w", verr)
	}
	if d.Status == evaluator.StatusPass {
		// A pass resting on evidence nobody supplied is not a pass.
		if eerr := evaluator.CheckEvidence(task, d); eerr != nil {
			return d, eerr
		}
	}
	return d, nil
}

// Models returns the models of every judge of the vote, in judge order,
// without duplicates (see evaluator.ModelsOf). Through it the loop's
// self-approval guard checks every member of an ensemble: no member may
// share the generator's or the reviser's model family unless the caller
// allows it.
func (v *Voter[C]) Models() []string {
	var out []string
	seen := map[string]bool{}
	for _, j := range v.judges {
		for _, m := range evaluator.ModelsOf(j) {
			if !seen[m] {
				seen[m] = true
				out = append(out, m)
			}
		}
	}
	return out
}
