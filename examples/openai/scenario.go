package main

import (
	"context"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
)

// The refund scenario of examples/refund: a customer says a delivered
// blender arrived damaged and asks for a refund. A refund needs evidence of
// the damage, and only the returns team approves one.

// Evidence kinds the policy accepts as proof of damage.
const (
	kindKey          = "kind"
	kindDamagePhoto  = "damage_photo"
	kindCarrierNotes = "carrier_damage_report"
)

// PolicyID is the ID of the refund policy's evidence item, which every
// task holds and every decision on the policy cites.
const PolicyID = "policy-refunds"

// The system prompts of the writer's two roles.
const (
	// WriterInstructions is the generator's system prompt.
	WriterInstructions = "You write customer-support replies. Be kind and exact; never promise a refund or money before the returns team approves it."
	// ReviserInstructions is the reviser's system prompt.
	ReviserInstructions = "You revise customer-support replies. Apply every instruction; keep the rest of the reply as it is."
)

var policy = evaluator.Evidence{
	ID:      PolicyID,
	Source:  "policy.md#refunds",
	Content: "A refund requires evidence of the damage (photos or a carrier report). Only the returns team approves refunds; agents must not promise money before approval.",
}

// Tasks returns the two refund requests: refund-1001 with damage photos,
// refund-1002 without any evidence of damage. Each call returns fresh
// values the caller may change.
func Tasks() []evaluator.Task {
	return []evaluator.Task{
		{
			ID:    "refund-1001",
			Input: "Order 1001 was delivered; the customer says the blender jug arrived cracked, sent photos, and asks for a refund.",
			Evidence: []evaluator.Evidence{
				{ID: "order-1001", Source: "crm", Content: "Order 1001: blender, 89.00 EUR, delivered 3 March."},
				{ID: "photo-1", Source: "upload", Content: "Photo: the jug has a crack along its side.", Metadata: map[string]string{kindKey: kindDamagePhoto}},
				{ID: "photo-2", Source: "upload", Content: "Photo: the box has a crushed corner.", Metadata: map[string]string{kindKey: kindDamagePhoto}},
				policy,
			},
			Metadata: map[string]string{"customer": "Ana", "amount": "89.00 EUR"},
		},
		{
			ID:    "refund-1002",
			Input: "Order 1002 was delivered; the customer says the blender arrived broken and asks for a refund. No photos or carrier report.",
			Evidence: []evaluator.Evidence{
				{ID: "order-1002", Source: "crm", Content: "Order 1002: blender, 89.00 EUR, delivered 5 March."},
				policy,
			},
			Metadata: map[string]string{"customer": "Ben", "amount": "89.00 EUR"},
		},
	}
}

// damageEvidence returns the IDs of the task's evidence of damage.
func damageEvidence(t evaluator.Task) []string {
	var ids []string
	for _, e := range t.Evidence {
		if k := e.Metadata[kindKey]; k == kindDamagePhoto || k == kindCarrierNotes {
			ids = append(ids, e.ID)
		}
	}
	return ids
}

// grantsRefund reports whether a draft grants or promises a refund.
func grantsRefund(draft string) bool {
	d := strings.ToLower(draft)
	return strings.Contains(d, "full refund") || strings.Contains(d, "approved a") || strings.Contains(d, "money is on its way")
}

// EvidenceStage returns the deterministic check chained before the judge:
// a draft that grants a refund needs damage evidence in the task. Without
// it the draft is blocked (missing_evidence) and the judge is never asked.
func EvidenceStage() evaluator.Evaluator[string] {
	return evaluator.Func[string](func(_ context.Context, t evaluator.Task, draft string) (evaluator.EvaluationDecision, error) {
		const name = "policy.refund_requires_damage_evidence"
		damage := damageEvidence(t)
		if len(damage) == 0 && grantsRefund(draft) {
			return evaluator.EvaluationDecision{
				Status: evaluator.StatusBlock,
				Criteria: []evaluator.Criterion{{
					Name: name, EvidenceRefs: []string{PolicyID},
					Reason: "the draft grants a full refund but the task holds no damage evidence (photos or a carrier report)",
				}},
				BlockingFailures:     []string{"missing_damage_evidence"},
				RevisionInstructions: []string{"Ask the customer for photos of the damage, or retrieve the carrier's damage report, before offering a refund."},
				StopReason:           evaluator.StopMissingEvidence,
			}, nil
		}
		return evaluator.EvaluationDecision{
			Status: evaluator.StatusPass, Score: 1,
			Criteria: []evaluator.Criterion{{
				Name: name, Passed: true, EvidenceRefs: append(damage, PolicyID),
				Reason: "damage evidence is on file",
			}},
		}, nil
	})
}
