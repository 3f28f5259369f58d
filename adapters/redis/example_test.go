package redisstore_test

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	redisstore "github.com/evalopt/evalopt/adapters/redis"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

// A judge cache shared through Redis: a second process (here a second
// client, store and cache) is served the first one's decision. The
// address is the test's own redis-server; use yours.
func ExampleNew() {
	calls := 0
	judge := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		calls++
		return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
	})
	for range 2 { // two processes
		rdb := redis.NewClient(&redis.Options{Addr: shared.addr(), // e.g. "127.0.0.1:6379"
			DialTimeout: 300 * time.Millisecond, ReadTimeout: 300 * time.Millisecond, WriteTimeout: 300 * time.Millisecond})
		store, err := redisstore.New(rdb, redisstore.Options{Prefix: "example:", TTL: 24 * time.Hour, Lock: 30 * time.Second})
		if err != nil {
			fmt.Println(err)
			return
		}
		cache, _ := judgecache.NewCache[string](judge, nil, store)
		d, _ := cache.Evaluate(context.Background(), evaluator.Task{Input: "Where is my refund?"}, "It was issued on 1 May.")
		fmt.Println(d.Status, judgecache.IsCached(d))
		rdb.Close()
	}
	fmt.Println("judge calls:", calls)
	// Output:
	// pass false
	// pass true
	// judge calls: 1
}
