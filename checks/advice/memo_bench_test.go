package advice

import (
	"testing"

	"github.com/evalopt/evalopt/checks/check"
	"github.com/evalopt/evalopt/checks/checktest"
	"github.com/evalopt/evalopt/checks/internal/benchtext"
	"github.com/evalopt/evalopt/checks/internal/text"
	"github.com/evalopt/evalopt/evaluator"
)

// BenchmarkRecommendationAnalysisMemo measures the recommendation analysis
// alone on the realistic memo (benchtext.Memo: one recommendation every
// ~490 bytes, each under a rated finding), the input on which it weighs
// most in the suite's BenchmarkMemo, less the word list the suite's other
// checks share.
func BenchmarkRecommendationAnalysisMemo(b *testing.B) {
	memo, source, err := benchtext.Memo(benchtext.MiB)
	if err != nil {
		b.Skip(err)
	}
	doc := check.Document{Text: memo, Kind: evaluator.KindReviewMemo, SourceText: source}
	a, err := newRecommendationAnalyzer(RecommendationConfig{})
	if err != nil {
		b.Fatal(err)
	}
	words := text.WordSpans(doc.Text)
	b.SetBytes(int64(len(doc.Text)))
	b.ReportAllocs()
	start := checktest.ProcessCPU()
	for b.Loop() {
		d := check.Prepare(doc)
		sh := text.AnalysisOf(d)
		sh.WordsOnce.Do(func() { sh.Words = words })
		if len(a.analyzeUnits(d)) == 0 {
			b.Fatal("no recommendations in the benchmark memo")
		}
	}
	checktest.ReportCPU(b, start, len(memo))
}
