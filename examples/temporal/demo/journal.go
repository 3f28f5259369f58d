package demo

import (
	"context"
	"encoding/json"
	"io"
	"sync"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

// Entry is one line of a journal: a role call that started, or returned.
type Entry struct {
	// Event is "start" or "done".
	Event string `json:"event"`
	// Key identifies the call across attempts (the worker uses the
	// workflow and activity IDs).
	Key string `json:"key"`
	// Attempt is the engine's attempt number of the call.
	Attempt int `json:"attempt"`
	// Role is the role called.
	Role loop.Role `json:"role"`
}

// Journaled returns roles that write an Entry to w when each call starts
// and when it returns, one JSON line per Write (so that a file opened for
// appending keeps every line whole even if the process is killed). id
// names the call running under ctx. The journal is what shows which calls
// ran twice.
func Journaled(r loop.Roles[string], w io.Writer, id func(ctx context.Context) (key string, attempt int)) loop.Roles[string] {
	var mu sync.Mutex
	log := func(ctx context.Context, event string, role loop.Role) {
		key, attempt := id(ctx)
		line, _ := json.Marshal(Entry{Event: event, Key: key, Attempt: attempt, Role: role})
		mu.Lock()
		defer mu.Unlock()
		_, _ = w.Write(append(line, '\n'))
	}
	gen, eval, rev := r.Generator, r.Evaluator, r.Reviser
	r.Generator = loop.GeneratorFunc[string](func(ctx context.Context, t evaluator.Task) (string, error) {
		log(ctx, "start", loop.RoleGenerate)
		defer log(ctx, "done", loop.RoleGenerate)
		return gen.Generate(ctx, t)
	})
	r.Evaluator = evaluator.Func[string](func(ctx context.Context, t evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		log(ctx, "start", loop.RoleEvaluate)
		defer log(ctx, "done", loop.RoleEvaluate)
		return eval.Evaluate(ctx, t, c)
	})
	r.Reviser = loop.ReviserFunc[string](func(ctx context.Context, t evaluator.Task, c string, d evaluator.EvaluationDecision) (string, error) {
		log(ctx, "start", loop.RoleRevise)
		defer log(ctx, "done", loop.RoleRevise)
		return rev.Revise(ctx, t, c, d)
	})
	return r
}
