package judgecache_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

// keyedJudge is a digestJudge that states a key part (a rubric version).
type keyedJudge[C any] struct {
	digestJudge[C]
	version string
}

func (j *keyedJudge[C]) CacheKey(evaluator.Task, C) (judgecache.CacheKey, error) {
	return judgecache.CacheKey{Rubric: "r", RubricVersion: j.version}, nil
}

// adversarialKeys are KeyFuncs written to make the cache serve a wrong
// decision: they name no candidate, name another one, shift bytes between
// fields, change at random, fail or panic. The cache must stay right
// whatever they return.
func adversarialKeys[C any](show func(C) string) []judgecache.KeyFunc[C] {
	var n atomic.Int64
	return []judgecache.KeyFunc[C]{
		nil,
		func(evaluator.Task, C) (judgecache.CacheKey, error) { return judgecache.CacheKey{}, nil },
		func(evaluator.Task, C) (judgecache.CacheKey, error) {
			return judgecache.CacheKey{Rubric: "r", RubricVersion: "1", Prompt: "p", Model: "m", Candidate: "good draft", Salt: "s"}, nil
		},
		func(t evaluator.Task, _ C) (judgecache.CacheKey, error) {
			return judgecache.CacheKey{Prompt: t.ID}, nil
		},
		func(t evaluator.Task, c C) (judgecache.CacheKey, error) { // concatenation: "a"+"b" = "ab"+""
			return judgecache.CacheKey{Prompt: t.Input + show(c)}, nil
		},
		func(evaluator.Task, C) (judgecache.CacheKey, error) { // mimics a keyed judge's part
			return judgecache.CacheKey{Rubric: "r", RubricVersion: "1"}, nil
		},
		func(evaluator.Task, C) (judgecache.CacheKey, error) { // never the same twice
			return judgecache.CacheKey{Salt: fmt.Sprint(n.Add(1))}, nil
		},
		func(t evaluator.Task, _ C) (judgecache.CacheKey, error) {
			if len(t.Input) == 1 {
				return judgecache.CacheKey{}, errors.New("cannot key")
			}
			return judgecache.CacheKey{}, nil
		},
		func(t evaluator.Task, _ C) (judgecache.CacheKey, error) {
			if t.Kind != "" && len(t.Evidence) == 2 {
				panic("key bug")
			}
			return judgecache.CacheKey{Model: string(t.Kind)}, nil
		},
	}
}

// Failing key functions in adversarialKeys, by index: their errors are
// expected (ErrKey), never a decision.
const errKeyFunc, panicKeyFunc = 7, 8

// randomTask draws a task from tiny alphabets, so that tasks differing in
// one field, or shifting text between fields, are common.
func randomTask(r *rand.Rand) evaluator.Task {
	pick := func(ss ...string) string { return ss[r.IntN(len(ss))] }
	labels := func() map[string]string {
		switch r.IntN(4) {
		case 0:
			return nil
		case 1:
			return map[string]string{"k": "v"}
		case 2:
			return map[string]string{"k": "w"}
		}
		return map[string]string{"k": "", "kv": ""}
	}
	t := evaluator.Task{ID: pick("", "t1", "t"), Input: pick("", "a", "ab", "b"), Kind: evaluator.Kind(pick("", "memo")), Metadata: labels()}
	switch r.IntN(4) {
	case 1:
		t.Criteria = []string{"a"}
	case 2:
		t.Criteria = []string{"a", "b"}
	case 3:
		t.Criteria = []string{"ab"}
	}
	for range r.IntN(3) {
		t.Evidence = append(t.Evidence, evaluator.Evidence{ID: pick("E1", "E2"), Source: pick("", "s"), Content: pick("", "x", "xy"), Metadata: labels()})
	}
	if r.IntN(3) == 0 {
		t.Requirements = []evaluator.Requirement{{Name: pick("n", "m"), When: pick("", "a"), Needs: []string{pick("photo", "")}[:r.IntN(2)], Must: pick("", "x"), Instruction: pick("", "i")}}
	}
	return t
}

var candidatePool = []string{"", "a", "ab", "b", "a\x00b", "good draft", "bad draft", "\"a\"", "1", "null"}

// propertyCase is one evaluation of the property test.
type propertyCase struct {
	task  int  // index in the task pool
	cand  int  // index in candidatePool
	key   int  // index in adversarialKeys
	judge int  // index in the judges
	draft bool // through the Draft-typed caches
}

