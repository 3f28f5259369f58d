package ensemble_test

import (
	"context"
	"errors"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/ensemble"
)

// BenchmarkReduce measures the reduction of five votes with one failure.
func BenchmarkReduce(b *testing.B) {
	ballots := []ensemble.Ballot{
		{Round: 0, Decision: passD(0.9)}, {Round: 1, Decision: passD(0.8)}, {Round: 2, Decision: reviseD(0.4)},
		{Round: 3, Err: errors.New("timeout")}, {Round: 4, Decision: passD(0.85)},
	}
	b.ReportAllocs()
	for b.Loop() {
		if ensemble.Reduce(ballots).Decision.Status != evaluator.StatusEscalate {
			b.Fatal("wrong reduction")
		}
	}
}

// BenchmarkVote measures Vote(5) around an instant judge: the cost the
// vote adds to five judge calls.
func BenchmarkVote(b *testing.B) {
	judge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return passD(0.9), nil
	})
	v := ensemble.Vote(5, judge)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if d, err := v.Evaluate(ctx, evaluator.Task{}, "x"); err != nil || d.Status != evaluator.StatusPass {
			b.Fatal(d.Status, err)
		}
	}
}
