package looptest

import (
	"context"
	"fmt"
	"sync"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
	"github.com/evalopt/evalopt/loop"
)

// script builds a scenario's roles: the generator returns "draft-0", the
// reviser "draft-N" for its N-th call, the evaluator the scripted
// decisions in order (the last repeating); each reports its cost. A hook,
// when set, replaces a role's behaviour; n is the role's 0-based call
// number. The roles are safe for concurrent use.
type script struct {
	decisions          []evaluator.EvaluationDecision
	genCost, evalCost  float64
	revCost            float64
	gen                func(ctx context.Context, n int) (string, error)
	eval               func(ctx context.Context, n int, c string) (evaluator.EvaluationDecision, error)
	rev                func(ctx context.Context, n int, c string) (string, error)
	check              loop.RevisionCheck[string]
	mu                 sync.Mutex
	gens, evals, revis int
}

func (s *script) count(p *int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := *p
	*p++
	return n
}

func (s *script) roles() loop.Roles[string] {
	return loop.Roles[string]{
		Generator: loop.GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
			n := s.count(&s.gens)
			provider.AddCost(ctx, s.genCost)
			if s.gen != nil {
				return s.gen(ctx, n)
			}
			return "draft-0", nil
		}),
		Evaluator: evaluator.Func[string](func(ctx context.Context, _ evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
			n := s.count(&s.evals)
			provider.AddCost(ctx, s.evalCost)
			if s.eval != nil {
				return s.eval(ctx, n, c)
			}
			return s.decisions[min(n, len(s.decisions)-1)], nil
		}),
		Reviser: loop.ReviserFunc[string](func(ctx context.Context, _ evaluator.Task, c string, _ evaluator.EvaluationDecision) (string, error) {
			n := s.count(&s.revis)
			provider.AddCost(ctx, s.revCost)
			if s.rev != nil {
				return s.rev(ctx, n, c)
			}
			return fmt.Sprintf("draft-%d", n+1), nil
		}),
		RevisionCheck: s.check,
	}
}

// Decision builders.
func pass(score float64) evaluator.EvaluationDecision {
	return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: score,
		Criteria: []evaluator.Criterion{{Name: "cites_evidence", Passed: true, EvidenceRefs: []string{"photo-1"}}}}
}

func revise(score float64, instr string) evaluator.EvaluationDecision {
	return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: score, RevisionInstructions: []string{instr},
		Criteria: []evaluator.Criterion{{Name: "tone", Reason: instr}}}
}
