package loop

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/provider"
)

// benchRoles are no-op roles: the evaluator asks for two revisions, then
// passes. Only the loop's own work is measured.
func benchRoles() (Generator[string], evaluator.Evaluator[string], Reviser[string]) {
	instr := []string{"tighten the wording"}
	gen := GeneratorFunc[string](func(context.Context, evaluator.Task) (string, error) { return "v0", nil })
	eval := evaluator.Func[string](func(_ context.Context, _ evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		if c == "v2" {
			return evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}, nil
		}
		return evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5, RevisionInstructions: instr}, nil
	})
	rev := ReviserFunc[string](func(_ context.Context, _ evaluator.Task, c string, _ evaluator.EvaluationDecision) (string, error) {
		if c == "v0" {
			return "v1", nil
		}
		return "v2", nil
	})
	return gen, eval, rev
}

// BenchmarkRunLoop measures one whole loop with no-op roles: generate,
// three evaluations, two revisions (six role calls, six trace steps).
func BenchmarkRunLoop(b *testing.B) {
	gen, eval, rev := benchRoles()
	ctx := context.Background()
	b.ReportAllocs()
	cpu0, cpuOK := processCPU()
	for b.Loop() {
		res, err := RunLoop(ctx, refundTask, gen, eval, rev)
		if err != nil || res.Outcome != OutcomeSucceeded || res.Revisions != 2 {
			b.Fatalf("unexpected result: %v %v %d", err, res.Outcome, res.Revisions)
		}
	}
	reportCPU(b, cpu0, cpuOK, 1)
}

