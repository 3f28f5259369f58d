package loop_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// The generator's first draft promises money before approval; the judge
// asks for a revision, the reviser fixes the draft, and the loop succeeds.
// The roles stand in for model calls and report their cost with provider.AddCost.
func Example() {
	task := evaluator.Task{
		ID:       "refund-42",
		Input:    "Customer asks for a refund of a damaged blender.",
		Evidence: []evaluator.Evidence{{ID: "photo-1", Source: "upload", Content: "Photo: cracked jug."}},
	}
	gen := loop.GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
		provider.AddCost(ctx, 0.002)
		return "Sorry about the blender. Your money is on its way!", nil
	})
	judge := evaluator.Func[string](func(ctx context.Context, _ evaluator.Task, draft string) (evaluator.EvaluationDecision, error) {
		provider.AddCost(ctx, 0.001)
		if strings.Contains(draft, "money is on its way") {
			return evaluator.EvaluationDecision{
				Status:               evaluator.StatusRevise,
				Score:                0.4,
				Criteria:             []evaluator.Criterion{{Name: "no_promise_before_approval", Reason: "promises money before approval"}},
				RevisionInstructions: []string{"Do not promise the refund; say it is under review."},
			}, nil
		}
		return evaluator.EvaluationDecision{
			Status:   evaluator.StatusPass,
			Score:    0.9,
			Criteria: []evaluator.Criterion{{Name: "cites_evidence", Passed: true, EvidenceRefs: []string{"photo-1"}}},
		}, nil
	})
	rev := loop.ReviserFunc[string](func(ctx context.Context, _ evaluator.Task, draft string, d evaluator.EvaluationDecision) (string, error) {
		provider.AddCost(ctx, 0.002)
		return "Sorry about the blender; thanks for the photo. Your refund request is under review.", nil
	})

	res, err := loop.RunLoop(context.Background(), task, gen, judge, rev, loop.WithMaxRevisions(2))
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	for _, s := range res.Trace {
		line := fmt.Sprintf("%d %-8s %-6s %s", s.Index, s.Role, s.Decision.Status, strings.Join(s.Instructions, " "))
		fmt.Println(strings.TrimRight(line, " "))
	}
	fmt.Printf("%s (%s) after %d revision(s), cost %.3f\n", res.Outcome, res.StopReason, res.Revisions, res.Cost)
	fmt.Println(res.Candidate)
	// Output:
	// 0 generate
	// 1 evaluate revise
	// 2 revise          Do not promise the refund; say it is under review.
	// 3 evaluate pass
	// succeeded (passed) after 1 revision(s), cost 0.006
	// Sorry about the blender; thanks for the photo. Your refund request is under review.
}

// Steps streams the same loop; the last step carries the Result.
func ExampleSteps() {
	gen := loop.GeneratorFunc[int](func(context.Context, evaluator.Task) (int, error) { return 1, nil })
	judge := evaluator.Func[int](func(_ context.Context, _ evaluator.Task, n int) (evaluator.EvaluationDecision, error) {
		if n < 3 {
			return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: float64(n) / 4, RevisionInstructions: []string{"add one"}}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
	})
	rev := loop.ReviserFunc[int](func(_ context.Context, _ evaluator.Task, n int, _ evaluator.EvaluationDecision) (int, error) {
		return n + 1, nil
	})
	for step, err := range loop.Steps(context.Background(), evaluator.Task{ID: "count"}, gen, judge, rev) {
		if step.Role == loop.RoleStop {
			fmt.Println(step.Result.Outcome, step.Result.Candidate, err)
			break
		}
		fmt.Println(step.Index, step.Role, step.Candidate)
	}
	// Output:
	// 0 generate 1
	// 1 evaluate 1
	// 2 revise 2
	// 3 evaluate 2
	// 4 revise 3
	// 5 evaluate 3
	// succeeded 3 <nil>
}

// The self-approval guard compares model families: a judge on gpt-4.1
// behind the deterministic checks may not approve a draft written by
// openai/gpt-4.1-2025-04-14.
func ExampleWithModels() {
	draft := loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) { return "draft", nil })
	judge := evaluator.WithModel[string](evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
	}), "gpt-4.1")
	revise := loop.ReviserFunc[string](func(_ context.Context, _ evaluator.Task, c string, _ evaluator.EvaluationDecision) (string, error) {
		return c, nil
	})

	_, err := loop.RunLoop(context.Background(), evaluator.Task{Input: "Reply to the customer."}, draft, evaluator.Chain(judge), revise,
		loop.WithModels(loop.RoleGenerate, "openai/gpt-4.1-2025-04-14"))
	fmt.Println(errors.Is(err, loop.ErrSameModel))
	// Output: true
}

// A driver of one's own: the machine says which call to make, the driver
// makes it (Roles.Invoke does it the way RunLoop does) and records its
// outcome. A durable engine would store m, as JSON, between the calls; the
// clock is the driver's, here a fixed one.
func ExampleMachine() {
	task := evaluator.Task{ID: "count"}
	roles := loop.Roles[int]{
		Generator: loop.GeneratorFunc[int](func(context.Context, evaluator.Task) (int, error) { return 1, nil }),
		Evaluator: evaluator.Func[int](func(_ context.Context, _ evaluator.Task, n int) (evaluator.EvaluationDecision, error) {
			if n < 2 {
				return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5, RevisionInstructions: []string{"add one"}}, nil
			}
			return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
		}),
		Reviser: loop.ReviserFunc[int](func(_ context.Context, _ evaluator.Task, n int, _ evaluator.EvaluationDecision) (int, error) {
			return n + 1, nil
		}),
	}
	cfg, err := loop.NewConfig(loop.WithMaxRevisions(3))
	if err != nil {
		fmt.Println(err)
		return
	}
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	m, err := loop.Start[int](now, cfg, task)
	if err != nil {
		fmt.Println(err)
		return
	}
	for {
		call := m.Next(now)
		if call.Kind == loop.CallDone {
			break
		}
		if call.Kind == loop.CallWait {
			now = call.Until
			continue
		}
		res := roles.Invoke(context.Background(), task, call)
		now = now.Add(time.Second)
		step := m.Record(now, res)
		fmt.Println(step.Index, step.Role, step.Candidate, step.Duration)
	}
	res, err := m.Finish(now)
	fmt.Println(res.Outcome, res.Candidate, err)
	// Output:
	// 0 generate 1 1s
	// 1 evaluate 1 1s
	// 2 revise 2 1s
	// 3 evaluate 2 1s
	// succeeded 2 <nil>
}
