package strictschema

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/invopop/jsonschema"

	"github.com/evalopt/evalopt/evaluator"
)

// Reflect returns the strict JSON Schema of v, a struct or a pointer to
// one: all definitions inlined, every object listing all its properties as
// required and setting additionalProperties to false, no $schema or $id at
// the root. Descriptions come from jsonschema_description struct tags. Each
// call returns a fresh schema the caller may modify.
func Reflect(v any) *jsonschema.Schema {
	r := jsonschema.Reflector{
		DoNotReference: true,
		ExpandedStruct: true,
		Anonymous:      true,
		Mapper:         mapper,
	}
	s := r.Reflect(v)
	s.Version = ""
	s.ID = ""
	makeStrict(s)
	return s
}

// JSON returns Reflect(v) marshalled, properties in field order.
func JSON(v any) (json.RawMessage, error) {
	b, err := json.Marshal(Reflect(v))
	if err != nil {
		return nil, fmt.Errorf("strictschema: %T: %w", v, err)
	}
	return b, nil
}

var (
	statusType     = reflect.TypeOf(evaluator.Status(""))
	stopReasonType = reflect.TypeOf(evaluator.StopReason(""))
)

// mapper gives the contract's enum types their enums.
func mapper(t reflect.Type) *jsonschema.Schema {
	switch t {
	case statusType:
		enum := make([]any, 0, 4)
		for _, s := range evaluator.Statuses() {
			enum = append(enum, string(s))
		}
		return &jsonschema.Schema{Type: "string", Enum: enum, Description: "pass, revise, block or escalate."}
	case stopReasonType:
		enum := []any{""}
		for _, r := range evaluator.JudgeStopReasons() {
			enum = append(enum, string(r))
		}
		return &jsonschema.Schema{Type: "string", Enum: enum,
			Description: "Why the loop should stop, or the empty string for no stop reason."}
	}
	return nil
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
