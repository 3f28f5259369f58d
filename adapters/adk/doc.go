// Package adkloop (import path github.com/evalopt/evalopt/adapters/adk)
// runs an evalopt loop as a Google ADK agent
// (google.golang.org/adk/v2), and backs the loop's generator and reviser with
// ADK agents.
//
// New returns an agent.Agent whose run is loop.Steps: every role call becomes
// a partial session event (never stored, never a final response) whose
// CustomMetadata holds the step (MetaStep, MetaRole, MetaStatus, MetaScore),
// and the loop's end becomes one stored event: the accepted candidate as the
// agent's content when the loop succeeded; no content, an ErrorCode and
// Actions.Escalate set when it escalated, so a LoopAgent around it ends. The
// Result (trace included) is in that event's CustomMetadata[MetaResult], and
// when the loop fails with an error the run yields an error carrying it
// (loop.Fail) after the event.
//
// Drafts never reach the session or the user before the evaluator has seen
// them: step events carry metadata, not candidates, and only an accepted
// candidate is ever content.
//
// Generator and Reviser run an ADK agent (an llmagent, say) in a fresh
// in-memory runner per call, under the context the loop hands the role, so
// the loop's cancellation, time budget and cost meter (provider.AddCost) reach
// the agent's model. Handing a sub-agent the ADK InvocationContext instead
// would silently drop the loop's meter and budget.
//
// The package is named adkloop, not adk, so that it reads apart from the
// framework's own packages at the call site; its subpackage adktest is a
// scripted model for a caller's tests.
package adkloop
