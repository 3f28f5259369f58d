package openaiadapter

import (
	"github.com/evalopt/evalopt/adapters/adapterkit"
	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/rubric"
)

// Names the response formats carry in requests.
const (
	// JudgeOutputFormat names the rubric judge's format (rubric.JudgeOutput).
	JudgeOutputFormat = "judge_output"
	// DecisionFormat names the plain-decision judge's format
	// (evaluator.EvaluationDecision).
	DecisionFormat = "evaluation_decision"
)

// JudgeFunc returns a rubric.JudgeFunc that sends the rubric's prompt to
// the model with schema as a strict response format and returns the reply.
// Give the Evaluator built on it Config.Model = c.Models()[0] (RubricJudge
// does), or the self-approval guard cannot see its model.
func (c *Client) JudgeFunc(schema Schema) rubric.JudgeFunc {
	return adapterkit.JudgeFunc(adapterkit.Bind(c.Complete, &schema))
}

// RubricJudge returns rubric.NewJudge(r, judge, cfg) with a judge that
// sends r's output schema (r.OutputSchema, the dimension names filled in)
// as a strict response format. Because the provider enforces the schema,
// the schema is left out of the prompt (cfg.OmitSchema is set), and the
// Evaluator reports the Client's model (cfg.Model, unless the caller set
// it).
func RubricJudge[C any](c *Client, r rubric.Rubric, cfg rubric.Config[C]) (*rubric.Judge[C], error) {
	return adapterkit.RubricJudge(r, c.JudgeFunc(Schema{Name: JudgeOutputFormat, JSON: r.OutputSchema()}), c.model, cfg)
}

// DecisionJudge returns an evaluator that asks the model for an
// evaluator.EvaluationDecision directly: the prompt is
// evaluator.DecisionPrompt without the schema, the reply is constrained by
// evaluator.DecisionSchema as a strict response format and read with
// evaluator.ParseDecision (an unreadable reply is an error matching
// evaluator.ErrInvalidDecision, which the loop does not retry). The
// evaluator reports the Client's model.
func (c *Client) DecisionJudge() evaluator.Evaluator[string] {
	format := Schema{Name: DecisionFormat, JSON: evaluator.DecisionSchema()}
	return adapterkit.DecisionJudge(adapterkit.Bind(c.Complete, &format), c.model)
}
