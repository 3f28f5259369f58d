// Package fakeapi is the part every in-process fake of a model provider's
// HTTP API shares, held once for the adapters' fakes
// (adapters/openai/openaitest, adapters/anthropic/anthropictest): an httptest server that reads each request with a
// bounded body, records it in arrival order, lets the provider's parser
// reject a malformed one with the API's own error reply, and answers the
// rest with the provider's handler, or by dropping the connection or
// stalling, as failing servers do (server.go); the reading of a message's
// text content (content.go); and the JSON Schema helpers and fuzz seeds
// the strict-mode checkers use (schema.go).
//
// What each API accepts and answers (its wire shapes, strict-mode rules,
// error bodies) stays in the provider's own fake. It imports only the
// standard library.
package fakeapi
