package xref_test

import (
	"context"
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/checks/internal/benchtext"
	"github.com/evalopt/evalopt/checks/xref"
	"github.com/evalopt/evalopt/evaluator"
)

// BenchmarkMemoXref runs this family's checks of the default suite (cross
// references, references to the deliverable's own parts, list numbering)
// as a suite of their own on the realistic review memo of
// docs/performance.md (1 MB, the fixture contract as its source): the
// family's share of the memo benchmark, profiled without the others.
func BenchmarkMemoXref(b *testing.B) {
	memo, source, err := benchtext.Memo(benchtext.MiB)
	if err != nil {
		b.Fatal(err)
	}
	s, err := check.NewSuite([]check.Check{xref.NewXrefCheck(), xref.NewSelfReferenceCheck(), xref.NewListNumberingCheck()})
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
