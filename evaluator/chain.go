package evaluator

import (
	"context"
	"errors"
	"fmt"

	"github.com/evalopt/evalopt/internal/uniq"
)

// errNoStages is returned by a Chain built with no stages: a configuration
// error, so it matches ErrInvalidOption.
var errNoStages = fmt.Errorf("%w: chain has no stages", ErrInvalidOption)

// Chain returns an Evaluator that runs stages in order: put deterministic
// checks first and model judgment last.
//
// The merged decision is built from every stage that ran:
//   - a stage that blocks or escalates stops the chain; later stages do not run;
//   - the strictest status wins (block > escalate > revise > pass), so a later
//     pass never overrides an earlier revise, escalate or block;
//   - the lowest score wins;
//   - criteria, blocking failures and revision instructions are concatenated
//     in stage order (exact duplicate failures and instructions are dropped);
//   - the stop reason is the first one set by a stage whose status equals the
//     merged status.
//
// A stage that returns an error, or a decision that fails Validate, ends the
// chain: Evaluate returns the zero decision (never a pass) and the error
// wrapped with the stage index ("chain stage 1: ..."). A nil stage is an
// error of the same kind. A Chain with no stages returns an error matching
// ErrInvalidOption.
//
// The returned Evaluator is a Modeler: its Models are every stage's models
// (ModelsOf), in stage order, so the self-approval guard sees the judge
// behind deterministic stages.
func Chain[C any](stages ...Evaluator[C]) Evaluator[C] {
	return chain[C](append([]Evaluator[C](nil), stages...))
}

type chain[C any] []Evaluator[C]

// errNilEvaluator is returned by wrappers given a nil Evaluator.
var errNilEvaluator = errors.New("evaluator: nil evaluator")

// Models returns the models of every stage, in stage order, without
// duplicates.
func (ch chain[C]) Models() []string {
	var models []string
	for _, stage := range ch {
		models = cleanModels(models, ModelsOf(stage))
	}
	return models
}

func (ch chain[C]) Evaluate(ctx context.Context, task Task, candidate C) (EvaluationDecision, error) {
	if len(ch) == 0 {
		return EvaluationDecision{}, errNoStages
	}
	var merged EvaluationDecision
	for i, stage := range ch {
		if stage == nil {
			return EvaluationDecision{}, fmt.Errorf("evaluator: chain stage %d: nil evaluator", i)
		}
		d, err := stage.Evaluate(ctx, task, candidate)
		if err != nil {
			return EvaluationDecision{}, fmt.Errorf("evaluator: chain stage %d: %w", i, err)
		}
		if err := d.Validate(); err != nil {
			return EvaluationDecision{}, fmt.Errorf("evaluator: chain stage %d: %w", i, err)
		}
		if i == 0 {
			merged = EvaluationDecision{Status: d.Status, Score: d.Score}
		}
		merged = mergeDecision(merged, d)
		if d.Status == StatusBlock || d.Status == StatusEscalate {
			break
		}
	}
	return merged, nil
}

// mergeDecision folds d into acc following Chain's rules.
func mergeDecision(acc, d EvaluationDecision) EvaluationDecision {
	prev := acc.Status
	acc.Status = Stricter(acc.Status, d.Status)
	if d.Score < acc.Score {
		acc.Score = d.Score
	}
	acc.Criteria = append(acc.Criteria, d.Criteria...)
	acc.BlockingFailures = uniq.Append(acc.BlockingFailures, d.BlockingFailures...)
	acc.RevisionInstructions = uniq.Append(acc.RevisionInstructions, d.RevisionInstructions...)
	switch {
	case acc.Status != prev && d.Status == acc.Status:
		// This stage made the verdict stricter: its stop reason (maybe
		// none) replaces the one that belonged to the laxer status.
		acc.StopReason = d.StopReason
	case acc.StopReason == "" && d.Status == acc.Status:
		acc.StopReason = d.StopReason
	}
	return acc
}
