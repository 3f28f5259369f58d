// Package adaptertest holds the tests every provider adapter must pass,
// written once for the provider examples (examples/openai,
// examples/anthropic), the way testing/fstest.TestFS serves every fs.FS:
// an adapter's test describes itself as a Provider (its fake endpoint, its
// client on the official SDK, its canned replies) and calls the checks:
// status classes, SDK retries off, a timed-out call retried by the loop,
// the decision judge under each failure inside RunLoop (JudgeCases), the
// generator and reviser prompts, and the option and schema errors. It
// also holds the fixtures those tests share (RefundTask, PassDecision,
// RubricReply, CheckPropertyOrder).
//
// What differs per provider (how a schema travels on the wire, its strict
// rules, its error bodies and usage fields) stays in the adapter's own
// tests. The package lives under the root module's internal/ so that the
// example modules can import it; only tests import it.
package adaptertest
