package adapterkit

import (
	"context"
	"strings"

	"github.com/evalopt/evalopt/evaluator"
	"github.com/evalopt/evalopt/evaluator/judgecache"
	"github.com/evalopt/evalopt/rubric"
)

// DecisionJudge returns an evaluator that asks a model for an
// evaluator.EvaluationDecision directly: the prompt is
// evaluator.DecisionPrompt without the schema (complete holds the reply to
// evaluator.DecisionSchema the provider's way), and the reply is read with
// evaluator.ParseDecision, so an unreadable reply is an error matching
// evaluator.ErrInvalidDecision, which the loop does not retry. The
// evaluator reports model, and keys its calls for judgecache (the prompt
// it sends), so that a cached DecisionJudge needs no KeyFunc.
func DecisionJudge(complete CompleteFunc, model string) evaluator.Evaluator[string] {
	return decisionJudge{complete: complete, model: model}
}

// decisionJudge is the evaluator DecisionJudge returns.
type decisionJudge struct {
	complete CompleteFunc
	model    string
}

// Evaluate sends the decision prompt and parses the reply.
func (j decisionJudge) Evaluate(ctx context.Context, task evaluator.Task, candidate string) (evaluator.EvaluationDecision, error) {
	p, err := evaluator.DecisionPrompt(task, candidate, evaluator.WithoutSchema())
	if err != nil {
		return evaluator.EvaluationDecision{}, err
	}
	reply, err := j.complete(ctx, p.System, p.User)
	if err != nil {
		return evaluator.EvaluationDecision{}, err
	}
	return evaluator.ParseDecision([]byte(reply))
}

// Models returns the judge's model, or nil when it is blank.
func (j decisionJudge) Models() []string {
	if m := strings.TrimSpace(j.model); m != "" {
		return []string{m}
	}
	return nil
}

// CacheKey returns the prompt the judge sends for the call (a
// judgecache.Keyer): a change to the decision prompt's template is a new
// key.
func (j decisionJudge) CacheKey(task evaluator.Task, candidate string) (judgecache.CacheKey, error) {
	p, err := evaluator.DecisionPrompt(task, candidate, evaluator.WithoutSchema())
	if err != nil {
		return judgecache.CacheKey{}, err
	}
	return judgecache.CacheKey{Rubric: "evaluator.DecisionPrompt", System: p.System, Prompt: p.User}, nil
}

var _ judgecache.Keyer[string] = decisionJudge{}

// JudgeFunc returns the rubric.JudgeFunc that sends a rubric's prompt
// (system prompt and user message) through complete and returns the reply.
func JudgeFunc(complete CompleteFunc) rubric.JudgeFunc {
	return func(ctx context.Context, p evaluator.Prompt) (string, error) {
		return complete(ctx, p.System, p.User)
	}
}

// RubricJudge returns rubric.NewJudge(r, judge, cfg) for a judge that
// holds its reply to r.OutputSchema itself: the schema is left out of the
// prompt (cfg.OmitSchema is set), and the Evaluator reports model unless
// the caller set cfg.Model.
func RubricJudge[C any](r rubric.Rubric, judge rubric.JudgeFunc, model string, cfg rubric.Config[C]) (*rubric.Judge[C], error) {
	if cfg.Model == "" {
		cfg.Model = model
	}
	cfg.OmitSchema = true
	return rubric.NewJudge(r, judge, cfg)
}
