package ensemble_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/ensemble"
)

func passD(score float64) evaluator.EvaluationDecision {
	return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: score}
}

func reviseD(score float64) evaluator.EvaluationDecision {
	return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: score, RevisionInstructions: []string{"fix the total"}}
}

func blockD(score float64) evaluator.EvaluationDecision {
	return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, Score: score, BlockingFailures: []string{"policy breach"}, StopReason: evaluator.StopPolicyBlock}
}

func escalateD(score float64) evaluator.EvaluationDecision {
	return evaluator.EvaluationDecision{Status: evaluator.StatusEscalate, Score: score}
}

// randomJudge passes with probability p and otherwise returns fail. Its
// generator is seeded, so with one call at a time a run is reproducible.
func randomJudge(seed uint64, p float64, fail evaluator.EvaluationDecision) evaluator.Evaluator[string] {
	var mu sync.Mutex
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	return evaluator.Func[string](func(ctx context.Context, _ evaluator.Task, _ string) (evaluator.EvaluationDecision, error) {
		mu.Lock()
		x := rng.Float64()
		mu.Unlock()
		if x < p {
			return passD(0.9), nil
		}
		return fail, nil
	})
}

const trials = 10000

// TestVoteGoalFalseApproval: a judge that wrongly passes a bad case with
// probability 0.4 approves it through Vote(5) in at most 1.2% of trials.
func TestVoteGoalFalseApproval(t *testing.T) {
	judge := randomJudge(1, 0.4, reviseD(0.3))
	v, err := ensemble.NewVoter(5, []evaluator.Evaluator[string]{judge}, ensemble.WithVoteConcurrency(1))
	require.NoError(t, err)
	single, passes := 0, 0
	for i := 0; i < trials; i++ {
		d, err := v.Evaluate(context.Background(), evaluator.Task{}, "bad")
		require.NoError(t, err)
		if d.Status == evaluator.StatusPass {
			passes++
		}
		if one, _ := judge.Evaluate(context.Background(), evaluator.Task{}, "bad"); one.Status == evaluator.StatusPass {
			single++
		}
	}
	rate := float64(passes) / trials
	t.Logf("false approvals: single call %.2f%%, Vote(5) %.2f%% of %d trials", 100*float64(single)/trials, 100*rate, trials)
	assert.LessOrEqual(t, rate, 0.012)
	assert.Greater(t, single, 3500, "the scripted judge must really pass bad cases about 40% of the time")
}

// TestVoteGoalHonestJudge: a judge that passes a good case with probability
// 0.95 still passes through Vote(5) in at least 75% of trials; every other
// trial escalates, none fails.
func TestVoteGoalHonestJudge(t *testing.T) {
	judge := randomJudge(2, 0.95, reviseD(0.5))
	v, err := ensemble.NewVoter(5, []evaluator.Evaluator[string]{judge}, ensemble.WithVoteConcurrency(1))
	require.NoError(t, err)
	counts := map[evaluator.Status]int{}
	for i := 0; i < trials; i++ {
		d, err := v.Evaluate(context.Background(), evaluator.Task{}, "good")
		require.NoError(t, err)
		require.NoError(t, d.Validate())
		counts[d.Status]++
	}
	t.Logf("honest judge through Vote(5): %v of %d trials", counts, trials)
	assert.GreaterOrEqual(t, float64(counts[evaluator.StatusPass])/trials, 0.75)
	assert.Equal(t, trials, counts[evaluator.StatusPass]+counts[evaluator.StatusEscalate], "the rest escalate, never fail")
}

