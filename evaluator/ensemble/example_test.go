package ensemble_test

import (
	"context"
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/ensemble"
)

// Five votes from a judge that flips: one dissenting vote is enough to
// escalate instead of passing.
func ExampleVote() {
	verdicts := []evaluator.Status{"pass", "pass", "revise", "pass", "pass"}
	n := 0
	judge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		s := verdicts[n%len(verdicts)]
		n++
		if s == evaluator.StatusRevise {
			return evaluator.EvaluationDecision{Status: s, Score: 0.5, RevisionInstructions: []string{"cite the invoice"}}, nil
		}
		return evaluator.EvaluationDecision{Status: s, Score: 0.9}, nil
	})
	v, _ := ensemble.NewVoter(5, []evaluator.Evaluator[string]{judge}, ensemble.WithVoteConcurrency(1))
	d, _ := v.Evaluate(context.Background(), evaluator.Task{}, "The refund is approved.")
	fmt.Println(d.Status)
	fmt.Println(d.Criteria[0].Reason)
	fmt.Println(d.RevisionInstructions)
	// Output:
	// escalate
	// 5 votes: 4 pass, 1 revise; agreement 0.80; unanimous reduction: escalate (votes split between pass and not-pass)
	// [cite the invoice]
}

// Reduce applies the same rules to votes gathered elsewhere: a failed vote
// stays in the denominator, so two revises out of three votes still win,
// while one revise and two failures escalate.
func ExampleReduce() {
	revise := evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4, RevisionInstructions: []string{"fix the total"}}
	failed := fmt.Errorf("judge timed out")
	t := ensemble.Reduce([]ensemble.Ballot{{Round: 0, Decision: revise}, {Round: 1, Decision: revise}, {Round: 2, Err: failed}})
	fmt.Println(t.Decision.Status, t.Failed)
	t = ensemble.Reduce([]ensemble.Ballot{{Round: 0, Decision: revise}, {Round: 1, Err: failed}, {Round: 2, Err: failed}})
	fmt.Println(t.Decision.Status, t.Failed)
	// Output:
	// revise [2]
	// escalate [1 2]
}

// A judge that always prefers whichever answer it sees first gives a tie,
// not a winner, once the order is swapped.
func ExampleCompare() {
	biased := ensemble.PairFunc[string](func(context.Context, evaluator.Task, string, string) (ensemble.Preference, error) {
		return ensemble.PreferFirst, nil
	})
	c, _ := ensemble.Compare(context.Background(), evaluator.Task{}, biased, "answer A", "answer B")
	fmt.Println(c.Winner)
	fmt.Println(c.Disagreement)
	// Output:
	// tie
	// with A first the judge preferred A, with B first B: the verdict follows the position, not the content
}
