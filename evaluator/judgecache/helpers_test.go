package judgecache_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"reflect"
	"sync/atomic"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
)

// digestJudge is a fake judge whose decision encodes a digest of what it
// saw (its own id, the task and the candidate, every field of each, read
// with %#v so that unexported fields count too). A served decision that
// differs from a fresh one is a wrong decision.
type digestJudge[C any] struct {
	id     string
	models []string
	calls  atomic.Int64
}

func (j *digestJudge[C]) Evaluate(_ context.Context, task evaluator.Task, c C) (evaluator.EvaluationDecision, error) {
	j.calls.Add(1)
	return digestDecision(j.id, task, c), nil
}

func (j *digestJudge[C]) Models() []string { return j.models }

// digestDecision is the decision digestJudge returns: a pass or a revise
// (by the digest's first bit) carrying the digest in a criterion.
func digestDecision(id string, task evaluator.Task, c any) evaluator.EvaluationDecision {
	sum := sha256.Sum256(fmt.Appendf(nil, "%s|%#v|%#v", id, task, c))
	dig := hex.EncodeToString(sum[:])
	d := evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9,
		Criteria: []evaluator.Criterion{{Name: "digest", Passed: true, EvidenceRefs: []string{}, Reason: dig}}}
	if sum[0]&1 == 1 {
		d.Status, d.Score, d.RevisionInstructions = evaluator.StatusRevise, 0.4, []string{"fix " + dig[:8]}
		d.Criteria[0].Passed = false
	}
	return d
}

// digestOf returns the digest a decision carries.
func digestOf(d evaluator.EvaluationDecision) string {
	for _, c := range d.Criteria {
		if c.Name == "digest" {
			return c.Reason
		}
	}
	return ""
}

// hitReason returns the reason of the cache.hit criterion, or "".
func hitReason(d evaluator.EvaluationDecision) string {
	for _, c := range d.Criteria {
		if c.Name == judgecache.CriterionCacheHit {
			return c.Reason
		}
	}
	return ""
}

// failingStore fails every call.
type failingStore struct{ gets, puts atomic.Int64 }

func (s *failingStore) Get(context.Context, string) (judgecache.Entry, bool, error) {
	s.gets.Add(1)
	return judgecache.Entry{}, false, fmt.Errorf("store down")
}

func (s *failingStore) Put(context.Context, string, judgecache.Entry) error {
	s.puts.Add(1)
	return fmt.Errorf("store down")
}

// sampleTask is a task with every field set.
func sampleTask() evaluator.Task {
	return evaluator.Task{
		ID: "t1", Input: "Reply to the refund request.", Criteria: []string{"cites the policy"},
		Evidence: []evaluator.Evidence{{ID: "E1", Source: "crm", Content: "Order 7 arrived damaged.",
			Metadata: map[string]string{"kind": "photo"}}},
		Metadata: map[string]string{"tenant": "acme"}, Kind: evaluator.Kind("customer_reply"),
		Requirements: []evaluator.Requirement{{Name: "cite", When: "refund", Needs: []string{"photo"}, Must: "E1", Instruction: "cite E1"}},
	}
}

// fieldNames lists the fields of a struct value.
func fieldNames(v any) []string {
	t := reflect.TypeOf(v)
	names := make([]string, t.NumField())
	for i := range names {
		names[i] = t.Field(i).Name
	}
	return names
}
