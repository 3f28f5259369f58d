package checks

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/evalopt/evalopt/evaluator"
)

// inlineDefRe matches a defining parenthetical such as (the "Initial Term").
var inlineDefRe = regexp.MustCompile(` \((?:the |each a )"[^"]+"\)`)

// adversarialSize is the size of BenchmarkSuiteAdversarial's input; a
// variable so that a profile can be taken on a smaller one.
var adversarialSize = benchSize

// benchSize is the size of the benchmark contract.
const benchSize = 1 << 20

var (
	benchOnce sync.Once
	benchText string
)

// benchContract builds a 1 MB contract from the clean twin: the body
// (Sections 1 to 13, without the definitions list and the defining
// parentheticals, so that terms are not defined twice) is repeated as regional annexes, "# Annex k", each of which
// refers to itself, until the text reaches 1 MB. Numbers inside an annex
// belong to its scope, so the result is as clean as the twin.
func benchContract(tb testing.TB) string {
	benchOnce.Do(func() {
		b, err := os.ReadFile("testdata/contract_clean.md")
		if err != nil {
			tb.Fatal(err)
		}
		clean := string(b)
		start := strings.Index(clean, "## 1. Definitions")
		end := strings.Index(clean, "IN WITNESS WHEREOF")
		memo := strings.Index(clean, "# Review Memorandum")
		if start < 0 || end < 0 || memo < 0 {
			tb.Fatal("clean twin lacks the expected landmarks")
		}
		var body strings.Builder
		for _, ln := range strings.SplitAfter(clean[start:end], "\n") {
			if !strings.HasPrefix(ln, "- \"") {
				body.WriteString(ln)
			}
		}
		// Inline definitions stay in the original body only.
		annex := inlineDefRe.ReplaceAllString(body.String(), "")
		var sb strings.Builder
		sb.Grow(benchSize + 64<<10)
		sb.WriteString(clean[:memo])
		for k := 1; sb.Len()+len(clean)-memo < benchSize; k++ {
			fmt.Fprintf(&sb, "# Annex %d – Regional Terms\n\nThis Annex %d applies the terms below to region %d of the Customer network.\n\n", k, k, k)
			sb.WriteString(annex)
		}
		sb.WriteString(clean[memo:])
		benchText = sb.String()
	})
	return benchText
}

func TestBenchContractIsClean(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 1 MB document")
	}
	text := benchContract(t)
	if len(text) < benchSize {
		t.Fatalf("benchmark contract is %d bytes, want at least %d", len(text), benchSize)
	}
	for _, doc := range benchDocuments(t, text) {
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

// benchDocuments returns the 1 MB text as the kind-aware default suite sees
// it: as a contract (the heaviest path: definitions, completeness,
// cross-references, consistency) and as a review memo whose source is the
// contract part (recommendations, findings, references resolved against the
// 1 MB source, quotations verified against it).
func benchDocuments(tb testing.TB, text string) []Document {
	contract := reviewDocument(tb, text)
	contract.Kind = evaluator.KindContract
	memo := reviewDocument(tb, text)
	memo.Kind = evaluator.KindReviewMemo
	memo.Source = memo.Evidence[0].Content
	return []Document{contract, memo}
}

// benchSuite is the default suite less the memo's summary section: the
// fixture memo opens with its findings.
func benchSuite(tb testing.TB, workers int) *Suite {
	s, err := NewSuite(DefaultChecks(), WithConcurrency(workers),
		WithRequiredSections(evaluator.KindReviewMemo, DefaultSections()[evaluator.KindReviewMemo][1:]...))
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// BenchmarkSuite runs the kind-aware default suite on the 1 MB contract on
// one core and on GOMAXPROCS, as a contract and (the "review-" variants) as
// a review memo whose source is the contract.
func BenchmarkSuite(b *testing.B) {
	text := benchContract(b)
	docs := benchDocuments(b, text)
	for _, v := range []struct {
		name    string
		workers int
		doc     Document
	}{{"one-core", 1, docs[0]}, {"gomaxprocs", 0, docs[0]}, {"review-one-core", 1, docs[1]}} {
		name, workers, doc := v.name, v.workers, v.doc
		s := benchSuite(b, workers)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			start := processCPU()
			for b.Loop() {
				if _, err := s.Run(context.Background(), doc); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start, len(text))
		})
	}
}

