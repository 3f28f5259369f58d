// Package refunddemo is the refund scenario the provider examples
// (examples/openai, examples/anthropic) run against their fake endpoints,
// held once: the two refund tasks and the deterministic evidence stage
// (scenario.go), the scripted replies the fake endpoints play for the
// writer, the reviser and the judge (script.go), and the driver that runs
// both tasks through loop.RunLoop and prints each trace (run.go).
//
// Each example keeps its provider glue (SDK client, adapter, prices, fake
// server) in its own main.go and hands the roles it built to Run. The
// package lives under the root module's internal/ so that both example
// modules can import it (Go's internal rule goes by import path) while no
// one outside the repository can; nothing in the core imports it, and it
// imports only the standard library, evaluator and loop.
package refunddemo
