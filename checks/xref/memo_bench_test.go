package xref_test

import (
	"context"
	"strings"
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

// BenchmarkSelfRefManyFindings runs the self-reference check, on a prepared
// document as a suite runs it, over 800 KB of one dangling reference a
// line (16,000 findings): each finding asks whether a line opens with the
// reference, which the index of line openings answers without reading the
// text again (it took 5 s when every finding read every line).
func BenchmarkSelfRefManyFindings(b *testing.B) {
	text := "## Recommendations\n\n1. Do x.\n2. Do y.\n\n" + strings.Repeat("As set out in Recommendation 9 of this memo, act.\n", 16000)
	c := xref.NewSelfReferenceCheck()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if fs := c.Check(check.Prepare(check.Document{Text: text, Kind: evaluator.KindReviewMemo})); len(fs) != 16000 {
			b.Fatalf("%d findings, want 16000", len(fs))
		}
	}
}
