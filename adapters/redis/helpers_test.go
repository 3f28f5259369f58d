package redisstore_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	redisstore "github.com/evalopt/evalopt/adapters/redis"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

// digestJudge is a fake judge whose decision encodes a digest of the task
// and candidate it saw: a served decision that differs from a fresh one is
// a wrong decision.
type digestJudge struct {
	calls atomic.Int64
	gate  chan struct{} // when not nil, each call waits for it
	fail  atomic.Bool
}

func (j *digestJudge) Evaluate(ctx context.Context, task evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
	j.calls.Add(1)
	if j.gate != nil {
		select {
		case <-j.gate:
		case <-ctx.Done():
			return evaluator.EvaluationDecision{}, ctx.Err()
		}
	}
	if j.fail.Load() {
		return evaluator.EvaluationDecision{}, fmt.Errorf("judge: upstream 503")
	}
	return digestDecision(task, c), nil
}

func (j *digestJudge) Models() []string { return []string{"judge-model"} }

func digestDecision(task evaluator.Task, c string) evaluator.EvaluationDecision {
	sum := sha256.Sum256(fmt.Appendf(nil, "%#v|%q", task, c))
	dig := hex.EncodeToString(sum[:])
	d := evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9,
		Criteria: []evaluator.Criterion{{Name: "digest", Passed: true, EvidenceRefs: []string{}, Reason: dig}}}
	if sum[0]&1 == 1 {
		d.Status, d.Score, d.RevisionInstructions = evaluator.StatusRevise, 0.4, []string{"fix " + dig[:8]}
	}
	return d
}

func digestOf(d evaluator.EvaluationDecision) string {
	for _, c := range d.Criteria {
		if c.Name == "digest" {
			return c.Reason
		}
	}
	return ""
}

// newStore returns a Store on the shared server under a prefix of its own.
func newStore(t testing.TB, opts redisstore.Options) *redisstore.Store {
	t.Helper()
	if opts.Prefix == "" {
		opts.Prefix = "test:" + t.Name() + ":"
	}
	s, err := redisstore.New(shared.client(t), opts)
	require.NoError(t, err)
	return s
}

func newCache(t testing.TB, j evaluator.Evaluator[string], s judgecache.CacheStore) *judgecache.Cache[string] {
	t.Helper()
	c, err := judgecache.NewCache(j, nil, s)
	require.NoError(t, err)
	return c
}

func hexKey(i int) string { return fmt.Sprintf("%064x", i) }
