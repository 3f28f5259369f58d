// Package adapterkit is the provider-neutral half of a model adapter: the
// part every adapter of a model API to evalopt's roles shares, held once
// for the adapters in this repository (adapters/openai, adapters/anthropic)
// and for an adapter a user writes for another provider.
//
// An adapter keeps what is the provider's own: building the SDK's request,
// holding the reply to a schema the provider's way, and reading the
// provider's errors, refusals, truncations and usage. It binds its
// client's call to a CompleteFunc and gets from this package the text
// generator and reviser on evaluator.GenerationPrompt and RevisionPrompt
// (NewGenerator, NewReviser), the plain-decision and rubric judges
// (DecisionJudge, RubricJudge), and the checks and error handling every
// client needs: options (CheckConfig), schemas (CheckSchema), dropped
// connections (TransportError) and usage priced into the loop's cost meter
// (ReportCost).
//
// Its subpackages test such an adapter: fakeapi is the base of an
// in-process fake of a provider's HTTP API, and adaptertest the checks
// every adapter must pass (like testing/fstest for an fs.FS).
//
// The module imports only the standard library and the core module.
package adapterkit