// runProperty evaluates n random triples through caches of four judges
// (told apart only by what they declare) and every adversarial KeyFunc,
// string- and Draft-typed, all sharing one store, from four goroutines. It
// returns the wrong decisions and the hits.
func runProperty(t *testing.T, n int, store judgecache.CacheStore) (wrong, hits int64) {
	stringJudges := []evaluator.Evaluator[string]{&digestJudge[string]{id: "j0"}, &digestJudge[string]{id: "j1", models: []string{"m1"}},
		&keyedJudge[string]{digestJudge[string]{id: "j2", models: []string{"m1"}}, "1"}, &keyedJudge[string]{digestJudge[string]{id: "j3", models: []string{"m1"}}, "2"}}
	draftJudges := []evaluator.Evaluator[Draft]{&digestJudge[Draft]{id: "j0"}, &digestJudge[Draft]{id: "j1", models: []string{"m1"}},
		&keyedJudge[Draft]{digestJudge[Draft]{id: "j2", models: []string{"m1"}}, "1"}, &keyedJudge[Draft]{digestJudge[Draft]{id: "j3", models: []string{"m1"}}, "2"}}
	ids := []string{"j0", "j1", "j2", "j3"}
	stringKeys := adversarialKeys(func(c string) string { return c })
	draftKeys := adversarialKeys(func(d Draft) string { return d.Title })
	strCaches := make([][]*judgecache.Cache[string], len(ids))
	draftCaches := make([][]*judgecache.Cache[Draft], len(ids))
	for j := range ids {
		for k := range stringKeys {
			cs, err := judgecache.NewCache(stringJudges[j], stringKeys[k], store)
			require.NoError(t, err)
			cd, err := judgecache.NewCache(draftJudges[j], draftKeys[k], store)
			require.NoError(t, err)
			strCaches[j], draftCaches[j] = append(strCaches[j], cs), append(draftCaches[j], cd)
		}
	}
	// A pool of random tasks, so that triples repeat: near-duplicates are
	// common in it (tiny alphabets), exact duplicates too.
	pool := rand.New(rand.NewPCG(42, 42))
	tasks := make([]evaluator.Task, 60)
	for i := range tasks {
		tasks[i] = randomTask(pool)
	}
	var wants sync.Map // propertyCase without key -> digest of a fresh decision
	want := func(pc propertyCase) string {
		pc.key = 0
		if w, ok := wants.Load(pc); ok {
			return w.(string)
		}
		var w string
		if pc.draft {
			w = digestOf(digestDecision(ids[pc.judge], tasks[pc.task], Draft{Title: candidatePool[pc.cand]}))
		} else {
			w = digestOf(digestDecision(ids[pc.judge], tasks[pc.task], candidatePool[pc.cand]))
		}
		wants.Store(pc, w)
		return w
	}
	var wrongN, hitsN atomic.Int64
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 7))
			for range n / 4 {
				pc := propertyCase{task: r.IntN(len(tasks)), cand: r.IntN(len(candidatePool)),
					key: r.IntN(len(stringKeys)), judge: r.IntN(len(ids)), draft: r.IntN(5) == 0}
				task := tasks[pc.task]
				var d evaluator.EvaluationDecision
				var err error
				if pc.draft {
					d, err = draftCaches[pc.judge][pc.key].Evaluate(context.Background(), task, Draft{Title: candidatePool[pc.cand]})
				} else {
					d, err = strCaches[pc.judge][pc.key].Evaluate(context.Background(), task, candidatePool[pc.cand])
				}
				switch {
				case err != nil && errors.Is(err, judgecache.ErrKey) && (pc.key == errKeyFunc || pc.key == panicKeyFunc):
				case err != nil:
					t.Errorf("%+v: %v", pc, err)
					wrongN.Add(1)
				case digestOf(d) != want(pc):
					t.Errorf("wrong decision served for %+v", pc)
					wrongN.Add(1)
				case judgecache.IsCached(d):
					hitsN.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	return wrongN.Load(), hitsN.Load()
}

// TestPropertyNoWrongDecision: 100,000 random (task, candidate, key
// function) triples (10,000 under -short), adversarial key functions
// included, through one shared memory store: no decision served differs
// from a fresh one.
// (TestPropertyDiskStore's store is small enough to evict.)
func TestPropertyNoWrongDecision(t *testing.T) {
	store, err := judgecache.NewMemoryStore(0)
	require.NoError(t, err)
	// The share of repeats grows with n (the space of triples fills):
	// over 30% at 100,000, about 16% at 10,000.
	n, minHits := 100000, int64(30000)
	if testing.Short() {
		n, minHits = 10000, 1000 // the local test command runs -short; CI runs the full property
	}
	wrong, hits := runProperty(t, n, store)
	t.Logf("%d triples: %d wrong decisions, %d served without a judge call", n, wrong, hits)
	assert.Zero(t, wrong)
	assert.Greater(t, hits, minHits, "the cache serves most repeats: the property is not vacuous")
}

// TestPropertyDiskStore: the same property through a shared DiskStore.
func TestPropertyDiskStore(t *testing.T) {
	store, err := judgecache.NewDiskStore(t.TempDir(), 1<<20)
	require.NoError(t, err)
	defer store.Close()
	n := 8000
	if testing.Short() {
		n = 2000
	}
	wrong, hits := runProperty(t, n, store)
	t.Logf("%d triples through a DiskStore: %d wrong decisions, %d served without a judge call", n, wrong, hits)
	assert.Zero(t, wrong)
	assert.Positive(t, hits)
}
