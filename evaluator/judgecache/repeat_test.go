package judgecache_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
	"github.com/evalopt/evalopt/evaluator/quality"
	"github.com/evalopt/evalopt/loop"
)

// storeRuns gives, per store, a function returning the store of each run:
// the same MemoryStore (one process), or a new DiskStore on the same
// folder (a new process).
func storeRuns(t *testing.T) map[string]func() judgecache.CacheStore {
	mem, err := judgecache.NewMemoryStore(0)
	require.NoError(t, err)
	dir := t.TempDir()
	return map[string]func() judgecache.CacheStore{
		"memory": func() judgecache.CacheStore { return mem },
		"disk": func() judgecache.CacheStore {
			s, err := judgecache.NewDiskStore(dir, 0)
			require.NoError(t, err)
			t.Cleanup(func() { s.Close() })
			return s
		},
	}
}

// citingJudge passes a candidate that cites [E1] and asks for the
// citation otherwise; it counts its calls.
func citingJudge(calls *atomic.Int64) evaluator.Evaluator[string] {
	return evaluator.WithModel(evaluator.Func[string](func(_ context.Context, _ evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		calls.Add(1)
		if strings.Contains(c, "[E1]") {
			return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9,
				Criteria: []evaluator.Criterion{{Name: "cited", Passed: true, EvidenceRefs: []string{"E1"}, Reason: "cites E1"}}}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.3, RevisionInstructions: []string{"cite [E1]"},
			Criteria: []evaluator.Criterion{{Name: "cited", EvidenceRefs: []string{}, Reason: "no citation"}}}, nil
	}), "judge-model")
}

// TestRepeatedMeasureMakesNoJudgeCalls: a second quality.Measure run over
// the same cases makes no judge call, through each store, and reports the
// same figures.
func TestRepeatedMeasureMakesNoJudgeCalls(t *testing.T) {
	ev := []evaluator.Evidence{{ID: "E1", Content: "Invoice 7: total 20.00 EUR."}}
	var cases []quality.Case
	for i := range 20 {
		c := quality.Case{ID: fmt.Sprint("c", i), Candidate: fmt.Sprintf("Refund %d of 20.00 [E1].", i), AvailableEvidence: ev,
			Expected: quality.ExpectedDecision{Status: evaluator.StatusPass}}
		if i%3 == 0 {
			c.Candidate = fmt.Sprintf("Refund %d of 20.00.", i)
			c.Expected = quality.ExpectedDecision{Status: evaluator.StatusRevise, MustNotPass: true}
		}
		cases = append(cases, c)
	}
	for name, next := range storeRuns(t) {
		t.Run(name, func(t *testing.T) {
			var calls atomic.Int64
			var reports []quality.Report
			for run := range 2 {
				c, err := judgecache.NewCache(citingJudge(&calls), nil, next())
				require.NoError(t, err)
				before := calls.Load()
				r, err := quality.Measure(context.Background(), c, cases)
				require.NoError(t, err)
				reports = append(reports, r)
				if run == 1 {
					assert.Equal(t, before, calls.Load(), "the second run makes no judge call")
					assert.Equal(t, int64(len(cases)), c.Stats().Hits)
				}
			}
			assert.Equal(t, int64(len(cases)), calls.Load())
			assert.Equal(t, reports[0].Confusion, reports[1].Confusion)
			assert.Equal(t, reports[0].FalseApprovalRate, reports[1].FalseApprovalRate)
		})
	}
}

// TestRepeatedLoopMakesNoJudgeCalls: a second loop over the same task
// makes no judge call, through each store; the outcome is the same and
// the trace marks every evaluation as cached.
func TestRepeatedLoopMakesNoJudgeCalls(t *testing.T) {
	task := evaluator.Task{ID: "refund-7", Input: "Reply to the refund request.", Evidence: []evaluator.Evidence{{ID: "E1", Content: "Order 7 arrived damaged."}}}
	gen := loop.GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) { return "We will refund you.", nil })
	rev := loop.ReviserFunc[string](func(_ context.Context, _ evaluator.Task, c string, _ evaluator.EvaluationDecision) (string, error) {
		if strings.Contains(c, "damaged") {
			return c + " [E1]", nil
		}
		return c + " Your order arrived damaged.", nil
	})
	for name, next := range storeRuns(t) {
		t.Run(name, func(t *testing.T) {
			var calls atomic.Int64
			var results []loop.Result[string]
			for run := range 2 {
				c, err := judgecache.NewCache(citingJudge(&calls), nil, next())
				require.NoError(t, err)
				before := calls.Load()
				res, err := loop.RunLoop(context.Background(), task, gen, c, rev, loop.WithMaxRevisions(3))
				require.NoError(t, err)
				results = append(results, res)
				if run == 1 {
					assert.Equal(t, before, calls.Load(), "the second run makes no judge call")
				}
			}
			assert.Equal(t, int64(3), calls.Load())
			assert.Equal(t, loop.OutcomeSucceeded, results[1].Outcome)
			assert.Equal(t, results[0].Candidate, results[1].Candidate)
			evaluated := 0
			for _, s := range results[1].Trace {
				if s.Role == loop.RoleEvaluate {
					evaluated++
					assert.True(t, judgecache.IsCached(s.Decision), "step %d is marked cached", s.Index)
					assert.Contains(t, hitReason(s.Decision), "ago")
				}
			}
			assert.Equal(t, 3, evaluated)
		})
	}
}
