package main

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/loop"
)

var (
	evidenceID  = regexp.MustCompile(`<evidence id="([^"]+)"`)
	customerRow = regexp.MustCompile(`(?m)^- customer: (.+)$`)
)

// revisionMark is the heading evaluator.RevisionPrompt puts before the
// draft, which evaluator.GenerationPrompt never writes.
const revisionMark = "## Current draft"

// Reply plays the three models behind a fake endpoint, the way
// examples/refund scripts its roles: the writer's first draft promises the
// money, the judge asks for a revision of any draft that does, and the
// reviser follows the judge's instruction. It returns the role the request
// plays and the model's text.
//
// It answers only from what the SDK sent, so the request the adapter built
// is what drives the run: user is the request's user message, and judging
// says whether the request asks for a decision (the caller tells by the
// adapter's response format or forced tool). A judging request gets an
// evaluator.EvaluationDecision as JSON on the <deliverable> it holds; a
// request holding evaluator.RevisionPrompt's draft gets the revised reply;
// any other gets the first draft. The customer's name comes from the
// prompt's "- customer:" detail.
func Reply(user string, judging bool) (loop.Role, string) {
	switch {
	case judging:
		return loop.RoleEvaluate, judge(user)
	case strings.Contains(user, revisionMark):
		return loop.RoleRevise, "Hi " + customer(user) + ", we are sorry your blender arrived damaged, and thank you for the photos. " +
			"We have sent your refund request to our returns team for approval; you will hear from us within 2 business days."
	default:
		return loop.RoleGenerate, "Hi " + customer(user) + ", we are sorry your blender arrived damaged. " +
			"We have approved a full refund of 89.00 EUR and your money is on its way."
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
				{Name: "no_promise_before_approval", Passed: false, EvidenceRefs: []string{PolicyID}, Reason: "says the refund is approved and the money is on its way"},
				{Name: "empathy", Passed: true, Reason: "apologises for the damage"},
			},
			RevisionInstructions: []string{"Do not say the refund is approved or that money is on its way: say the request has gone to the returns team for approval and when the customer will hear back."},
		}
	} else {
		var refs []string
		for _, m := range evidenceID.FindAllStringSubmatch(user, -1) {
			if strings.HasPrefix(m[1], "photo-") || m[1] == PolicyID {
				refs = append(refs, m[1])
			}
		}
		d = evaluator.EvaluationDecision{
			Status: evaluator.StatusPass, Score: 0.92,
			Criteria: []evaluator.Criterion{
				{Name: "no_promise_before_approval", Passed: true, EvidenceRefs: []string{PolicyID}, Reason: "the refund is described as under review"},
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