func TestVoteFailedMembersNeverPass(t *testing.T) {
	garbage := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: "approve", Score: 7}, nil
	})
	failing := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{}, errors.New("upstream 503")
	})
	panicking := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		panic("boom")
	})
	invented := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		d := passD(1)
		d.Criteria = []evaluator.Criterion{{Name: "grounded", Passed: true, EvidenceRefs: []string{"E404"}}}
		return d, nil
	})
	pass := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return passD(0.9), nil
	})
	for name, bad := range map[string]evaluator.Evaluator[string]{"garbage": garbage, "error": failing, "panic": panicking, "invented evidence": invented} {
		t.Run(name, func(t *testing.T) {
			for _, opt := range [][]ensemble.VoteOption{nil, {ensemble.WithStrictMajority()}} {
				// Two passing judges and one failing: the failure stays in
				// the denominator, so the unanimous reduction escalates; with a strict
				// majority the two passes out of three do win, but the
				// failed vote still never counts as a pass.
				v, err := ensemble.NewVoter(1, []evaluator.Evaluator[string]{pass, bad, pass}, opt...)
				require.NoError(t, err)
				tally, err := v.Tally(context.Background(), evaluator.Task{}, "x")
				require.NoError(t, err)
				assert.Equal(t, []int{1}, tally.Failed)
				assert.Equal(t, 2, tally.Counts[evaluator.StatusPass])
				if opt == nil {
					assert.Equal(t, evaluator.StatusEscalate, tally.Decision.Status)
				}
				// Only failing members: never a pass.
				v, err = ensemble.NewVoter(3, []evaluator.Evaluator[string]{bad}, opt...)
				require.NoError(t, err)
				d, err := v.Evaluate(context.Background(), evaluator.Task{}, "x")
				assert.NotEqual(t, evaluator.StatusPass, d.Status)
				if err == nil {
					assert.Equal(t, evaluator.StatusEscalate, d.Status)
				} else {
					assert.ErrorIs(t, err, ensemble.ErrAllVotesFailed)
				}
			}
		})
	}
}

func TestVoteOneJudgeOneVoteUnchanged(t *testing.T) {
	want := blockD(0.2)
	want.Criteria = []evaluator.Criterion{{Name: "c", EvidenceRefs: []string{}}}
	wantErr := errors.New("as is")
	judge := evaluator.Func[string](func(_ context.Context, _ evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		if c == "err" {
			return want, wantErr
		}
		return want, nil
	})
	d, err := ensemble.Vote(1, judge).Evaluate(context.Background(), evaluator.Task{}, "x")
	require.NoError(t, err)
	assert.Equal(t, want, d)
	d, err = ensemble.Vote(1, judge).Evaluate(context.Background(), evaluator.Task{}, "err")
	assert.Same(t, wantErr, err)
	assert.Equal(t, want, d)
}

func TestReduceRules(t *testing.T) {
	boom := errors.New("boom")
	b := func(ds ...any) []ensemble.Ballot {
		var out []ensemble.Ballot
		for i, d := range ds {
			switch d := d.(type) {
			case evaluator.EvaluationDecision:
				out = append(out, ensemble.Ballot{Round: i, Decision: d})
			case error:
				out = append(out, ensemble.Ballot{Round: i, Err: d})
			}
		}
		return out
	}
	tests := []struct {
		name           string
		ballots        []ensemble.Ballot
		unanimous, maj evaluator.Status
		score          float64
	}{
		{"unanimous pass", b(passD(0.8), passD(0.9), passD(0.7)), "pass", "pass", 0.8},
		{"split 4 to 1", b(passD(0.8), passD(0.9), passD(0.7), passD(0.9), reviseD(0.2)), "escalate", "pass", 0.8},
		{"pass with a failed vote", b(passD(0.8), passD(0.9), boom), "escalate", "pass", 0.8},
		{"no pass, majority revise", b(reviseD(0.4), reviseD(0.5), blockD(0.1)), "revise", "revise", 0.45},
		{"no pass, majority at least escalate", b(blockD(0.1), escalateD(0.3), reviseD(0.5)), "escalate", "escalate", 0.2},
		{"no pass, majority block", b(blockD(0.1), blockD(0.2), reviseD(0.5)), "block", "block", 0.15},
		{"failed votes deny a majority", b(reviseD(0.4), boom, boom), "escalate", "escalate", 0},
		{"even split, no majority", b(reviseD(0.4), reviseD(0.4), blockD(0.1), blockD(0.1)), "revise", "escalate", 0.4},
		{"no ballots", nil, "escalate", "escalate", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := ensemble.Reduce(tt.ballots)
			assert.Equal(t, tt.unanimous, g.Decision.Status, "unanimous")
			assert.InDelta(t, tt.score, g.Decision.Score, 1e-9)
			require.NoError(t, g.Decision.Validate())
			m := ensemble.Reduce(tt.ballots, ensemble.WithStrictMajority())
			assert.Equal(t, tt.maj, m.Decision.Status, "majority")
			require.NoError(t, m.Decision.Validate())
			// Every vote is recorded as a criterion after the summary.
			require.GreaterOrEqual(t, len(g.Decision.Criteria), len(tt.ballots)+1)
			assert.Equal(t, "vote.agreement", g.Decision.Criteria[0].Name)
			for i := range tt.ballots {
				assert.True(t, strings.HasPrefix(g.Decision.Criteria[i+1].Name, "vote["))
			}
		})
	}
}

