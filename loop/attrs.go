package loop

// The attribute names of the records WithLogger writes. They are the
// names the spans of adapters/otel carry (the OpenTelemetry GenAI semantic
// conventions' where one fits, evalopt.* otherwise), so that a log record
// and a span of the same call can be joined; adapters/otel keeps its own
// copy, and a test there checks that the two agree.
const (
	attrTaskID        = "evalopt.task.id"
	attrStep          = "evalopt.step"
	attrRole          = "evalopt.role"
	attrAttempt       = "evalopt.attempt"
	attrCost          = "evalopt.cost"
	attrStatus        = "evalopt.decision.status"
	attrScore         = "evalopt.decision.score"
	attrStopReason    = "evalopt.stop_reason"
	attrOutcome       = "evalopt.outcome"
	attrRevisions     = "evalopt.revisions"
	attrSteps         = "evalopt.steps"
	attrRetry         = "evalopt.retry"
	attrResponseModel = "gen_ai.response.model"
	attrInputTokens   = "gen_ai.usage.input_tokens"
	attrOutputTokens  = "gen_ai.usage.output_tokens"
	attrErrorType     = "error.type"
	attrErrorMessage  = "error.message"
)
