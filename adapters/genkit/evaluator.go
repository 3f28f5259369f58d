package genkitloop

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"

	"github.com/evalopt/evalopt/evaluator"
)

// Keys of the Score.Details DefineEvaluator's scores carry.
const (
	// DetailStatus is the decision's real status ("pass", "revise",
	// "block", "escalate"); absent when the evaluator failed.
	DetailStatus = "status"
	// DetailCriteria is the decision's criteria ([]evaluator.Criterion).
	DetailCriteria = "criteria"
	// DetailBlockingFailures is the decision's blocking failures ([]string).
	DetailBlockingFailures = "blockingFailures"
	// DetailRevisionInstructions is the decision's revision instructions
	// ([]string).
	DetailRevisionInstructions = "revisionInstructions"
	// DetailStopReason is the decision's stop reason, when it has one.
	DetailStopReason = "stopReason"
)

// ExampleFunc turns a Genkit dataset example into the task and the
// candidate an evalopt evaluator judges.
type ExampleFunc[C any] func(ex *ai.Example) (evaluator.Task, C, error)

// DefineEvaluator registers e with g as a Genkit evaluator named name, so
// genkit.Evaluate runs it on a dataset; opts may be nil. convert turns each
// example into a task and a candidate; nil means DefaultExample. The
// package documentation gives the status mapping.
func DefineEvaluator[C any](g *genkit.Genkit, name string, e evaluator.Evaluator[C], opts *ai.EvaluatorOptions, convert ExampleFunc[C]) ai.Evaluator {
	if convert == nil {
		convert = DefaultExample[C]
	}
	return genkit.DefineEvaluator(g, name, opts, func(ctx context.Context, req *ai.EvaluatorCallbackRequest) (*ai.EvaluatorCallbackResponse, error) {
		ex := req.Input
		res := &ai.EvaluatorCallbackResponse{TestCaseId: ex.TestCaseId}
		task, cand, err := convert(&ex)
		if err != nil {
			res.Evaluation = []ai.Score{{Id: name, Status: ai.ScoreStatusFail.String(), Error: fmt.Sprintf("example %q: %v", ex.TestCaseId, err)}}
			return res, nil
		}
		if e == nil {
			return nil, fmt.Errorf("genkitloop: evaluator %s: nil evaluator", name)
		}
		d, err := e.Evaluate(ctx, task, cand)
		if err != nil {
			return nil, fmt.Errorf("genkitloop: evaluator %s: %w", name, err) // Genkit records it as FAIL with the error
		}
		res.Evaluation = []ai.Score{ScoreOf(name, d)}
		return res, nil
	})
}

// ScoreOf maps a decision onto a Genkit score named id; the package
// documentation gives the mapping. An invalid decision is FAIL with Error
// set: a decision that does not validate never passes.
func ScoreOf(id string, d evaluator.EvaluationDecision) ai.Score {
	s := ai.Score{Id: id, Score: d.Score, Status: StatusOf(d.Status).String(), Details: map[string]any{
		DetailStatus:               string(d.Status),
		DetailCriteria:             nonNil(d.Criteria),
		DetailBlockingFailures:     nonNil(d.BlockingFailures),
		DetailRevisionInstructions: nonNil(d.RevisionInstructions),
	}}
	if d.StopReason != "" {
		s.Details[DetailStopReason] = string(d.StopReason)
	}
	if err := d.Validate(); err != nil {
		s.Status, s.Error = ai.ScoreStatusFail.String(), err.Error()
	}
	return s
}

// StatusOf maps an evalopt status onto Genkit's: pass is PASS, revise and
// block are FAIL, escalate is UNKNOWN, and anything else is FAIL.
func StatusOf(s evaluator.Status) ai.ScoreStatus {
	switch s {
	case evaluator.StatusPass:
		return ai.ScoreStatusPass
	case evaluator.StatusEscalate:
		return ai.ScoreStatusUnknown
	}
	return ai.ScoreStatusFail
}

// DefaultExample is the default ExampleFunc: the task's ID is the test case
// ID, its Input the example's input (a string as is, anything else as its
// JSON), its Evidence the example's context (IDs "context-0", "context-1",
// ...), and Metadata["reference"] the reference when there is one; the
// candidate is the example's output decoded into C through JSON. An example
// with no output is an error.
func DefaultExample[C any](ex *ai.Example) (evaluator.Task, C, error) {
	var cand C
	input, err := text(ex.Input)
	if err != nil {
		return evaluator.Task{}, cand, fmt.Errorf("input: %w", err)
	}
	task := evaluator.Task{ID: ex.TestCaseId, Input: input}
	for i, c := range ex.Context {
		content, err := text(c)
		if err != nil {
			return evaluator.Task{}, cand, fmt.Errorf("context[%d]: %w", i, err)
		}
		task.Evidence = append(task.Evidence, evaluator.Evidence{ID: fmt.Sprintf("context-%d", i), Source: "genkit example context", Content: content})
	}
	if ex.Reference != nil {
		ref, err := text(ex.Reference)
		if err != nil {
			return evaluator.Task{}, cand, fmt.Errorf("reference: %w", err)
		}
		task.Metadata = map[string]string{"reference": ref}
	}
	if ex.Output == nil {
		return evaluator.Task{}, cand, fmt.Errorf("output: missing (the candidate to judge)")
	}
	b, err := json.Marshal(ex.Output)
	if err != nil {
		return evaluator.Task{}, cand, fmt.Errorf("output: %w", err)
	}
	if err := json.Unmarshal(b, &cand); err != nil {
		return evaluator.Task{}, cand, fmt.Errorf("output: not a %T: %w", cand, err)
	}
	return task, cand, nil
}

// text is v as text: a string as is, anything else as its JSON.
func text(v any) (string, error) {
	if s, ok := v.(string); ok {
		return s, nil
	}
	b, err := json.Marshal(v)
	return string(b), err
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
