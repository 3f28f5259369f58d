package checks_test

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
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
	once        sync.Once
	suite       *check.Suite
	mu          sync.Mutex
	found       map[corpusRunKey][]check.Finding
	prefetch    sync.Once
	prefetchErr error
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
	fs, err := findCorpus(s, c, text)
	if err != nil {
		t.Fatalf("%s: %v", c.dir, err)
	}
	return fs
}

// findCorpus runs s on text as case c's deliverable and keeps the findings.
func findCorpus(s *check.Suite, c *corpusCase, text string) ([]check.Finding, error) {
	fs, err := s.Findings(context.Background(), c.task, text)
	if err != nil {
		return nil, err
	}
	corpusRuns.mu.Lock()
	corpusRuns.found[corpusRunKey{c.dir, text}] = fs
	corpusRuns.mu.Unlock()
	return fs, nil
}

// prefetchCorpus computes the findings on every good and bad text of
// cases, GOMAXPROCS at a time, the first time it is called: the corpus
// tests then read them in their own order.
func prefetchCorpus(t testing.TB, cases []*corpusCase) {
	t.Helper()
	s := corpusSuite()
	corpusRuns.prefetch.Do(func() {
		type job struct {
			c    *corpusCase
			text string
		}
		var jobs []job
		for _, c := range cases {
			jobs = append(jobs, job{c, c.good})
			for _, b := range c.Bad {
				text, _, _ := c.plant(b)
				jobs = append(jobs, job{c, text})
			}
		}
		errs := make([]error, len(jobs))
		var next atomic.Int64
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := int(next.Add(1) - 1); i < len(jobs); i = int(next.Add(1) - 1) {
					_, errs[i] = findCorpus(s, jobs[i].c, jobs[i].text)
				}
			}()
		}
		wg.Wait()
		corpusRuns.prefetchErr = errors.Join(errs...)
	})
	if corpusRuns.prefetchErr != nil {
		t.Fatal(corpusRuns.prefetchErr)
	}
}

// corpusEvaluator is the shared suite as an evaluator of case c's texts,
// deciding on corpusFindings.
func corpusEvaluator(t testing.TB, c *corpusCase) evaluator.Evaluator[string] {
	return evaluator.Func[string](func(_ context.Context, _ evaluator.Task, text string) (evaluator.EvaluationDecision, error) {
		return corpusSuite().Decide(corpusFindings(t, c, text)), nil
	})
}
