// Package einoloop (import path github.com/evalopt/evalopt/adapters/eino)
// runs an evalopt loop inside CloudWeGo Eino
// (github.com/cloudwego/eino): as a compose node (Lambda) for Invoke and
// Stream, as an Eino adk.Agent, and with generator and reviser roles backed
// by Eino chat models.
//
// The node takes an evaluator.Task and outputs loop.Step values: Invoke
// returns only the final step (Role loop.RoleStop, whose Result field holds
// the loop.Result); Stream sends every role step as it completes, then the
// final one. The whole loop runs inside one node, so the revision budget is
// the loop's (loop.WithMaxRevisions), not Eino's graph step limit
// (compose.WithMaxRunSteps counts the node once).
//
// Traps handled: a failed Eino node hands back a zero output, so when the
// loop fails Invoke and Stream return an error that carries the Result
// (loop.Fail); loop.ResultOf finds it in the graph's error. A stream reader
// is a channel, so the stream is unbuffered: the loop runs one step ahead of
// the reader at most, and closing the reader stops the loop before its next
// role call.
//
// The package is named einoloop, not eino, so that it reads apart from the
// framework's own packages at the call site; its subpackage einotest is a
// scripted model for a caller's tests.
package einoloop
