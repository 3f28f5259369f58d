package loop

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/evalopt/evalopt/evaluator"
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

// BenchmarkRunLoopWithOptions adds a timeout, a cost budget and an observer,
// the configuration a production caller is likely to use.
func BenchmarkRunLoopWithOptions(b *testing.B) {
	gen, eval, rev := benchRoles()
	ctx := context.Background()
	steps := 0
	opts := []Option{
		WithTimeout(time.Minute), WithMaxCost(100), WithStallLimit(3),
		WithObserver(func(Step[string]) { steps++ }),
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
		_ = Decide(s, refundTask, d)
	}
}

// BenchmarkConcurrentLoops10k compares 10,000 concurrent loops with 10,000
// bare loops making the same role calls. Each role call sleeps 10 ms to
// stand in for a model call (six calls per loop: generate, then evaluate
// and revise until the third evaluation passes). A bare loop is those
// calls in a plain for-loop on its goroutine: what a caller without this
// package would write. One op runs one batch of each, in rotating
// order, so that both see the same machine; "ratio" is the loops'
// throughput over the bare loops' (1 means the loop costs nothing at that
// scale; the goal is at least 0.9), and the CPU time per loop of each is
// reported beside it. A third batch, a bare loop that also keeps a trace
// (one Step per call), gives "traced-ratio": what recording alone costs
// at that scale.
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
	// traced is a bare loop that also records what a trace holds (one
	// Step per call, with its start time): the least any loop that keeps
	// a trace can cost.
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
	// The three kinds of batch, in an order that rotates with each op.
	kinds := []func(){bare, withLoop, traced}
	var wall, cpu [3]time.Duration
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
		if got := calls.Load(); got != 3*6*loops {
			b.Fatalf("%d role calls, want %d", got, 3*6*loops)
		}
	}
	b.ReportMetric(float64(wall[0])/float64(wall[1]), "ratio")
	b.ReportMetric(float64(wall[0])/float64(wall[2]), "traced-ratio")
	b.ReportMetric(float64(loops*n)/wall[1].Seconds(), "loops/s")
	b.ReportMetric(float64(loops*n)/wall[0].Seconds(), "bare-loops/s")
	if _, ok := processCPU(); ok {
		b.ReportMetric(float64(cpu[1])/float64(loops*n), "cpu-ns/loop")
		b.ReportMetric(float64(cpu[0])/float64(loops*n), "cpu-ns/bare-loop")
		b.ReportMetric(float64(cpu[2])/float64(loops*n), "cpu-ns/traced-loop")
	}
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
	cfg := Config{MaxRevisions: DefaultMaxRevisions, Attempts: 1}
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
