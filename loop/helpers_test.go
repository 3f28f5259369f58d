package loop

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
)

// Decision builders for tests.
func pass(score float64) evaluator.EvaluationDecision {
	return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: score}
}

func revise(score float64, instr ...string) evaluator.EvaluationDecision {
	if len(instr) == 0 {
		instr = []string{"improve it"}
	}
	return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: score, RevisionInstructions: instr}
}

func block(score float64, failure string) evaluator.EvaluationDecision {
	return evaluator.EvaluationDecision{Status: evaluator.StatusBlock, Score: score, BlockingFailures: []string{failure}}
}

func escalate(score float64) evaluator.EvaluationDecision {
	return evaluator.EvaluationDecision{Status: evaluator.StatusEscalate, Score: score}
}

// script is a set of scripted roles: the generator returns "draft-0", the
// reviser "draft-N" for its N-th call, and the evaluator returns the
// scripted decisions in order (the last one repeats). Hooks, when set,
// replace a role's behaviour; n is the 0-based call number.
type script struct {
	decisions []evaluator.EvaluationDecision
	genHook   func(ctx context.Context, n int) (string, error)
	evalHook  func(ctx context.Context, n int, cand string) (evaluator.EvaluationDecision, error)
	revHook   func(ctx context.Context, n int, cand string) (string, error)

	mu           sync.Mutex
	gens, evals  int
	revs         int
	judged       []string
	instructions [][]string
}

func (s *script) count(p *int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := *p
	*p++
	return n
}

func (s *script) calls() (gens, evals, revs int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gens, s.evals, s.revs
}

func (s *script) gen() Generator[string] {
	return GeneratorFunc[string](func(ctx context.Context, _ evaluator.Task) (string, error) {
		n := s.count(&s.gens)
		if s.genHook != nil {
			return s.genHook(ctx, n)
		}
		return "draft-0", nil
	})
}

func (s *script) eval() evaluator.Evaluator[string] {
	return evaluator.Func[string](func(ctx context.Context, _ evaluator.Task, cand string) (evaluator.EvaluationDecision, error) {
		n := s.count(&s.evals)
		s.mu.Lock()
		s.judged = append(s.judged, cand)
		s.mu.Unlock()
		if s.evalHook != nil {
			return s.evalHook(ctx, n, cand)
		}
		if len(s.decisions) == 0 {
			return pass(1), nil
		}
		return s.decisions[min(n, len(s.decisions)-1)], nil
	})
}

func (s *script) rev() Reviser[string] {
	return ReviserFunc[string](func(ctx context.Context, _ evaluator.Task, cand string, d evaluator.EvaluationDecision) (string, error) {
		n := s.count(&s.revs)
		s.mu.Lock()
		s.instructions = append(s.instructions, d.RevisionInstructions)
		s.mu.Unlock()
		if s.revHook != nil {
			return s.revHook(ctx, n, cand)
		}
		return fmt.Sprintf("draft-%d", n+1), nil
	})
}

func (s *script) run(ctx context.Context, task evaluator.Task, opts ...Option) (Result[string], error) {
	return RunLoop(ctx, task, s.gen(), s.eval(), s.rev(), opts...)
}

// legalPairs lists the stop reasons each outcome may carry.
var legalPairs = map[Outcome][]evaluator.StopReason{
	OutcomeSucceeded: {evaluator.StopPassed},
	OutcomeBlocked:   {evaluator.StopPolicyBlock, evaluator.StopMissingEvidence},
	OutcomeEscalated: {evaluator.StopEscalated},
	OutcomeFailed: {evaluator.StopMaxRevisions, evaluator.StopStalled, evaluator.StopTimeout,
		evaluator.StopCostBudget, evaluator.StopError, evaluator.StopCanceled},
}

// checkConsistent asserts every invariant that ties a Result to its trace
// and to the error RunLoop returned.
func checkConsistent(t testing.TB, res Result[string], err error) {
	t.Helper()
	require.Contains(t, legalPairs[res.Outcome], res.StopReason, "outcome %q with stop reason %q", res.Outcome, res.StopReason)
	assert.Equal(t, res.StopReason, res.Decision.StopReason, "Result.Decision.StopReason")
	wantErr := res.StopReason == evaluator.StopError || res.StopReason == evaluator.StopCanceled
	assert.Equal(t, wantErr, err != nil, "error %v with stop reason %q", err, res.StopReason)
	require.NotNil(t, res.Trace, "Trace is always filled")

	var cost float64
	revisions := 0
	bestStep, bestScore := -1, 0.0
	for i, s := range res.Trace {
		assert.Equal(t, i, s.Index, "Trace[%d].Index", i)
		assert.Nil(t, s.Result, "Trace[%d].Result", i)
		assert.GreaterOrEqual(t, s.Attempt, 1, "Trace[%d].Attempt", i)
		cost += s.Cost
		switch s.Role {
		case RoleGenerate:
			assert.True(t, i == 0 || res.Trace[i-1].Role == RoleGenerate, "generate steps (attempts) come first")
		case RoleRevise:
			if s.Err == "" {
				revisions++
			}
		case RoleEvaluate:
			if s.Err == "" && (bestStep < 0 || s.Decision.Score >= bestScore) {
				bestStep, bestScore = i, s.Decision.Score
			}
		default:
			t.Fatalf("Trace[%d].Role = %q", i, s.Role)
		}
	}
	assert.Equal(t, revisions, res.Revisions, "Revisions == successful revise steps")
	assert.Equal(t, cost, res.Cost, "Cost == sum of step costs")

	switch res.Outcome {
	case OutcomeSucceeded:
		require.NotEmpty(t, res.Trace)
		last := res.Trace[len(res.Trace)-1]
		assert.Equal(t, RoleEvaluate, last.Role)
		assert.Equal(t, evaluator.StatusPass, last.Decision.Status)
		assert.Equal(t, len(res.Trace)-1, res.CandidateStep)
		assert.Equal(t, evaluator.StatusPass, res.Decision.Status)
	case OutcomeBlocked:
		assert.Equal(t, evaluator.StatusBlock, res.Decision.Status)
		assert.Equal(t, bestStep, res.CandidateStep, "best-scoring step (ties: latest)")
	case OutcomeEscalated:
		assert.Equal(t, evaluator.StatusEscalate, res.Decision.Status)
		assert.Equal(t, bestStep, res.CandidateStep, "best-scoring step (ties: latest)")
	default:
		assert.Equal(t, bestStep, res.CandidateStep, "best-scoring step (ties: latest)")
	}
	if res.CandidateStep >= 0 {
		s := res.Trace[res.CandidateStep]
		assert.Equal(t, RoleEvaluate, s.Role)
		assert.Equal(t, s.Candidate, res.Candidate, "Candidate == the candidate of the recorded step")
	} else {
		assert.Equal(t, "", res.Candidate, "no judged candidate: zero value")
	}
}
