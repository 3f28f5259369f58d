package openaiadapter

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/rubric"
)

// Names the response formats carry in requests.
const (
	JudgeOutputFormat = "judge_output"
	DecisionFormat    = "evaluation_decision"
)

// JudgeFunc returns a rubric.JudgeFunc that sends the rubric's prompt to
// the model with schema as a strict response format and returns the reply.
func (c *Client) JudgeFunc(schema Schema) rubric.JudgeFunc {
	return func(ctx context.Context, p rubric.Prompt) (string, error) {
		return c.Complete(ctx, p.System, p.User, &schema)
	}
}

// RubricJudge returns an evaluator that judges candidates against r on the
// Client's model: rubric.NewEvaluator with a judge that sends r's output
// schema (r.OutputSchema, the dimension names filled in) as a strict
// response format. The evaluator reports the Client's model.
func RubricJudge[C any](c *Client, r rubric.Rubric, cfg rubric.Config[C]) (evaluator.Evaluator[C], error) {
	schema, err := schemaJSON(r.OutputSchema())
	if err != nil {
		return nil, fmt.Errorf("openaiadapter: rubric output schema: %w", err)
	}
	ev, err := rubric.NewEvaluator(r, c.JudgeFunc(Schema{Name: JudgeOutputFormat, JSON: schema}), cfg)
	if err != nil {
		return nil, err
	}
	return withModel[C]{ev, c.model}, nil
}

// DecisionJudge returns an evaluator that asks the model for an
// evaluator.EvaluationDecision directly, constrained by
// evaluator.DecisionSchema, and reads the reply with
// evaluator.ParseDecision. The evaluator reports the Client's model.
func (c *Client) DecisionJudge() (evaluator.Evaluator[string], error) {
	schema, err := schemaJSON(evaluator.DecisionSchema())
	if err != nil {
		return nil, fmt.Errorf("openaiadapter: decision schema: %w", err)
	}
	format := Schema{Name: DecisionFormat, JSON: schema}
	ev := evaluator.Func[string](func(ctx context.Context, task evaluator.Task, candidate string) (evaluator.EvaluationDecision, error) {
		user, err := rubric.RenderUserMessage(task, candidate)
		if err != nil {
			return evaluator.EvaluationDecision{}, err
		}
		reply, err := c.Complete(ctx, decisionSystemPrompt, user, &format)
		if err != nil {
			return evaluator.EvaluationDecision{}, err
		}
		return evaluator.ParseDecision([]byte(reply))
	})
	return withModel[string]{ev, c.model}, nil
}

const decisionSystemPrompt = "You are an evaluator. Judge the deliverable against the task, its criteria and its evidence, and reply with an EvaluationDecision as JSON: status pass, revise, block or escalate; a score from 0 to 1; one criterion per requirement you checked, citing the evidence IDs it relies on; blocking failures; and revision instructions a writer can act on."

// withModel gives an evaluator a Model method, so that the loop's
// self-approval guard sees the model behind it.
type withModel[C any] struct {
	evaluator.Evaluator[C]
	model string
}

// Model returns the model the evaluator runs on.
func (w withModel[C]) Model() string { return w.model }

// schemaJSON returns v as JSON, v itself when it already is.
func schemaJSON(v any) (json.RawMessage, error) {
	if raw, ok := v.(json.RawMessage); ok {
		return raw, nil
	}
	return json.Marshal(v)
}