func TestReduceRecords(t *testing.T) {
	tl := ensemble.Reduce([]ensemble.Ballot{
		{Judge: 0, Round: 0, Decision: blockD(0.1)},
		{Judge: 0, Round: 1, Err: errors.New("timeout")},
		{Judge: 1, Round: 0, Decision: blockD(0.3)},
	})
	assert.Equal(t, evaluator.StatusBlock, tl.Decision.Status)
	assert.Equal(t, []string{"policy breach"}, tl.Decision.BlockingFailures)
	assert.Equal(t, evaluator.StopPolicyBlock, tl.Decision.StopReason)
	assert.Equal(t, []int{1}, tl.Failed)
	assert.InDelta(t, 2.0/3, tl.Agreement, 1e-9)
	assert.Contains(t, tl.Decision.Criteria[0].Reason, "1 failed (vote[0.1])")
	assert.Contains(t, tl.Decision.Criteria[2].Reason, "failed: timeout")
	assert.False(t, tl.Decision.Criteria[0].Passed)
}

func TestVoteScoreReducer(t *testing.T) {
	scores := []float64{0.9, 0.6, 0.8}
	i := atomic.Int32{}
	judge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return passD(scores[int(i.Add(1)-1)%3]), nil
	})
	v, err := ensemble.NewVoter(3, []evaluator.Evaluator[string]{judge}, ensemble.WithScoreReducer(ensemble.MinScore))
	require.NoError(t, err)
	d, err := v.Evaluate(context.Background(), evaluator.Task{}, "x")
	require.NoError(t, err)
	assert.Equal(t, 0.6, d.Score)
}