// BenchmarkRunLoopWithOptions adds a timeout, a cost budget and a hook,
// the configuration a production caller is likely to use.
func BenchmarkRunLoopWithOptions(b *testing.B) {
	gen, eval, rev := benchRoles()
	ctx := context.Background()
	steps := 0
	opts := []Option{
		WithTimeout(time.Minute), WithMaxCost(100), WithStallLimit(3),
		WithHooks(Hooks[string]{AfterCall: func(_ context.Context, _ Step[string]) { steps++ }}),
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RunLoop(ctx, refundTask, gen, eval, rev, opts...); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecide measures the pure decision function alone.
func BenchmarkDecide(b *testing.B) {
	d := revise(0.5, "x")
	s := State{MaxRevisions: 2}
	b.ReportAllocs()
	for b.Loop() {
		_ = checkedDecide(s, refundTask, d)
	}
}

// BenchmarkConcurrentLoops10k compares 10,000 concurrent loops with 10,000
// bare loops making the same role calls. Each role call sleeps 10 ms to
// stand in for a model call (six calls per loop: generate, then evaluate
// and revise until the third evaluation passes). A bare loop is those
// calls in a plain for-loop on its goroutine: what a caller without this
// package would write. One op runs one batch of each kind, in rotating
// order, so that all see the same machine; "ratio" is the loops'
// throughput over the bare loops' (1 means the loop costs nothing at that
// scale; the goal is at least 0.9), and the CPU time per loop of each is
// reported beside it.
//
// Two more kinds of hand-written loop show what a loop's promises cost
// before any code of this package runs. A traced loop is a bare loop that
// also records a trace (one Step per call) and hands it back, as RunLoop
// hands back its Result: "traced-ratio". A guarded loop is a traced loop
// that also keeps RunLoop's promises around every call: the calls run
// under a context carrying a cost meter and the loop's deadline, each call
// recovers a panic, the meter and the clock are read after it, the caller's
// context is checked and the decision validated: "guarded-ratio". On a
// machine where the batches are bound by CPU, a ratio is about the ratio
// of CPU per loop.
func BenchmarkConcurrentLoops10k(b *testing.B) {
	const loops = 10000
	const latency = 10 * time.Millisecond
	gen0, eval0, rev0 := benchRoles()
	var calls atomic.Int64
	gen := GeneratorFunc[string](func(ctx context.Context, t evaluator.Task) (string, error) {
		calls.Add(1)
		time.Sleep(latency)
		return gen0.Generate(ctx, t)
	})
	eval := evaluator.Func[string](func(ctx context.Context, t evaluator.Task, c string) (evaluator.EvaluationDecision, error) {
		calls.Add(1)
		time.Sleep(latency)
		return eval0.Evaluate(ctx, t, c)
	})
	rev := ReviserFunc[string](func(ctx context.Context, t evaluator.Task, c string, d evaluator.EvaluationDecision) (string, error) {
		calls.Add(1)
		time.Sleep(latency)
		return rev0.Revise(ctx, t, c, d)
	})
	ctx := context.Background()
	var failed atomic.Int64
	withLoop := func() {
		res, err := RunLoop(ctx, refundTask, gen, eval, rev, WithTimeout(time.Minute))
		if err != nil || res.Outcome != OutcomeSucceeded || len(res.Trace) != 6 {
			failed.Add(1)
		}
	}
	bare := func() {
		c, err := gen.Generate(ctx, refundTask)
		for err == nil {
			var d evaluator.EvaluationDecision
			if d, err = eval.Evaluate(ctx, refundTask, c); err != nil || d.Status == evaluator.StatusPass {
				break
			}
			c, err = rev.Revise(ctx, refundTask, c, d)
		}
		if err != nil {
			failed.Add(1)
		}
	}
	traced := func() {
		trace := make([]Step[string], 0, 6)
		c, err := gen.Generate(ctx, refundTask)
		trace = append(trace, Step[string]{Index: len(trace), Role: RoleGenerate, Candidate: c, Start: time.Now()})
		for err == nil {
			var d evaluator.EvaluationDecision
			d, err = eval.Evaluate(ctx, refundTask, c)
			trace = append(trace, Step[string]{Index: len(trace), Role: RoleEvaluate, Candidate: c, Decision: d, Start: time.Now()})
			if err != nil || d.Status == evaluator.StatusPass {
				break
			}
			c, err = rev.Revise(ctx, refundTask, c, d)
			trace = append(trace, Step[string]{Index: len(trace), Role: RoleRevise, Candidate: c, Start: time.Now()})
		}
		handBack(trace)
		if err != nil || len(trace) != 6 {
			failed.Add(1)
		}
	}
	guarded := func() {
		lctx, meter := provider.WithCostMeter(ctx)
		defer meter.Close()
		lctx, cancel := context.WithDeadlineCause(lctx, time.Now().Add(time.Minute), errLoopTimeout)
		defer cancel()
		trace := make([]Step[string], 0, 6)
		start := time.Now()
		record := func(role Role, c string, d evaluator.EvaluationDecision) {
			cost, _, _ := meter.Take()
			now := time.Now()
			trace = append(trace, Step[string]{Index: len(trace), Role: role, Candidate: c, Decision: d, Start: start, Duration: now.Sub(start), Cost: cost})
			start = now
		}
		c, err := recovered(func() (string, error) { return gen.Generate(lctx, refundTask) })
		record(RoleGenerate, c, evaluator.EvaluationDecision{})
		for err == nil && ctx.Err() == nil {
			var d evaluator.EvaluationDecision
			d, err = recovered(func() (evaluator.EvaluationDecision, error) { return eval.Evaluate(lctx, refundTask, c) })
			record(RoleEvaluate, c, d)
			if err != nil || ctx.Err() != nil || d.Validate() != nil || d.Status == evaluator.StatusPass {
				break
			}
			c, err = recovered(func() (string, error) { return rev.Revise(lctx, refundTask, c, d) })
			record(RoleRevise, c, evaluator.EvaluationDecision{})
		}
		handBack(trace)
		if err != nil || len(trace) != 6 {
			failed.Add(1)
		}
	}
	// batch runs f on loops goroutines at once and returns the wall and
	// CPU time they took.
	batch := func(f func()) (wall, cpu time.Duration) {
		cpu0, _ := processCPU()
		start := time.Now()
		var wg sync.WaitGroup
		for range loops {
			wg.Add(1)
			go func() {
				defer wg.Done()
				f()
			}()
		}
		wg.Wait()
		wall = time.Since(start)
		cpu1, _ := processCPU()
		return wall, cpu1 - cpu0
	}
	// The kinds of batch, in an order that rotates with each op.
	kinds := []func(){bare, withLoop, traced, guarded}
	var wall, cpu [4]time.Duration
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		calls.Store(0)
		for k := range kinds {
			k = (k + n) % len(kinds)
			w, c := batch(kinds[k])
			wall[k], cpu[k] = wall[k]+w, cpu[k]+c
		}
		n++
		if f := failed.Load(); f > 0 {
			b.Fatalf("%d loops did not succeed", f)
		}
		if got, want := calls.Load(), int64(len(kinds)*6*loops); got != want {
			b.Fatalf("%d role calls, want %d", got, want)
		}
	}
	b.ReportMetric(float64(wall[0])/float64(wall[1]), "ratio")
	b.ReportMetric(float64(wall[0])/float64(wall[2]), "traced-ratio")
	b.ReportMetric(float64(wall[0])/float64(wall[3]), "guarded-ratio")
	b.ReportMetric(float64(loops*n)/wall[1].Seconds(), "loops/s")
	b.ReportMetric(float64(loops*n)/wall[0].Seconds(), "bare-loops/s")
	if _, ok := processCPU(); ok {
		b.ReportMetric(float64(cpu[1])/float64(loops*n), "cpu-ns/loop")
		b.ReportMetric(float64(cpu[0])/float64(loops*n), "cpu-ns/bare-loop")
		b.ReportMetric(float64(cpu[2])/float64(loops*n), "cpu-ns/traced-loop")
		b.ReportMetric(float64(cpu[3])/float64(loops*n), "cpu-ns/guarded-loop")
	}
}

// handedBack is where the hand-written loops of BenchmarkConcurrentLoops10k
// hand their traces, as RunLoop hands its Result to its caller: a trace
// that leaves its function lives on the heap, where the collector has to
// see it, while one that stays local can live on the stack, which would
// make recording look cheaper than it is.
var handedBack atomic.Pointer[[]Step[string]]

// handBack hands trace back.
func handBack(trace []Step[string]) { handedBack.Store(&trace) }

// recovered calls f, turning a panic into an error, as RunLoop does for
// every role call.
func recovered[T any](f func() (T, error)) (v T, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return f()
}

// reportCPU reports the process CPU time spent per loop since cpu0 (it
// includes the runtime's own background work, such as the GC).
func reportCPU(b *testing.B, cpu0 time.Duration, ok bool, loops int) {
	if cpu1, ok1 := processCPU(); ok && ok1 {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N)/float64(loops), "cpu-ns/loop")
	}
}

// BenchmarkMachine drives the machine alone through the loop of
// BenchmarkRunLoop (six calls), with the calls' outcomes ready-made and a
// fixed clock: what any driver pays for the loop itself.
func BenchmarkMachine(b *testing.B) {
	instr := []string{"tighten the wording"}
	outcomes := []CallResult[string]{
		{Candidate: "v0"},
		{Decision: evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5, RevisionInstructions: instr}},
		{Candidate: "v1"},
		{Decision: evaluator.EvaluationDecision{Status: evaluator.StatusRevise, Score: 0.5, RevisionInstructions: instr}},
		{Candidate: "v2"},
		{Decision: evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 0.9}},
	}
	cfg := Config{MaxRevisions: defaultMaxRevisions, Attempts: 1}
	now := time.Now()
	b.ReportAllocs()
	for b.Loop() {
		m, err := Start[string](now, cfg, refundTask)
		if err != nil {
			b.Fatal(err)
		}
		for _, o := range outcomes {
			if m.Next(now).Kind != CallRole {
				b.Fatal("no call")
			}
			m.Record(now, o)
		}
		if res, _ := m.Finish(now); res.Outcome != OutcomeSucceeded {
			b.Fatal(res.Outcome)
		}
	}
}
