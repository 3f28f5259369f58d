// Package adaptertest holds the tests every provider adapter must pass,
// written once for the provider adapters (adapters/openai,
// adapters/anthropic, and one a user writes on adapterkit), the way
// testing/fstest.TestFS serves every fs.FS: an adapter's test describes
// itself as a Provider (its fake endpoint, its client on the official SDK,
// its canned replies) and calls the checks:
// status classes, SDK retries off, a timed-out call retried by the loop,
// the decision judge under each failure inside RunLoop (JudgeCases), the
// generator and reviser prompts, and the option and schema errors. It
// also holds the fixtures those tests share (RefundTask, PassDecision,
// RubricReply, CheckPropertyOrder, PropertyOrder).
//
// What differs per provider (how a schema travels on the wire, its strict
// rules, its error bodies and usage fields) stays in the adapter's own
// tests. Only tests import it.
package adaptertest
