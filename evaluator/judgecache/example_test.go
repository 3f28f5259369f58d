package judgecache_test

import (
	"context"
	"fmt"
	"os"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

// The second identical call is served from the cache and marked so; a
// different candidate is judged, whatever the KeyFunc says.
func ExampleNewCache() {
	calls := 0
	judge := evaluator.Func[string](func(_ context.Context, _ evaluator.Task, reply string) (evaluator.EvaluationDecision, error) {
		calls++
		if reply == "It was issued on 1 May." {
			return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.2, RevisionInstructions: []string{"say when"}}, nil
	})
	// The KeyFunc adds to the key (here: a deployment salt); the cache keys
	// the candidate, the task and the judge's models itself.
	salt := func(evaluator.Task, string) (judgecache.CacheKey, error) {
		return judgecache.CacheKey{Salt: "temperature=0"}, nil
	}
	cache, err := judgecache.NewCache(evaluator.WithModel(judge, "judge-model-1"), salt, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	task := evaluator.Task{Input: "Where is my refund?"}
	for _, reply := range []string{"It was issued on 1 May.", "It was issued on 1 May.", "Soon."} {
		d, _ := cache.Evaluate(context.Background(), task, reply)
		fmt.Println(d.Status, judgecache.IsCached(d))
	}
	st := cache.Stats()
	fmt.Println("judge calls:", calls, "hits:", st.Hits, "misses:", st.Misses)
	// Output:
	// pass false
	// pass true
	// revise false
	// judge calls: 2 hits: 1 misses: 2
}

// A DiskStore outlives the process: a second Cache on the same folder (a
// re-run, another worker on the machine) makes no judge call.
func ExampleNewDiskStore() {
	dir, _ := os.MkdirTemp("", "judgecache")
	defer os.RemoveAll(dir)
	calls := 0
	judge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		calls++
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}, nil
	})
	for range 2 { // two runs, as two processes would
		store, err := judgecache.NewDiskStore(dir, 64<<20)
		if err != nil {
			fmt.Println(err)
			return
		}
		cache, _ := judgecache.NewCache[string](judge, nil, store)
		d, _ := cache.Evaluate(context.Background(), evaluator.Task{Input: "q"}, "answer")
		fmt.Println(d.Status, judgecache.IsCached(d))
		store.Close()
	}
	fmt.Println("judge calls:", calls)
	// Output:
	// pass false
	// pass true
	// judge calls: 1
}
