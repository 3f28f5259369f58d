// Package demo holds the roles the adapter's tests run as a workflow (the
// Temporal example's demo, without its journal): a generator, an
// evaluator and a reviser standing in for models on the refund case. Their
// outputs depend only on their inputs, so a call Temporal makes again after
// a crash returns what the first attempt would have, and the same loop run
// by loop.RunLoop gives the same Result. Each call can take a set time
// (honouring its context), as a model call does.
package demo

import (
	"context"
	"strings"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// Task is the refund case: a customer with a photo of the damage.
var Task = evaluator.Task{
	ID:       "refund-42",
	Input:    "Customer asks for a refund of a damaged blender.",
	Evidence: []evaluator.Evidence{{ID: "photo-1", Source: "upload", Content: "Photo: cracked jug."}},
}

// Options configure the demo's loop: three revisions at most, two
// attempts per call, and the models each role stands for (so the
// self-approval guard has something to check).
func Options() []loop.Option {
	return []loop.Option{
		loop.WithMaxRevisions(3), loop.WithRetry(2, time.Second), loop.WithTimeout(10 * time.Minute),
		loop.WithModels(loop.RoleGenerate, "writer-model"), loop.WithModels(loop.RoleRevise, "writer-model"), loop.WithModels(loop.RoleEvaluate, "judge-model"),
	}
}

// The instructions the evaluator gives, and the texts the roles write.
const (
	firstDraft    = "Sorry about the blender. Your money is on its way!"
	noPromise     = "Do not promise the refund; say it is under review."
	citePhoto     = "Thank the customer for the photo of the cracked jug."
	underReview   = "Your refund request is under review."
	thanksPhoto   = "Thanks for the photo of the cracked jug."
	promiseClause = "Your money is on its way!"
)

// Roles returns the demo's roles; every call takes delay (cut short when
// its context ends) and reports a cost.
func Roles(delay time.Duration) loop.Roles[string] {
	return loop.Roles[string]{
		Generator: loop.GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
			return firstDraft, work(ctx, delay, 0.002)
		}),
		Evaluator: evaluator.Func[string](func(ctx context.Context, _ evaluator.Task, draft string) (evaluator.EvaluationDecision, error) {
			if err := work(ctx, delay, 0.001); err != nil {
				return evaluator.EvaluationDecision{}, err
			}
			return judge(draft), nil
		}),
		Reviser: loop.ReviserFunc[string](func(ctx context.Context, _ evaluator.Task, draft string, d evaluator.EvaluationDecision) (string, error) {
			if err := work(ctx, delay, 0.002); err != nil {
				return "", err
			}
			for _, in := range d.RevisionInstructions {
				switch in {
				case noPromise:
					draft = strings.Replace(draft, promiseClause, underReview, 1)
				case citePhoto:
					draft += " " + thanksPhoto
				}
			}
			return draft, nil
		}),
	}
}

// judge asks for one fix at a time, then passes, citing the photo.
func judge(draft string) evaluator.EvaluationDecision {
	switch {
	case strings.Contains(draft, promiseClause):
		return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.4, RevisionInstructions: []string{noPromise},
			Criteria: []evaluator.Criterion{{Name: "no_promise_before_approval", Reason: "promises money before approval"}}}
	case !strings.Contains(draft, "photo"):
		return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.6, RevisionInstructions: []string{citePhoto},
			Criteria: []evaluator.Criterion{{Name: "cites_evidence", Reason: "does not mention the photo"}}}
	}
	return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9,
		Criteria: []evaluator.Criterion{{Name: "cites_evidence", Passed: true, EvidenceRefs: []string{"photo-1"}}}}
}

// work stands for a model call: it takes d, unless ctx ends first, and
// reports cost.
func work(ctx context.Context, d time.Duration, cost float64) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
		return ctx.Err()
	}
	provider.AddCost(ctx, cost)
	return nil
}
