package anthropictest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
)

// Limits of Anthropic's structured outputs and strict tool use (the "JSON
// Schema limitations" section of the structured outputs guide). They apply
// to all strict schemas of one request together.
const (
	MaxStrictTools   = 20 // tools with strict: true in one request
	maxOptional      = 24 // properties not listed in required
	maxUnionParams   = 16 // properties using anyOf or a list of types
	maxMinItemsValue = 1  // minItems may be 0 or 1
)

// allowed are the keywords strict schemas accept. Numeric bounds (minimum,
// maximum, multipleOf), string lengths (minLength, maxLength), maxItems,
// minItems above 1, uniqueItems, not, if/then/else, patternProperties and
// the like are rejected.
var allowed = map[string]bool{
	"type": true, "description": true, "title": true, "properties": true,
	"required": true, "additionalProperties": true, "items": true,
	"enum": true, "const": true, "anyOf": true, "allOf": true, "$ref": true,
	"$defs": true, "definitions": true, "default": true, "format": true,
	"pattern": true, "minItems": true,
}

// formats are the string formats strict schemas accept.
var formats = map[string]bool{
	"date-time": true, "time": true, "date": true, "duration": true,
	"email": true, "hostname": true, "uri": true, "ipv4": true, "ipv6": true,
	"uuid": true,
}

// Budget counts what the limits shared by a request's strict schemas
// count; pass one Budget to CheckStrict for every schema of a request, then
// call Err.
type Budget struct {
	Optional, Unions int
}

// Err reports a budget over its limits.
func (b *Budget) Err() error {
	var errs []error
	if b.Optional > maxOptional {
		errs = append(errs, fmt.Errorf("%d optional properties across strict schemas, the limit is %d", b.Optional, maxOptional))
	}
	if b.Unions > maxUnionParams {
		errs = append(errs, fmt.Errorf("%d properties with anyOf or type lists across strict schemas, the limit is %d", b.Unions, maxUnionParams))
	}
	return errors.Join(errs...)
}

// CheckStrict reports every way schema breaks Anthropic's strict-mode rules:
// the root is not an object, an object does not set additionalProperties to
// false, a keyword or format outside the supported set, minItems above 1,
// an enum value that is not a primitive, a $ref that is not local or that
// recurses. Each problem names its JSON pointer. Optional and union
// properties are added to b (nil: a budget of its own, checked here).
func CheckStrict(schema []byte, b *Budget) error {
	var root map[string]any
	dec := json.NewDecoder(bytes.NewReader(schema))
	dec.UseNumber()
	if err := dec.Decode(&root); err != nil {
		return fmt.Errorf("schema: not a JSON object: %w", err)
	}
	own := b == nil
	if own {
		b = &Budget{}
	}
	c := &checker{root: root, budget: b}
	if root["type"] != "object" {
		c.errs.Addf("", "root type must be \"object\", got %v", root["type"])
	}
	c.walk("", root, nil)
	if own {
		if err := b.Err(); err != nil {
			c.errs = append(c.errs, err)
		}
	}
	return errors.Join(c.errs...)
}

type checker struct {
	root   map[string]any
	budget *Budget
	errs   fakeapi.Problems
}

// walk checks the subschema s at pointer ptr; refs are the $refs being
// expanded around it, to find recursion.
func (c *checker) walk(ptr string, s map[string]any, refs []string) {
	for k := range s {
		if !allowed[k] {
			c.errs.Addf(ptr, "keyword %q is not supported", k)
		}
	}
	if f, ok := s["format"].(string); ok && !formats[f] {
		c.errs.Addf(ptr, "format %q is not supported", f)
	}
	if n, ok := s["minItems"].(json.Number); ok && n.String() != "0" && n.String() != "1" {
		c.errs.Addf(ptr, "minItems %s: only 0 and 1 are supported", n)
	}
	if ref, ok := s["$ref"].(string); ok {
		c.ref(ptr, ref, refs)
	}
	if fakeapi.IsType(s, "object") {
		if ap, ok := s["additionalProperties"]; !ok || ap != false {
			c.errs.Addf(ptr, "additionalProperties must be false")
		}
		props, _ := s["properties"].(map[string]any)
		req := fakeapi.Strings(s["required"])
		for _, r := range req {
			if _, ok := props[r]; !ok {
				c.errs.Addf(ptr, "required names %q, which is not a property", r)
			}
		}
		for name, sub := range props {
			if !slices.Contains(req, name) {
				c.budget.Optional++
			}
			if m, ok := sub.(map[string]any); ok {
				if _, union := m["anyOf"]; union {
					c.budget.Unions++
				} else if _, list := m["type"].([]any); list {
					c.budget.Unions++
				}
			}
			c.sub(ptr+"/properties/"+name, sub, refs)
		}
	}
	if enum, ok := s["enum"].([]any); ok {
		for i, v := range enum {
			switch v.(type) {
			case map[string]any, []any:
				c.errs.Addf(fmt.Sprintf("%s/enum/%d", ptr, i), "enum values must be primitives")
			}
		}
	}
	c.sub(ptr+"/items", s["items"], refs)
	for _, key := range []string{"anyOf", "allOf"} {
		if list, ok := s[key].([]any); ok {
			for i, sub := range list {
				c.sub(fmt.Sprintf("%s/%s/%d", ptr, key, i), sub, refs)
			}
		}
	}
	if ptr == "" {
		for _, key := range []string{"$defs", "definitions"} {
			if defs, ok := s[key].(map[string]any); ok {
				for name, sub := range defs {
					c.sub("/"+key+"/"+name, sub, refs)
				}
			}
		}
	}
}

// ref checks a $ref: local, resolvable, and not recursive.
func (c *checker) ref(ptr, ref string, refs []string) {
	if !strings.HasPrefix(ref, "#/") {
		c.errs.Addf(ptr, "$ref %q is not local", ref)
		return
	}
	if slices.Contains(refs, ref) {
		c.errs.Addf(ptr, "$ref %q is recursive", ref)
		return
	}
	var cur any = c.root
	for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		m, ok := cur.(map[string]any)
		if !ok {
			cur = nil
			break
		}
		cur = m[part]
	}
	target, ok := cur.(map[string]any)
	if !ok {
		c.errs.Addf(ptr, "$ref %q does not resolve", ref)
		return
	}
	// Walk the target as if inlined here, to find a cycle through it; its
	// own problems are reported where it is defined.
	inner := &checker{root: c.root, budget: &Budget{}}
	inner.walk(ptr+"→"+ref, target, append(refs, ref))
	for _, err := range inner.errs {
		if strings.Contains(err.Error(), "is recursive") {
			c.errs = append(c.errs, err)
		}
	}
}

func (c *checker) sub(ptr string, v any, refs []string) {
	if v == nil {
		return
	}
	s, ok := v.(map[string]any)
	if !ok {
		c.errs.Addf(ptr, "subschema must be an object, got %T", v)
		return
	}
	c.walk(ptr, s, refs)
}
