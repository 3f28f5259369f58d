package evaluator

import (
	"github.com/invopop/jsonschema"
)

// DecisionSchema returns the JSON Schema of EvaluationDecision, ready to pass
// to a model provider as a strict structured-output schema: every object at
// every depth lists all its properties as required and sets
// additionalProperties to false, nothing is referenced through $ref, and
// status and stopReason carry their enums (stopReason allows ""). Each call
// returns a fresh schema the caller may modify.
func DecisionSchema() *jsonschema.Schema {
	return StrictSchema(&EvaluationDecision{})
}

// StrictSchema reflects v (a struct or a pointer to one) into a JSON Schema
// that strict structured-output modes accept: all definitions are inlined,
// every object lists all its properties as required (omitempty included)
// and forbids additional properties. The root carries no $schema or $id.
// Other packages use it for their own model-facing types.
func StrictSchema(v any) *jsonschema.Schema {
	r := jsonschema.Reflector{
		DoNotReference: true,
		ExpandedStruct: true,
		Anonymous:      true,
	}
	s := r.Reflect(v)
	s.Version = ""
	s.ID = ""
	makeStrict(s)
	return s
}

// makeStrict walks every subschema of s and closes each object.
func makeStrict(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if s.Properties != nil && s.Properties.Len() > 0 {
		s.Type = "object"
		s.Required = s.Required[:0]
		for pair := s.Properties.Oldest(); pair != nil; pair = pair.Next() {
			s.Required = append(s.Required, pair.Key)
			makeStrict(pair.Value)
		}
	}
	if s.Type == "object" {
		s.AdditionalProperties = jsonschema.FalseSchema
	}
	makeStrict(s.Items)
	for _, d := range s.Definitions {
		makeStrict(d)
	}
	for _, list := range [][]*jsonschema.Schema{s.AllOf, s.AnyOf, s.OneOf, s.PrefixItems} {
		for _, sub := range list {
			makeStrict(sub)
		}
	}
}

// JSONSchema describes Status as a string enum; invopop/jsonschema calls it
// when reflecting any struct with a Status field.
func (Status) JSONSchema() *jsonschema.Schema {
	enum := make([]any, 0, 4)
	for _, s := range Statuses() {
		enum = append(enum, string(s))
	}
	return &jsonschema.Schema{
		Type:        "string",
		Enum:        enum,
		Description: "pass, revise, block or escalate.",
	}
}

// JSONSchema describes StopReason as a string enum that includes the empty
// string ("no stop reason").
func (StopReason) JSONSchema() *jsonschema.Schema {
	enum := []any{""}
	for _, r := range StopReasons() {
		enum = append(enum, string(r))
	}
	return &jsonschema.Schema{
		Type:        "string",
		Enum:        enum,
		Description: "Why the loop should stop, or the empty string for no stop reason.",
	}
}
