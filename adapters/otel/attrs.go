package evalotel

import "go.opentelemetry.io/otel/attribute"

// The attribute keys. The gen_ai.* and error.* ones are the OpenTelemetry
// semantic conventions' (GenAI conventions v1.41: invoke_workflow and the
// cache token counts are newer than the semconv package of the otel
// release this module requires, so the names are spelled here); the
// evalopt.* ones are this module's. Package loop writes the same names in
// its log records (loop.WithLogger); a test checks that they agree.
const (
	keyOperation     = attribute.Key("gen_ai.operation.name")
	keyAgentName     = attribute.Key("gen_ai.agent.name")
	keyWorkflowName  = attribute.Key("gen_ai.workflow.name")
	keyRequestModel  = attribute.Key("gen_ai.request.model")
	keyResponseModel = attribute.Key("gen_ai.response.model")
	keyInputTokens   = attribute.Key("gen_ai.usage.input_tokens")
	keyOutputTokens  = attribute.Key("gen_ai.usage.output_tokens")
	keyCacheRead     = attribute.Key("gen_ai.usage.cache_read.input_tokens")
	keyCacheCreation = attribute.Key("gen_ai.usage.cache_creation.input_tokens")
	keyTokenType     = attribute.Key("gen_ai.token.type")
	keyErrorType     = attribute.Key("error.type")
	keyErrorMessage  = attribute.Key("error.message")
	keyTaskID        = attribute.Key("evalopt.task.id")
	keyTaskKind      = attribute.Key("evalopt.task.kind")
	keyStep          = attribute.Key("evalopt.step")
	keyRole          = attribute.Key("evalopt.role")
	keyAttempt       = attribute.Key("evalopt.attempt")
	keyRequestModels = attribute.Key("evalopt.request.models")
	keyCost          = attribute.Key("evalopt.cost")
	keyStatus        = attribute.Key("evalopt.decision.status")
	keyScore         = attribute.Key("evalopt.decision.score")
	keyStopReason    = attribute.Key("evalopt.stop_reason")
	keyOutcome       = attribute.Key("evalopt.outcome")
	keyRevisions     = attribute.Key("evalopt.revisions")
	keySteps         = attribute.Key("evalopt.steps")
	keyMessage       = attribute.Key("evalopt.message")
	keyCriterion     = attribute.Key("evalopt.criterion.name")
	keyCriterionWhy  = attribute.Key("evalopt.criterion.reason")
	keyCriterionRefs = attribute.Key("evalopt.criterion.evidence_refs")
)

// The values of gen_ai.operation.name and gen_ai.workflow.name, and the
// span and event names.
const (
	opWorkflow      = "invoke_workflow"
	opAgent         = "invoke_agent"
	workflowName    = "evalopt.loop"
	eventBlocking   = "evalopt.blocking_failure"
	eventFinding    = "evalopt.finding"
	instrumentation = "github.com/evalopt/evalopt/adapters/otel"
)
