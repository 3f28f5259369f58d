package rubric_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/rubric"
)

// A contract review judged with the deliverable rubric. The scripted judge
// stands in for the caller's model client: it scores every dimension 0.9
// and claims a pass, but also flags a hedged recommendation as an auto-fail.
// The library zeroes Recommendation Actionability, recomputes the overall
// score, refuses the pass and asks for a targeted revision.
func Example() {
	r := rubric.Deliverable()
	judge := func(context.Context, evaluator.Prompt) (string, error) {
		var dims []string
		for _, d := range r.Dimensions {
			dims = append(dims, fmt.Sprintf(`{"name":%q,"weight":%v,"score":0.9,"evidence":"clause 9.2","evidenceRefs":[],"issues":[]}`, d.Name, d.Weight))
		}
		return "```json\n{" +
			`"passed":true,"overallScore":0.9,"specialistRole":"contract-reviewer",` +
			`"dimensions":[` + strings.Join(dims, ",") + `],` +
			`"failureReasons":[],"revisionSuggestions":[],` +
			`"autoFailTriggered":true,` +
			`"autoFailReason":"Recommendation Actionability: the fix for the risk-4 liability cap (clause 9.2) says 'parties should discuss' with no replacement text",` +
			`"confidence":0.8,"summary":"Accurate, but one recommendation is not actionable."}` +
			"\n```", nil
	}
	reviewer, _ := rubric.LookupProfile("contract-reviewer")
	ev, err := rubric.NewJudge[string](r, judge, rubric.Config[string]{Profile: &reviewer})
	if err != nil {
		fmt.Println(err)
		return
	}
	task := evaluator.Task{
		Input:    "Review the supply agreement for the buyer.",
		Evidence: []evaluator.Evidence{{ID: "contract", Content: "9.2 Liability is capped at the fees paid in the prior 12 months."}},
	}
	v, err := ev.Verdict(context.Background(), task, "Clause 9.2 (risk 4): the parties should discuss the cap.")
	if err != nil {
		fmt.Println(err)
		return
	}
	d := v.Decision()
	fmt.Println("status:", d.Status)
	fmt.Printf("overall: %.3f (band %s)\n", d.Score, v.Band)
	fmt.Println("mismatch:", v.Mismatch.Reason)
	fmt.Println("first instruction:", d.RevisionInstructions[0])
	// Output:
	// status: revise
	// overall: 0.792 (band marginal)
	// mismatch: judge said passed=true, the rubric computes passed=false; judge said overallScore=0.9, the rubric computes 0.792 (tolerance 0.01)
	// first instruction: Recommendation Actionability auto-fail (judge): the fix for the risk-4 liability cap (clause 9.2) says 'parties should discuss' with no replacement text
}

// Judging scores directly, without a model: an exactly-at-threshold
// deliverable passes, in the marginal band.
func ExampleRubric_Verdict() {
	r := rubric.Deliverable()
	in := rubric.Input{Confidence: 1}
	for _, d := range r.Dimensions {
		in.Scores = append(in.Scores, rubric.Score{Dimension: d.Name, Score: 0.75})
	}
	v, err := r.Verdict(in)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Passed, v.Overall, v.Band, v.Decision().Status)
	// Output: true 0.75 marginal pass
}
