package evaluator

import "context"

// Evaluator judges one candidate of type C against a task.
//
// An implementation returns an error only for infrastructure failures (the
// model client failed, the context ended); a candidate that is merely bad is
// reported through the decision's Status. Implementations must be safe for
// concurrent use if they are shared across loops.
type Evaluator[C any] interface {
	Evaluate(ctx context.Context, task Task, candidate C) (EvaluationDecision, error)
}

// Func adapts an ordinary function to the Evaluator interface, the way
// http.HandlerFunc adapts a function to http.Handler.
type Func[C any] func(ctx context.Context, task Task, candidate C) (EvaluationDecision, error)

// Evaluate calls f(ctx, task, candidate).
func (f Func[C]) Evaluate(ctx context.Context, task Task, candidate C) (EvaluationDecision, error) {
	return f(ctx, task, candidate)
}
