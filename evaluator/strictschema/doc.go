// Package strictschema reflects Go types into JSON Schemas that the strict
// structured-output modes of model providers accept: every definition
// inlined, every object listing all its properties as required (omitempty
// ones included) and forbidding additional properties, properties in field
// order.
//
// It is the only evalopt package that imports github.com/invopop/jsonschema
// (pinned to v0.13.0, the version Genkit Go v1.7.0 builds with), so the core
// packages (evaluator, loop, rubric, checks) stay free of third-party code
// at run time: their fixed schemas are generated with this package at build
// time (go generate) and embedded as JSON. Use it for your own model-facing
// types; evaluator.Status and evaluator.StopReason fields get their enums
// (a stop reason offers only those a judge may give, see
// evaluator.JudgeStopReasons).
package strictschema
