package main

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/examples/openai/internal/fakeopenai"
	"github.com/evalopt/evalopt/examples/openai/openaiadapter"
)

// Token counts the scripted models report, so that the run has a cost.
var (
	draftUsage  = fakeopenai.Usage{Prompt: 320, Completion: 60}
	judgeUsage  = fakeopenai.Usage{Prompt: 1450, CachedPrompt: 1024, Completion: 210}
	reviseUsage = fakeopenai.Usage{Prompt: 520, Completion: 70}
)

var (
	evidenceID  = regexp.MustCompile(`<evidence id="([^"]+)"`)
	customerRow = regexp.MustCompile(`(?m)^- customer: (.+)$`)
)

// models plays the three models behind the fake endpoint, the way
// examples/refund scripts its roles: the writer's first draft promises the
// money, the judge asks for a revision of any draft that does, and the
// reviser follows the judge's instruction. It answers only from what the
// SDK sent, so the request the adapter built is what drives the run.
func models(r fakeopenai.Request) fakeopenai.Reply {
	switch {
	case r.Format != nil && r.Format.Name == openaiadapter.DecisionFormat:
		return fakeopenai.Completion(r.Model+"-2025-04-14", judge(r.User), judgeUsage)
	case strings.Contains(r.User, "## Current draft"):
		return fakeopenai.Completion(r.Model, "Hi "+customer(r.User)+", we are sorry your blender arrived damaged, and thank you for the photos. "+
			"We have sent your refund request to our returns team for approval; you will hear from us within 2 business days.", reviseUsage)
	default:
		return fakeopenai.Completion(r.Model, "Hi "+customer(r.User)+", we are sorry your blender arrived damaged. "+
			"We have approved a full refund of 89.00 EUR and your money is on its way.", draftUsage)
	}
}

// judge returns the judge's decision on the deliverable in the user
// message, as JSON.
func judge(user string) string {
	draft := between(user, "<deliverable>", "</deliverable>")
	var d evaluator.EvaluationDecision
	if strings.Contains(draft, "money is on its way") || strings.Contains(draft, "approved a") {
		d = evaluator.EvaluationDecision{
			Status: evaluator.StatusRevise, Score: 0.45,
			Criteria: []evaluator.Criterion{
				{Name: "no_promise_before_approval", Passed: false, EvidenceRefs: []string{policyID}, Reason: "says the refund is approved and the money is on its way"},
				{Name: "empathy", Passed: true, Reason: "apologises for the damage"},
			},
			RevisionInstructions: []string{"Do not say the refund is approved or that money is on its way: say the request has gone to the returns team for approval and when the customer will hear back."},
		}
	} else {
		var refs []string
		for _, m := range evidenceID.FindAllStringSubmatch(user, -1) {
			if strings.HasPrefix(m[1], "photo-") || m[1] == policyID {
				refs = append(refs, m[1])
			}
		}
		d = evaluator.EvaluationDecision{
			Status: evaluator.StatusPass, Score: 0.92,
			Criteria: []evaluator.Criterion{
				{Name: "no_promise_before_approval", Passed: true, EvidenceRefs: []string{policyID}, Reason: "the refund is described as under review"},
				{Name: "cites_damage_evidence", Passed: true, EvidenceRefs: refs, Reason: "acknowledges the photos"},
			},
		}
	}
	b, _ := json.Marshal(d) // a decision of plain fields: cannot fail
	return string(b)
}

// customer is the customer's name from the task details in a prompt.
func customer(user string) string {
	if m := customerRow.FindStringSubmatch(user); m != nil {
		return m[1]
	}
	return "there"
}

// between returns the text of s between the first open and the next close.
func between(s, open, close string) string {
	_, rest, ok := strings.Cut(s, open)
	if !ok {
		return ""
	}
	in, _, _ := strings.Cut(rest, close)
	return in
}
