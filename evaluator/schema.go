package evaluator

import (
	"bytes"
	_ "embed"
	"encoding/json"
)

//go:generate go run ../internal/schemagen

// decisionSchemaFile is the decision schema, generated at build time by
// internal/schemagen (go generate) with package evaluator/strictschema, so
// that this package needs no schema library at run time. A test fails when
// it is stale.
//
//go:embed decision_schema.json
var decisionSchemaFile []byte

// decisionSchema is decisionSchemaFile without white space.
var decisionSchema = compactJSON(decisionSchemaFile)

// DecisionSchema returns the JSON Schema of EvaluationDecision as the judge
// sees it, ready to pass to a model provider as a strict structured-output
// schema (OpenAI's response_format json_schema, Anthropic's tool
// input_schema or output_format, a framework's output schema): every object
// at every depth lists all its properties as required and sets
// additionalProperties to false, nothing is referenced through $ref,
// properties keep the struct's field order, status carries its enum and
// stopReason offers "" and the stop reasons a judge may give
// (JudgeStopReasons), not the controller's. Each call returns a fresh copy
// the caller may modify; unmarshal it into map[string]any when an SDK wants
// a map (property order is then the map's).
func DecisionSchema() json.RawMessage {
	return bytes.Clone(decisionSchema)
}

// compactJSON removes the white space of package data; the package's tests
// check that the data is valid JSON, so an error here cannot happen.
func compactJSON(b []byte) []byte {
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		return b
	}
	return out.Bytes()
}
