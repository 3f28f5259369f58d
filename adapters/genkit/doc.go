// Package genkitloop (import path github.com/evalopt/evalopt/adapters/genkit)
// runs an evalopt loop inside Firebase Genkit
// (github.com/firebase/genkit/go): as a streaming flow, with generator and
// reviser roles backed by genkit.Generate, and with any evaluator.Evaluator
// registered as a Genkit evaluator that genkit.Evaluate runs.
//
// DefineFlow's flow takes an evaluator.Task, streams one loop.Step per role
// call and returns the loop.Result. When the loop fails, the flow's error
// carries the Result (loop.Fail: flow.Run and flow.Stream hand back no
// output with an error; loop.ResultOf finds it). A stream consumer that
// stops iterating stops the loop before its next role call. Results encode
// lists as [] rather than null (evaluator.EvaluationDecision's MarshalJSON),
// which Genkit's output schema validation requires.
//
// DefineEvaluator maps a decision's status onto Genkit's three: pass is
// PASS; revise and block are FAIL; escalate is UNKNOWN (a human must look);
// an evaluator error or an invalid decision is FAIL with Score.Error set.
// The score is the decision's; Score.Details holds the real status, the
// criteria, the blocking failures and the revision instructions.
//
// The package is named genkitloop, not genkit, so that it reads apart from the
// framework's own packages at the call site; its subpackage genkittest is a
// scripted model for a caller's tests.
package genkitloop