func TestVoteInvalid(t *testing.T) {
	judge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return passD(1), nil
	})
	var nilFunc evaluator.Func[string]
	for name, build := range map[string]func() error{
		"zero votes": func() error { _, err := ensemble.NewVoter(0, []evaluator.Evaluator[string]{judge}); return err },
		"no judges":  func() error { _, err := ensemble.NewVoter[string](3, nil); return err },
		"nil judge": func() error {
			_, err := ensemble.NewVoter(3, []evaluator.Evaluator[string]{judge, nilFunc})
			return err
		},
		"concurrency": func() error {
			_, err := ensemble.NewVoter(3, []evaluator.Evaluator[string]{judge}, ensemble.WithVoteConcurrency(-1))
			return err
		},
		"reducer": func() error {
			_, err := ensemble.NewVoter(3, []evaluator.Evaluator[string]{judge}, ensemble.WithScoreReducer(nil))
			return err
		},
		"nil option": func() error { _, err := ensemble.NewVoter(3, []evaluator.Evaluator[string]{judge}, nil); return err },
		"too many": func() error {
			_, err := ensemble.NewVoter(501, []evaluator.Evaluator[string]{judge, judge})
			return err
		},
	} {
		t.Run(name, func(t *testing.T) {
			err := build()
			assert.ErrorIs(t, err, ensemble.ErrInvalidVote)
			// A bad option is also a configuration error like any other.
			option := name == "concurrency" || name == "reducer" || name == "nil option"
			assert.Equal(t, option, errors.Is(err, evaluator.ErrInvalidOption), "%v", err)
		})
	}
	_, err := ensemble.NewVoter(3, []evaluator.Evaluator[string]{judge}, ensemble.WithVoteConcurrency(0))
	assert.NoError(t, err, "zero concurrency means the default")
	d, err := ensemble.Vote[string](0, judge).Evaluate(context.Background(), evaluator.Task{}, "x")
	assert.ErrorIs(t, err, ensemble.ErrInvalidVote)
	assert.Contains(t, err.Error(), "votes: must be >= 1, got 0")
	assert.NotEqual(t, evaluator.StatusPass, d.Status)
}

func TestVoteConcurrencyAndContext(t *testing.T) {
	var inFlight, peak atomic.Int32
	ctxs := make(chan context.Context, 20)
	judge := evaluator.Func[string](func(ctx context.Context, _ evaluator.Task, _ string) (evaluator.EvaluationDecision, error) {
		n := inFlight.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		ctxs <- ctx
		defer inFlight.Add(-1)
		return passD(1), nil
	})
	v, err := ensemble.NewVoter(10, []evaluator.Evaluator[string]{judge, judge}, ensemble.WithVoteConcurrency(3))
	require.NoError(t, err)
	d, err := v.Evaluate(context.Background(), evaluator.Task{}, "x")
	require.NoError(t, err)
	assert.Equal(t, evaluator.StatusPass, d.Status)
	assert.LessOrEqual(t, peak.Load(), int32(3))
	close(ctxs)
	seen := map[context.Context]bool{}
	for c := range ctxs {
		assert.Error(t, c.Err(), "each call's own context is released after the call")
		seen[c] = true
	}
	assert.Len(t, seen, 20, "each call has its own context")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = v.Evaluate(ctx, evaluator.Task{}, "x")
	assert.ErrorIs(t, err, context.Canceled)
}

func TestVoteAllErrors(t *testing.T) {
	judge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{}, errors.New("rate limited")
	})
	_, err := ensemble.Vote(3, judge).Evaluate(context.Background(), evaluator.Task{}, "x")
	assert.ErrorIs(t, err, ensemble.ErrAllVotesFailed)
	assert.Contains(t, err.Error(), "vote[0.2]: rate limited")
}

