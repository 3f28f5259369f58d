package checks

import (
	"context"
	"strings"
	"testing"

	"github.com/evalopt/evalopt/checks/checktest"

	"github.com/evalopt/evalopt/checks/advice"
	"github.com/evalopt/evalopt/checks/check"
	doctext "github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/checks/structure"
	"github.com/evalopt/evalopt/checks/xref"
	"github.com/evalopt/evalopt/evaluator"
)

// adversarialSize is the size of BenchmarkSuiteAdversarial's input; a
// variable so that a profile can be taken on a smaller one.
var adversarialSize = checktest.ContractSize

func TestBenchContractIsClean(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("runs the suite on a 1 MB document: outside -race and -short")
	}
	text := checktest.Contract1MB(t)
	if len(text) < checktest.ContractSize {
		t.Fatalf("benchmark contract is %d bytes, want at least %d", len(text), checktest.ContractSize)
	}
	for _, doc := range BenchDocuments(t, text) {
		fs, err := benchSuite(t, 0).Run(context.Background(), doc)
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range fs {
			if i < 20 {
				t.Errorf("%s: finding on the benchmark contract: %s %s %q", doc.Kind, f.Location, f.Rule, f.Location.Text)
			}
		}
	}
}

// BenchDocuments returns the 1 MB text as the kind-aware default suite sees
// it: as a contract (the heaviest path: definitions, completeness,
// cross-references, consistency) and as a review memo whose source is the
// contract part (recommendations, findings, references resolved against the
// 1 MB source, quotations verified against it).
func BenchDocuments(tb testing.TB, text string) []check.Document {
	contract := reviewDocument(tb, text)
	contract.Kind = evaluator.KindContract
	memo := reviewDocument(tb, text)
	memo.Kind = evaluator.KindReviewMemo
	memo.SourceText = memo.Evidence[0].Content
	return []check.Document{contract, memo}
}

// benchSuite is the default suite less the memo's summary section: the
// fixture memo opens with its findings.
func benchSuite(tb testing.TB, workers int) *check.Suite {
	s, err := check.NewSuite(DefaultChecks(), check.WithConcurrency(workers),
		structure.WithRequiredSections(evaluator.KindReviewMemo, structure.DefaultSections()[evaluator.KindReviewMemo][1:]...))
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// BenchmarkSuite runs the kind-aware default suite on the 1 MB contract on
// one core and on GOMAXPROCS, as a contract and (the "review-" variants) as
// a review memo whose source is the contract.
func BenchmarkSuite(b *testing.B) {
	text := checktest.Contract1MB(b)
	docs := BenchDocuments(b, text)
	for _, v := range []struct {
		name    string
		workers int
		doc     check.Document
	}{{"one-core", 1, docs[0]}, {"gomaxprocs", 0, docs[0]}, {"review-one-core", 1, docs[1]}} {
		name, workers, doc := v.name, v.workers, v.doc
		s := benchSuite(b, workers)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			start := checktest.ProcessCPU()
			for b.Loop() {
				if _, err := s.Run(context.Background(), doc); err != nil {
					b.Fatal(err)
				}
			}
			checktest.ReportCPU(b, start, len(text))
		})
	}
}

// BenchmarkSuiteNonValues runs the default suite on one core without the
// three checks that read every value with its subject (values, quantity
// conflicts, consistency), on the 1 MB text as a contract and as a review
// memo: what the other checks take together, goal at most 45 cpu-ms per
// MB for each.
func BenchmarkSuiteNonValues(b *testing.B) {
	text := checktest.Contract1MB(b)
	docs := BenchDocuments(b, text)
	var cs []check.Check
	for _, c := range DefaultChecks() {
		switch c.Rule() {
		case "values", "consistency":
			continue
		}
		cs = append(cs, c)
	}
	for i, variant := range []string{"contract", "review"} {
		s, err := check.NewSuite(cs, check.WithConcurrency(1),
			structure.WithRequiredSections(evaluator.KindReviewMemo, structure.DefaultSections()[evaluator.KindReviewMemo][1:]...))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(variant, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			start := checktest.ProcessCPU()
			for b.Loop() {
				if _, err := s.Run(context.Background(), docs[i]); err != nil {
					b.Fatal(err)
				}
			}
			checktest.ReportCPU(b, start, len(text))
		})
	}
}

// BenchmarkCheck runs each default check on its own on the 1 MB text as a
// contract and (the "review/" variants) as a review memo, the analyses a
// Suite shares computed once beforehand, so each figure is the check's own
// cost; a check that does not fit the kind returns at once.
func BenchmarkCheck(b *testing.B) {
	text := checktest.Contract1MB(b)
	docs := BenchDocuments(b, text)
	for i, variant := range []string{"contract", "review"} {
		doc := check.Prepare(docs[i])
		for _, c := range DefaultChecks() {
			c.Check(doc) // fill the shared analyses
			b.Run(variant+"/"+c.Rule(), func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				start := checktest.ProcessCPU()
				for b.Loop() {
					c.Check(doc)
				}
				checktest.ReportCPU(b, start, len(text))
			})
		}
	}
}

// BenchmarkSharedAnalysis computes, per iteration and from scratch, the
// per-document analyses a Suite shares between its checks (line index,
// words, quotations and code, the recommendation analysis, new labels,
// the usual clause noun, and for the review the source's outline and
// reference words, no source cache): BenchmarkCheck's figures exclude
// them.
func BenchmarkSharedAnalysis(b *testing.B) {
	text := checktest.Contract1MB(b)
	docs := BenchDocuments(b, text)
	hedge := mustCheck(advice.NewHedgeCheck(advice.RecommendationConfig{})).(*advice.HedgeCheck)
	for i, variant := range []string{"contract", "review"} {
		b.Run(variant, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			start := checktest.ProcessCPU()
			for b.Loop() {
				doc := check.Prepare(docs[i])
				a := doctext.AnalysisOf(doc)
				a.LineIndex()
				a.WordList()
				a.Spans()
				xref.NewLabelMatchesOf(doc)
				xref.DominantNumNounOf(doc)
				if doctext.IsReview(doc.Kind) {
					hedge.A.Analyze(doc)
					xref.SourceOutlineOf(doc)
					xref.RefVocabularyOf(doc, doc.SourceText)
				} else {
					a.Definitions()
				}
			}
			checktest.ReportCPU(b, start, len(text))
		})
	}
}

func BenchmarkNewLineIndex(b *testing.B) {
	text := checktest.Contract1MB(b)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		doctext.NewLineIndex(text)
	}
}

// BenchmarkSuiteAdversarial runs the suite on 1 MB built to provoke
// quadratic behaviour: one line with no breaks, unmatched curly quotes and
// brackets, underscores, "score" triggers, number-word parentheses, "the"
// before Title Case runs and reference keywords. Its throughput should be of
// the same order as the contract's.
func BenchmarkSuiteAdversarial(b *testing.B) {
	unit := `“open [DATE ____ score: 0.5 ten (10) the Alpha Beta Gamma Section 1.2 Exhibit Z ("Term") the Term is $5 `
	text := strings.Repeat(unit, adversarialSize/len(unit)+1)
	s, err := check.NewSuite(DefaultChecks(), check.WithConcurrency(1))
	if err != nil {
		b.Fatal(err)
	}
	doc := check.Document{Text: text}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	start := checktest.ProcessCPU()
	for b.Loop() {
		if _, err := s.Run(context.Background(), doc); err != nil {
			b.Fatal(err)
		}
	}
	checktest.ReportCPU(b, start, len(text))
}
