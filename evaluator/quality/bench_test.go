package quality

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// BenchmarkMeasure measures the runner's own overhead: 1,000 cases with an
// evaluator that returns at once, so the figure is scheduling, timing,
// cost metering, validation and report building per run.
func BenchmarkMeasure(b *testing.B) {
	cases := make([]Case, 1000)
	for i := range cases {
		cases[i] = Case{ID: "c" + strconv.Itoa(i), Candidate: "candidate", HumanLabel: evaluator.StatusPass,
			Expected: ExpectedDecision{Status: evaluator.StatusPass}}
	}
	d := evaluator.EvaluationDecision{Status: evaluator.StatusPass, Score: 1}
	ev := evaluator.Func[string](func(context.Context, evaluator.Task, string) (evaluator.EvaluationDecision, error) {
		return d, nil
	})
	for _, conc := range []int{1, 0} {
		name := "concurrency=" + strconv.Itoa(conc)
		if conc == 0 {
			name = "concurrency=GOMAXPROCS"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Measure(context.Background(), ev, cases, WithParallelCalls(conc)); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(cases)), "ns/call")
		})
	}
}

// BenchmarkParseCases measures loading the 18-case starter set from memory.
func BenchmarkParseCases(b *testing.B) {
	data, err := os.ReadFile("testdata/evaluator_cases.json")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := parseCases("", data); err != nil {
			b.Fatal(err)
		}
	}
}
