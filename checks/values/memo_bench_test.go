package values_test

import (
	"context"
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
