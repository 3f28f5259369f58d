package values_test

import (
	"context"
	"errors"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/checks/internal/benchtext"
	"github.com/evalopt/evalopt/checks/values"
	"github.com/evalopt/evalopt/evaluator"
)

// BenchmarkMemoValues runs this family's checks of the default suite (the
// value check and the internal-consistency check) as a suite of their own
// on the realistic review memo of docs/performance.md (1 MB, the fixture contract as its source): the
// family's share of the memo benchmark, profiled without the others.
func BenchmarkMemoValues(b *testing.B) {
	memo, source, err := benchtext.Memo(benchtext.MiB)
	if err != nil {
		b.Fatal(err)
	}
	s, err := check.NewSuite([]check.Check{values.NewValuesCheck(), values.NewConsistencyCheck()})
	if err != nil {
		b.Fatal(err)
	}
	task := evaluator.Task{Kind: evaluator.KindReviewMemo, Evidence: []evaluator.Evidence{{ID: "source", Content: source}}}
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

// BenchmarkDDAgentsValues runs the same two checks, with no kind, on the
// kind-blind benchmark text of docs/performance.md (the dd-agents
// contracts cycled to 1 MB): the family's share of BenchmarkDDAgents/nokind,
// where contracts dense in values make the pairwise scoring count.
func BenchmarkDDAgentsValues(b *testing.B) {
	text, err := benchtext.Contracts(benchtext.ContractsDir(), benchtext.MiB)
	if errors.Is(err, benchtext.ErrNoContracts) {
		b.Skip(err)
	}
	if err != nil {
		b.Fatal(err)
	}
	s, err := check.NewSuite([]check.Check{values.NewValuesCheck(), values.NewConsistencyCheck()})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	start := checktest.ProcessCPU()
	for b.Loop() {
		if _, err := s.Evaluate(context.Background(), evaluator.Task{}, text); err != nil {
			b.Fatal(err)
		}
	}
	checktest.ReportCPU(b, start, len(text))
}
