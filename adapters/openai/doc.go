// Package openaiadapter (import path
// github.com/evalopt/evalopt/adapters/openai) wires evalopt's roles to
// OpenAI's Chat Completions API, or its Responses API (Config.API), through
// the official SDK (github.com/openai/openai-go/v3): a rubric
// judge and a plain-decision judge constrained by strict json_schema
// response formats, and a generator and a reviser for text candidates.
//
// Every role reports the Client's model, so the loop's self-approval guard
// refuses a judge on the generator's model. The SDK's retries are off on
// every request, so a failed call is retried once, by loop.WithRetry, and
// the trace shows every attempt; errors are classified so that the loop
// never retries a permanent one (a 400, a 401, a refusal, a truncated
// reply). Token usage becomes cost through Config.Prices and is reported
// to the loop's cost meter, so WithMaxCost works.
//
// Schemas go on the wire byte for byte, so the order of their properties
// (the order the model fills them in) is the order the library wrote.
//
// The package is named openaiadapter, not openai, so that it reads apart
// from the SDK's own package at the call site (openai.NewClient,
// openaiadapter.New). Its subpackage openaitest is an in-process fake of
// the API for a caller's tests.
package openaiadapter