// 1,000 ballots failing with 10 KB errors each give an error of at most
// 64 KiB (the first ballots' errors, then a count of the rest) that still
// matches every ballot's error; a judge's panic value and a lone judge's
// own error are cut to 4 KiB.
func TestVoteErrorTextIsBounded(t *testing.T) {
	overloaded := errors.New("overloaded")
	var calls atomic.Int64
	judge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		if calls.Add(1) == 1000 {
			return evaluator.EvaluationDecision{}, fmt.Errorf("%s: %w", strings.Repeat("e", 10_000), overloaded)
		}
		return evaluator.EvaluationDecision{}, errors.New(strings.Repeat("e", 10_000))
	})
	v, err := ensemble.NewVoter(1000, []evaluator.Evaluator[string]{judge})
	require.NoError(t, err)
	_, err = v.Evaluate(context.Background(), evaluator.Task{}, "x")
	require.ErrorIs(t, err, ensemble.ErrAllVotesFailed)
	assert.ErrorIs(t, err, overloaded, "the last ballot's error is still in the chain")
	msg := err.Error()
	assert.LessOrEqual(t, len(msg), 64<<10)
	// strings.Contains, not assert.Contains: a failure would print 64 KiB.
	assert.True(t, strings.HasPrefix(msg, "ensemble: every vote failed: vote[0.0]: eee"), "starts with the first ballot")
	assert.True(t, strings.HasSuffix(msg, " more errors"), "ends with a count of the ballots left out")
	assert.True(t, strings.Contains(msg, "... (10011 bytes)\nvote[0.1]: "), "each ballot's error is cut to a prefix and its size")

	huge := strings.Repeat("p", 1<<20)
	panicky := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		panic(huge)
	})
	_, err = ensemble.Vote(2, panicky).Evaluate(context.Background(), evaluator.Task{}, "x")
	require.ErrorIs(t, err, ensemble.ErrAllVotesFailed)
	assert.LessOrEqual(t, len(err.Error()), 2*4<<10+64)

	lone := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{}, fmt.Errorf("%s: %w", huge, overloaded)
	})
	_, err = ensemble.Vote(1, lone).Evaluate(context.Background(), evaluator.Task{}, "x")
	require.ErrorIs(t, err, overloaded)
	assert.LessOrEqual(t, len(err.Error()), 4<<10)

	_, err = ensemble.NewVoter(1, make([]evaluator.Evaluator[string], 1000))
	require.ErrorIs(t, err, ensemble.ErrInvalidVote)
	assert.LessOrEqual(t, len(err.Error()), 64<<10)
}

// TestVoteLeavesNoGoroutine: every goroutine a vote starts has ended when
// Evaluate returns, also when the context ends mid-vote.
func TestVoteLeavesNoGoroutine(t *testing.T) {
	before := runtime.NumGoroutine()
	slow := evaluator.Func[string](func(ctx context.Context, _ evaluator.Task, _ string) (evaluator.EvaluationDecision, error) {
		select {
		case <-ctx.Done():
			return evaluator.EvaluationDecision{}, ctx.Err()
		case <-time.After(time.Millisecond):
			return passD(1), nil
		}
	})
	v := ensemble.Vote(8, slow, slow)
	for i := 0; i < 20; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(i%3)*time.Millisecond)
		_, _ = v.Evaluate(ctx, evaluator.Task{}, "x")
		cancel()
	}
	// Evaluate waits for its goroutines; allow the runtime a moment to
	// retire them before counting.
	for i := 0; i < 100 && runtime.NumGoroutine() > before; i++ {
		time.Sleep(time.Millisecond)
	}
	assert.LessOrEqual(t, runtime.NumGoroutine(), before)
}

// TestVoteFailureTextBounded: a ballot's failure is recorded in its
// criterion by a bounded prefix with its length, and a panicking judge's
// value by a bounded prefix too, however long they are.
func TestVoteFailureTextBounded(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	tl := ensemble.Reduce([]ensemble.Ballot{
		{Judge: 0, Decision: passD(0.9)},
		{Judge: 1, Err: errors.New(long)},
	})
	reason := tl.Decision.Criteria[2].Reason
	assert.Less(t, len(reason), 120)
	assert.Contains(t, reason, "failed: xxx")
	assert.Contains(t, reason, fmt.Sprintf("(%d bytes)", len(long)))

	panicking := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		panic(long)
	})
	pass := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return passD(0.9), nil
	})
	v, err := ensemble.NewVoter(1, []evaluator.Evaluator[string]{pass, panicking})
	require.NoError(t, err)
	tally, err := v.Tally(context.Background(), evaluator.Task{}, "x")
	require.NoError(t, err)
	require.Len(t, tally.Ballots, 2)
	msg := tally.Ballots[1].Err.Error()
	assert.True(t, strings.HasPrefix(msg, "judge panicked: xxx"), msg[:40])
	assert.Less(t, len(msg), 64<<10, "the value is cut; the stack is the runtime's, at most 100 frames")
}
