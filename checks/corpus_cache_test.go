package checks_test

import (
	"context"
	"sync"
	"testing"

	"github.com/evalopt/evalopt/checks"
	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/evaluator"
)

// The corpus tests (TestCorpusGate, TestCorpusPinned) each read the
// default suite's findings on every good and bad text of the corpus; the
// gate read each bad text twice. Under -race that was most of the
// module's test time, so the findings are computed once per case and
// text and shared: Evaluate is Decide(Findings), and Findings is
// deterministic, so every decision is the one the suite would return.
var corpusRuns struct {
	once  sync.Once
	suite *check.Suite
	mu    sync.Mutex
	found map[corpusRunKey][]check.Finding
}

type corpusRunKey struct{ dir, text string }

// corpusSuite returns the default suite the corpus tests share.
func corpusSuite() *check.Suite {
	corpusRuns.once.Do(func() {
		corpusRuns.suite = checks.DefaultSuite()
		corpusRuns.found = map[corpusRunKey][]check.Finding{}
	})
	return corpusRuns.suite
}

// corpusFindings returns the shared suite's findings on text as case c's
// deliverable, computed once per case and text.
func corpusFindings(t testing.TB, c *corpusCase, text string) []check.Finding {
	t.Helper()
	s := corpusSuite()
	key := corpusRunKey{c.dir, text}
	corpusRuns.mu.Lock()
	fs, ok := corpusRuns.found[key]
	corpusRuns.mu.Unlock()
	if ok {
		return fs
	}
	fs, err := s.Findings(context.Background(), c.task, text)
	if err != nil {
		t.Fatalf("%s: %v", c.dir, err)
	}
	corpusRuns.mu.Lock()
	corpusRuns.found[key] = fs
	corpusRuns.mu.Unlock()
	return fs
}

// corpusEvaluator is the shared suite as an evaluator of case c's texts,
// deciding on corpusFindings.
func corpusEvaluator(t testing.TB, c *corpusCase) evaluator.Evaluator[string] {
	return evaluator.Func[string](func(_ context.Context, _ evaluator.Task, text string) (evaluator.EvaluationDecision, error) {
		return corpusSuite().Decide(corpusFindings(t, c, text)), nil
	})
}
