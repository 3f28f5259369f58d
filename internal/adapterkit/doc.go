// Package adapterkit is the provider-neutral half of a model adapter, held
// once for the provider examples' adapters (examples/openai/openaiadapter,
// examples/anthropic/anthropicadapter): the text generator and reviser
// roles on evaluator.GenerationPrompt and RevisionPrompt (roles.go), the
// plain-decision and rubric judges (judge.go), and the checks and error
// handling every client needs: options, schemas, dropped connections and
// usage priced into the loop's cost meter (client.go).
//
// An adapter keeps what is the provider's own: building the SDK's request,
// holding the reply to a schema the provider's way, and reading the
// provider's errors, refusals, truncations and usage. It hands this
// package a CompleteFunc bound to its client. The package lives under the
// root module's internal/ so that the example modules can import it;
// nothing in the core imports it, and it imports only the standard library
// and the core.
package adapterkit
