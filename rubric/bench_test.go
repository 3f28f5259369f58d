package rubric

import (
	"context"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

func BenchmarkJudge(b *testing.B) {
	r := Deliverable()
	in := scores(0.8, map[string]float64{CitationValidity: 0.4})
	in.Scores[1].Issues = []string{"clause 7.2 does not exist"}
	in.AutoFails = []AutoFail{{Dimension: FactualCorrectness, Reason: "invented figure", RaisedBy: RaisedByJudge}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Verdict(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecision(b *testing.B) {
	v, err := Deliverable().Verdict(scores(0.7, nil))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = v.Decision()
	}
}

func BenchmarkParseJudgeOutput(b *testing.B) {
	r := Deliverable()
	raw := append([]byte("```json\n"), marshal(b, goodOutput(0.8))...)
	raw = append(raw, "\n```"...)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseJudgeOutput(raw, r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRenderPrompt(b *testing.B) {
	r := Deliverable()
	p, _ := LookupProfile(ProfileContractReviewer)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RenderPrompt(r, &p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEvaluate is one full evaluation with a judge that answers at
// once: the library's own overhead per judge call.
func BenchmarkEvaluate(b *testing.B) {
	reply := string(marshal(b, goodOutput(0.8)))
	ev, err := NewJudge[string](Deliverable(), func(context.Context, evaluator.Prompt) (string, error) { return reply, nil }, Config[string]{})
	if err != nil {
		b.Fatal(err)
	}
	task := evaluator.Task{Input: "Review.", Evidence: []evaluator.Evidence{{ID: "c", Content: "9.2 Liability is capped."}}}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ev.Evaluate(ctx, task, "Clause 9.2: risk 4."); err != nil {
			b.Fatal(err)
		}
	}
}
