package checks

import (
	"context"
	"errors"
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/checks/internal/benchtext"
	"github.com/evalopt/evalopt/evaluator"
)

// ddAgentsText returns the benchmark text (the dd-agents contracts
// cycled to size), skipping when shared/ is not beside the repository.
func ddAgentsText(tb testing.TB, size int) string {
	tb.Helper()
	t, err := benchtext.Contracts(benchtext.ContractsDir(), size)
	if errors.Is(err, benchtext.ErrNoContracts) {
		tb.Skip(err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// BenchmarkDDAgents runs DefaultSuite().Evaluate on the benchmark text of
// docs/performance.md (the dd-agents contracts cycled to 1 MiB) with no
// kind and as a contract: the in-process figure behind benchtool's ratio
// to write-good.
func BenchmarkDDAgents(b *testing.B) {
	text := ddAgentsText(b, benchtext.MiB)
	s := DefaultSuite()
	for _, kind := range []evaluator.Kind{"", evaluator.KindContract} {
		name := string(kind)
		if name == "" {
			name = "nokind"
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			start := checktest.ProcessCPU()
			for b.Loop() {
				if _, err := s.Evaluate(context.Background(), evaluator.Task{Kind: kind}, text); err != nil {
					b.Fatal(err)
				}
			}
			checktest.ReportCPU(b, start, len(text))
		})
	}
}

// memoTask returns the realistic review memo of docs/performance.md
// (benchtext.Memo at size) as a review_memo task whose evidence "source"
// is the fixture's contract.
func memoTask(tb testing.TB, size int) (evaluator.Task, string) {
	tb.Helper()
	memo, source, err := benchtext.Memo(size)
	if err != nil {
		tb.Fatal(err)
	}
	return evaluator.Task{Kind: evaluator.KindReviewMemo, Evidence: []evaluator.Evidence{{ID: "source", Content: source}}}, memo
}

// BenchmarkMemo runs DefaultSuite().Evaluate on the realistic review memo
// (1 MB, one recommendation per ~490 bytes, the 46 KB fixture contract as
// its source); docs/performance.md quotes its cpu-MB/s at GOMAXPROCS=2
// (goal at least 15).
func BenchmarkMemo(b *testing.B) {
	task, memo := memoTask(b, benchtext.MiB)
	s := DefaultSuite()
	b.SetBytes(int64(len(memo)))
	b.ReportAllocs()
	start := checktest.ProcessCPU()
	for b.Loop() {
		if _, err := s.Evaluate(context.Background(), task, memo); err != nil {
			b.Fatal(err)
		}
	}
	checktest.ReportCPU(b, start, len(memo))
}

// BenchmarkLinear runs DefaultSuite().Evaluate on 1 MB and on 4 MB of the
// benchmark text (no kind, and as a contract) and of the realistic memo,
// one after the other in each iteration, and reports the CPU time of the
// 4 MB run over the 1 MB run's as "x4MB/1MB": goal at most 4.4.
func BenchmarkLinear(b *testing.B) {
	s := DefaultSuite()
	type input struct {
		task evaluator.Task
		text string
	}
	inputs := map[string]func(size int) input{
		"nokind": func(size int) input { return input{evaluator.Task{}, ddAgentsText(b, size)} },
		"contract": func(size int) input {
			return input{evaluator.Task{Kind: evaluator.KindContract}, ddAgentsText(b, size)}
		},
		"memo": func(size int) input { task, memo := memoTask(b, size); return input{task, memo} },
	}
	for _, name := range []string{"nokind", "contract", "memo"} {
		small, large := inputs[name](benchtext.MiB), inputs[name](4*benchtext.MiB)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var cpu [2]float64
			for b.Loop() {
				for i, in := range []input{small, large} {
					start := checktest.ProcessCPU()
					if _, err := s.Evaluate(context.Background(), in.task, in.text); err != nil {
						b.Fatal(err)
					}
					cpu[i] += (checktest.ProcessCPU() - start).Seconds()
				}
			}
			if cpu[0] > 0 {
				b.ReportMetric(cpu[1]/cpu[0], "x4MB/1MB")
				b.ReportMetric(float64(len(small.text))/(cpu[0]/float64(b.N))/1e6, "cpu-MB/s-1MB")
				b.ReportMetric(float64(len(large.text))/(cpu[1]/float64(b.N))/1e6, "cpu-MB/s-4MB")
			}
		})
	}
}
