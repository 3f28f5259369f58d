// Package looptest is the conformance table for drivers of a loop.Machine:
// a scenario for every way a loop ends (pass after revisions, block,
// escalate, the revision, time, cost and stall budgets, retries, permanent
// errors, panics, missing evidence, invalid decisions and costs, the
// caller's cancellation (during a failing call, and during a call that
// still returns a pass), the revision check, candidate references), each
// with roles that behave the same wherever they run (in process, or in a
// durable engine's workers), and Canonical, the form in which two drivers'
// Results of one scenario must be byte-identical.
//
// A driver's test runs every scenario through loop.RunLoop and through the
// driver, and compares Canonical of both Results, as the tests of package
// loop (a machine stored as JSON after every step) and of the Temporal
// example do.
package looptest
