package evaluator

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/evalopt/evalopt/internal/strictjson"
)

// Criterion is the outcome of one criterion an evaluator checked.
type Criterion struct {
	// Name identifies the criterion ("policy.refund_requires_damage_evidence").
	Name string `json:"name" jsonschema_description:"Short identifier of the criterion that was checked."`
	// Passed reports whether the candidate met the criterion.
	Passed bool `json:"passed" jsonschema_description:"Whether the candidate meets this criterion."`
	// EvidenceRefs name the Evidence.IDs of the task this judgment relies on.
	EvidenceRefs []string `json:"evidenceRefs" jsonschema_description:"IDs of the task evidence this judgment relies on; only IDs given in the task."`
	// Reason says why, in a sentence a reviser can act on.
	Reason string `json:"reason" jsonschema_description:"Why the criterion passed or failed, citing exact text."`
}

// EvaluationDecision is an evaluator's judgment of one candidate. It is a
// plain value: copying it copies the slice headers, not their elements.
type EvaluationDecision struct {
	// Status is the verdict: pass, revise, block or escalate.
	Status Status `json:"status" jsonschema_description:"pass, revise, block or escalate."`
	// Score is the overall quality in [0,1].
	Score float64 `json:"score" jsonschema_description:"Overall quality from 0 (worst) to 1 (best)."`
	// Criteria are the individual checks behind the verdict.
	Criteria []Criterion `json:"criteria" jsonschema_description:"Every criterion checked, passed or not."`
	// BlockingFailures name what makes the candidate unacceptable whatever
	// its score. A block has at least one; a pass has none.
	BlockingFailures []string `json:"blockingFailures" jsonschema_description:"Failures no score can compensate; empty unless status is block (or escalate)."`
	// RevisionInstructions say what to change. A revise has at least one.
	RevisionInstructions []string `json:"revisionInstructions" jsonschema_description:"Targeted, actionable instructions for the reviser; at least one when status is revise."`
	// StopReason, when set, asks the controller to stop for this reason
	// (for example StopMissingEvidence on a block). Empty means none.
	StopReason StopReason `json:"stopReason,omitempty" jsonschema_description:"Why the loop should stop, or the empty string."`
}

// ErrInvalidDecision is matched (with errors.Is) by every error Validate
// and ParseDecision return for a decision that breaks the contract.
var ErrInvalidDecision = errors.New("evaluator: invalid decision")

// Validate checks the decision against the contract and returns every
// violation found, joined, each a *FieldError naming its field:
//   - status is one of the four statuses;
//   - score is finite and in [0,1];
//   - a pass has no blocking failures;
//   - a block has at least one blocking failure;
//   - a revise has at least one revision instruction;
//   - every criterion has a non-empty name;
//   - stopReason is empty or one of the listed stop reasons.
//
// It returns nil for a valid decision.
func (d EvaluationDecision) Validate() error {
	var errs []error
	add := func(field, format string, args ...any) {
		errs = append(errs, &FieldError{Field: field, Problem: fmt.Sprintf(format, args...), Err: ErrInvalidDecision})
	}
	if !d.Status.Valid() {
		if d.Status == "" {
			add("status", "missing")
		} else {
			add("status", "must be one of pass, revise, block, escalate; got %s", strictjson.Quote(string(d.Status)))
		}
	}
	if math.IsNaN(d.Score) || math.IsInf(d.Score, 0) {
		add("score", "must be finite, got %v", d.Score)
	} else if d.Score < 0 || d.Score > 1 {
		add("score", "must be in [0,1], got %v", d.Score)
	}
	switch d.Status {
	case StatusPass:
		if len(d.BlockingFailures) > 0 {
			add("blockingFailures", "a pass must have no blocking failures, got %d", len(d.BlockingFailures))
		}
	case StatusBlock:
		if countNonBlank(d.BlockingFailures) == 0 {
			add("blockingFailures", "a block needs at least one blocking failure")
		}
	case StatusRevise:
		if countNonBlank(d.RevisionInstructions) == 0 {
			add("revisionInstructions", "a revise needs at least one revision instruction")
		}
	}
	for i, c := range d.Criteria {
		if strings.TrimSpace(c.Name) == "" {
			add(fmt.Sprintf("criteria[%d].name", i), "empty")
		}
	}
	if !d.StopReason.Valid() {
		add("stopReason", "unknown stop reason %s", strictjson.Quote(string(d.StopReason)))
	}
	return errors.Join(errs...)
}

// countNonBlank counts the entries of ss that are not empty or all space.
func countNonBlank(ss []string) int {
	n := 0
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			n++
		}
	}
	return n
}