// BenchmarkSuiteNonValues runs the default suite on one core without the
// three checks that read every value with its subject (values, quantity
// conflicts, consistency), on the 1 MB text as a contract and as a review
// memo: what the other checks take together, goal at most 45 cpu-ms per
// MB for each.
func BenchmarkSuiteNonValues(b *testing.B) {
	text := benchContract(b)
	docs := benchDocuments(b, text)
	var cs []Check
	for _, c := range DefaultChecks() {
		switch c.Rule() {
		case "values", "consistency":
			continue
		}
		cs = append(cs, c)
	}
	for i, variant := range []string{"contract", "review"} {
		s, err := NewSuite(cs, WithConcurrency(1),
			WithRequiredSections(evaluator.KindReviewMemo, DefaultSections()[evaluator.KindReviewMemo][1:]...))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(variant, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			start := processCPU()
			for b.Loop() {
				if _, err := s.Run(context.Background(), docs[i]); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start, len(text))
		})
	}
}

// BenchmarkCheck runs each default check on its own on the 1 MB text as a
// contract and (the "review/" variants) as a review memo, the analyses a
// Suite shares computed once beforehand, so each figure is the check's own
// cost; a check that does not fit the kind returns at once.
func BenchmarkCheck(b *testing.B) {
	text := benchContract(b)
	docs := benchDocuments(b, text)
	for i, variant := range []string{"contract", "review"} {
		doc := Prepare(docs[i])
		for _, c := range DefaultChecks() {
			c.Check(doc) // fill the shared analyses
			b.Run(variant+"/"+c.Rule(), func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				start := processCPU()
				for b.Loop() {
					c.Check(doc)
				}
				reportCPU(b, start, len(text))
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
	text := benchContract(b)
	docs := benchDocuments(b, text)
	hedge := mustCheck(NewHedgeCheck(RecommendationConfig{})).(*hedgeCheck)
	for i, variant := range []string{"contract", "review"} {
		b.Run(variant, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			start := processCPU()
			for b.Loop() {
				doc := Prepare(docs[i])
				a := analysisOf(doc)
				a.lineIndex()
				a.wordList()
				a.spans()
				newLabelMatchesOf(doc)
				dominantNumNounOf(doc)
				if isReview(doc.Kind) {
					hedge.a.analyze(doc)
					sourceOutlineOf(doc)
					refVocabularyOf(doc, doc.Source)
				} else {
					a.definitions()
				}
			}
			reportCPU(b, start, len(text))
		})
	}
}

func BenchmarkNewLineIndex(b *testing.B) {
	text := benchContract(b)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		NewLineIndex(text)
	}
}

// reportCPU adds the process CPU time per operation ("cpu-ms/op") and the
// throughput it implies ("cpu-MB/s") to a benchmark's results. For a
// single-goroutine benchmark these are the cost on one core regardless of
// how busy the machine is; with several goroutines they are the total over
// all cores.
func reportCPU(b *testing.B, start time.Duration, size int) {
	cpu := processCPU() - start
	if cpu <= 0 || b.N == 0 {
		return
	}
	perOp := cpu.Seconds() / float64(b.N)
	b.ReportMetric(perOp*1e3, "cpu-ms/op")
	b.ReportMetric(float64(size)/perOp/1e6, "cpu-MB/s")
}

// BenchmarkSuiteAdversarial runs the suite on 1 MB built to provoke
// quadratic behaviour: one line with no breaks, unmatched curly quotes and
// brackets, underscores, "score" triggers, number-word parentheses, "the"
// before Title Case runs and reference keywords. Its throughput should be of
// the same order as the contract's.
func BenchmarkSuiteAdversarial(b *testing.B) {
	unit := `“open [DATE ____ score: 0.5 ten (10) the Alpha Beta Gamma Section 1.2 Exhibit Z ("Term") the Term is $5 `
	text := strings.Repeat(unit, adversarialSize/len(unit)+1)
	s, err := NewSuite(DefaultChecks(), WithConcurrency(1))
	if err != nil {
		b.Fatal(err)
	}
	doc := Document{Text: text}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	start := processCPU()
	for b.Loop() {
		if _, err := s.Run(context.Background(), doc); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start, len(text))
}
