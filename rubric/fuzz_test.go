package rubric

import (
	"errors"
	"math"
	"testing"

	"github.com/evalopt/evalopt/evaluator"
)

// FuzzParseJudgeOutput: whatever the reply, ParseJudgeOutput never panics;
// an error always matches ErrInvalidJudgeOutput and
// evaluator.ErrInvalidDecision; an accepted reply covers every dimension
// once with in-range numbers, and judging it yields a valid decision.
func FuzzParseJudgeOutput(f *testing.F) {
	r := Deliverable()
	for _, o := range []JudgeOutput{goodOutput(0.8), goodOutput(0.3)} {
		f.Add(marshal(f, o))
	}
	o := goodOutput(1)
	o.AutoFailTriggered, o.AutoFailReason = true, "Policy Compliance: gives tax advice"
	f.Add(marshal(f, o))
	f.Add([]byte("```json\n{\"passed\":true}\n```"))
	f.Add([]byte("prose\n{\"passed\":true,\"passed\":false}"))
	f.Add([]byte(`{"dimensions":[{"name":"Factual Correctness","weight":0.18,"score":1e400}]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		out, err := ParseJudgeOutput(raw, r)
		if err != nil {
			if !errors.Is(err, ErrInvalidJudgeOutput) || !errors.Is(err, evaluator.ErrInvalidDecision) {
				t.Fatalf("error does not match the sentinels: %v", err)
			}
			return
		}
		if len(out.Dimensions) != len(r.Dimensions) {
			t.Fatalf("accepted %d dimensions, rubric has %d", len(out.Dimensions), len(r.Dimensions))
		}
		seen := map[string]bool{}
		for i, d := range out.Dimensions {
			if seen[d.Name] {
				t.Fatalf("dimensions[%d]: duplicate %q accepted", i, d.Name)
			}
			seen[d.Name] = true
			want, ok := r.Dimension(d.Name)
			if !ok || math.Abs(want.Weight-d.Weight) > weightTolerance {
				t.Fatalf("dimensions[%d]: %q weight %v accepted", i, d.Name, d.Weight)
			}
			if !(d.Score >= 0 && d.Score <= 1) {
				t.Fatalf("dimensions[%d]: score %v accepted", i, d.Score)
			}
		}
		if !(out.Confidence >= 0 && out.Confidence <= 1) || !(out.OverallScore >= 0 && out.OverallScore <= 1) {
			t.Fatalf("confidence %v / overall %v accepted", out.Confidence, out.OverallScore)
		}
		in, err := out.Input(r)
		if err != nil {
			t.Fatalf("accepted reply does not convert: %v", err)
		}
		v, err := r.Verdict(in)
		if err != nil {
			t.Fatalf("accepted reply does not judge: %v", err)
		}
		if out.AutoFailTriggered && v.Passed {
			t.Fatal("auto-fail reply passed")
		}
		if err := v.Decision().Validate(); err != nil {
			t.Fatalf("invalid decision: %v", err)
		}
	})
}

// FuzzJudge: random scores, confidence and triggers never panic, invalid
// numbers are rejected with ErrInvalidInput, and every verdict is
// consistent with the rules it claims to apply.
func FuzzJudge(f *testing.F) {
	f.Add(0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 1.0, uint8(0), false, 0.75)
	f.Add(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, uint8(1), true, 1.0)
	f.Add(0.49, 0.49, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.5999, uint8(0), true, 0.9)
	f.Add(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, uint8(15), false, 0.0)
	f.Add(math.NaN(), 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.7, uint8(2), false, 2.0)
	r := Deliverable()
	canFail := []string{}
	for _, d := range r.Dimensions {
		if d.AutoFail {
			canFail = append(canFail, d.Name)
		}
	}
	f.Fuzz(func(t *testing.T, s0, s1, s2, s3, s4, s5, s6, s7, confidence float64, triggers uint8, judgePassed bool, judgeOverall float64) {
		raw := []float64{s0, s1, s2, s3, s4, s5, s6, s7}
		in := Input{Confidence: confidence, JudgePassed: &judgePassed, JudgeOverall: &judgeOverall}
		valid := inUnit(confidence) && inUnit(judgeOverall)
		for i, d := range r.Dimensions {
			in.Scores = append(in.Scores, Score{Dimension: d.Name, Score: raw[i]})
			valid = valid && inUnit(raw[i])
		}
		for i, name := range canFail {
			if triggers&(1<<i) != 0 {
				src := RaisedByJudge
				if triggers&(1<<(i+4)) != 0 {
					src = RaisedByCheck
				}
				in.AutoFails = append(in.AutoFails, AutoFail{Dimension: name, Reason: "fuzz", RaisedBy: src})
			}
		}
		v, err := r.Verdict(in)
		if !valid {
			if !errors.Is(err, ErrInvalidInput) {
				t.Fatalf("invalid input accepted or wrong error: %v", err)
			}
			return
		}
		if err != nil {
			t.Fatalf("valid input rejected: %v", err)
		}
		checkVerdict(t, r, in, v)
	})
}

func inUnit(x float64) bool { return x >= 0 && x <= 1 }

// checkVerdict recomputes what the rules say independently of Judge.
func checkVerdict(t *testing.T, r Rubric, in Input, v Verdict) {
	t.Helper()
	zeroed := map[string]bool{}
	policy := false
	for _, a := range in.AutoFails {
		zeroed[a.Dimension] = true
		if d, _ := r.Dimension(a.Dimension); d.Policy {
			policy = true
		}
	}
	sum, low, belowFloor := 0.0, 0, false
	for i, d := range r.Dimensions {
		s := in.Scores[i].Score
		if zeroed[d.Name] {
			s = 0
		}
		if v.Dimensions[i].Score != s {
			t.Fatalf("%s: score %v, want %v", d.Name, v.Dimensions[i].Score, s)
		}
		sum += d.Weight * s
		if s < r.Rules.LowScore {
			low++
		}
		if d.Floor > 0 && s < d.Floor {
			belowFloor = true
		}
	}
	if want := math.Round(sum*1e9) / 1e9; math.Abs(v.Overall-want) > 1e-12 || v.Overall < 0 || v.Overall > 1 {
		t.Fatalf("overall %v, want %v", v.Overall, want)
	}
	wantPass := len(in.AutoFails) == 0 && !belowFloor && low < r.Rules.LowDimensionsFail && v.Overall >= r.PassThreshold
	if v.Passed != wantPass {
		t.Fatalf("passed %v, want %v (verdict %+v)", v.Passed, wantPass, v)
	}
	if v.Band == "" {
		t.Fatal("no band")
	}
	if v.HumanReview != (in.Confidence < r.Rules.HumanReviewBelow) {
		t.Fatalf("human review %v at confidence %v", v.HumanReview, in.Confidence)
	}
	if v.LimitedVerification != (!v.HumanReview && in.Confidence < r.Rules.LimitedVerificationBelow) {
		t.Fatalf("limited verification %v at confidence %v", v.LimitedVerification, in.Confidence)
	}
	if !v.Passed && len(v.Guidance) == 0 {
		t.Fatal("a failed verdict without guidance")
	}
	if len(in.AutoFails) > 0 && v.Guidance[0].Kind != GuidanceAutoFail {
		t.Fatal("auto-fail guidance is not first")
	}
	d := v.Decision()
	if err := d.Validate(); err != nil {
		t.Fatalf("invalid decision: %v", err)
	}
	var want evaluator.Status
	switch {
	case v.Passed && !v.HumanReview:
		want = evaluator.StatusPass
	case !v.Passed && policy:
		want = evaluator.StatusBlock
	case v.HumanReview:
		want = evaluator.StatusEscalate
	default:
		want = evaluator.StatusRevise
	}
	if d.Status != want {
		t.Fatalf("status %s, want %s", d.Status, want)
	}
}
