package openaitest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
)

// Limits of OpenAI's strict structured outputs (the "Supported schemas"
// section of the Structured Outputs guide).
const (
	maxProperties  = 5000   // object properties in the whole schema
	maxDepth       = 10     // levels of nested objects
	maxStringChars = 120000 // property names, definition names, enum and const values
	maxEnumValues  = 1000   // enum values in the whole schema
	bigEnum        = 250    // a string enum longer than this...
	bigEnumChars   = 15000  // ...may hold at most this many characters
)

// allowed are the keywords strict mode accepts on every model, fine-tuned
// ones included. minLength, maxLength, pattern, format, minimum, maximum,
// multipleOf, minItems, maxItems and the like are accepted by some models
// and rejected by fine-tuned ones, so a portable schema leaves them out; the
// composition keywords (allOf, not, if/then/else, dependent*) and
// patternProperties, unevaluated*, propertyNames, contains, uniqueItems are
// never supported.
var allowed = map[string]bool{
	"type": true, "description": true, "title": true, "properties": true,
	"required": true, "additionalProperties": true, "items": true,
	"enum": true, "const": true, "anyOf": true, "$ref": true, "$defs": true,
	"definitions": true,
}

// CheckStrict reports every way schema breaks OpenAI's strict-mode rules:
// the root is not an object or is an anyOf, an object does not set
// additionalProperties to false or does not list every property in
// required, a keyword outside the portable set, a $ref that is not local,
// or a size limit exceeded. Each problem names its JSON pointer.
func CheckStrict(schema []byte) error {
	var root map[string]any
	dec := json.NewDecoder(bytes.NewReader(schema))
	dec.UseNumber()
	if err := dec.Decode(&root); err != nil {
		return fmt.Errorf("schema: not a JSON object: %w", err)
	}
	c := &checker{root: root}
	if root["type"] != "object" {
		c.errs.Addf("", "root type must be \"object\", got %v", root["type"])
	}
	if _, ok := root["anyOf"]; ok {
		c.errs.Addf("", "root must not be anyOf")
	}
	c.walk("", root, 0)
	if c.props > maxProperties {
		c.errs.Addf("", "%d object properties, the limit is %d", c.props, maxProperties)
	}
	if c.chars > maxStringChars {
		c.errs.Addf("", "%d characters of names and enum values, the limit is %d", c.chars, maxStringChars)
	}
	if c.enums > maxEnumValues {
		c.errs.Addf("", "%d enum values, the limit is %d", c.enums, maxEnumValues)
	}
	return errors.Join(c.errs...)
}

type checker struct {
	root                map[string]any
	errs                fakeapi.Problems
	props, chars, enums int
}

// walk checks the subschema s at pointer ptr; depth counts the objects
// around it.
func (c *checker) walk(ptr string, s map[string]any, depth int) {
	for k := range s {
		if !allowed[k] {
			c.errs.Addf(ptr, "keyword %q is not supported in strict mode", k)
		}
	}
	if ref, ok := s["$ref"].(string); ok && !strings.HasPrefix(ref, "#") {
		c.errs.Addf(ptr, "$ref %q is not local", ref)
	}
	if fakeapi.IsType(s, "object") {
		depth++
		if depth > maxDepth {
			c.errs.Addf(ptr, "objects nested %d deep, the limit is %d", depth, maxDepth)
		}
		if ap, ok := s["additionalProperties"]; !ok || ap != false {
			c.errs.Addf(ptr, "additionalProperties must be false")
		}
		props, _ := s["properties"].(map[string]any)
		req := fakeapi.Strings(s["required"])
		for name := range props {
			c.props++
			c.chars += len(name)
			if !slices.Contains(req, name) {
				c.errs.Addf(ptr, "property %q is not in required", name)
			}
		}
		for _, r := range req {
			if _, ok := props[r]; !ok {
				c.errs.Addf(ptr, "required names %q, which is not a property", r)
			}
		}
		for name, sub := range props {
			c.sub(ptr+"/properties/"+name, sub, depth)
		}
	}
	if enum, ok := s["enum"].([]any); ok {
		c.enums += len(enum)
		n := 0
		for _, v := range enum {
			if str, ok := v.(string); ok {
				n += len(str)
			}
		}
		c.chars += n
		if len(enum) > bigEnum && n > bigEnumChars {
			c.errs.Addf(ptr, "enum of %d values holds %d characters, the limit is %d", len(enum), n, bigEnumChars)
		}
	}
	if str, ok := s["const"].(string); ok {
		c.chars += len(str)
	}
	c.sub(ptr+"/items", s["items"], depth)
	if list, ok := s["anyOf"].([]any); ok {
		for i, sub := range list {
			c.sub(fmt.Sprintf("%s/anyOf/%d", ptr, i), sub, depth)
		}
	}
	for _, key := range []string{"$defs", "definitions"} {
		if defs, ok := s[key].(map[string]any); ok {
			for name, sub := range defs {
				c.chars += len(name)
				c.sub(ptr+"/"+key+"/"+name, sub, depth)
			}
		}
	}
}

func (c *checker) sub(ptr string, v any, depth int) {
	if v == nil {
		return
	}
	s, ok := v.(map[string]any)
	if !ok {
		c.errs.Addf(ptr, "subschema must be an object, got %T", v)
		return
	}
	c.walk(ptr, s, depth)
}
