package fakeapi

import (
	"fmt"
	"slices"
)

// Problems collects what a strict-mode checker finds in a schema, each
// named by its JSON pointer.
type Problems []error

// Addf records a problem at the JSON pointer ptr ("" is the root, "/").
func (p *Problems) Addf(ptr, format string, args ...any) {
	if ptr == "" {
		ptr = "/"
	}
	*p = append(*p, fmt.Errorf("schema %s: %s", ptr, fmt.Sprintf(format, args...)))
}

// IsType reports whether the schema s's "type" is t or a list that holds
// t.
func IsType(s map[string]any, t string) bool {
	switch v := s["type"].(type) {
	case string:
		return v == t
	case []any:
		return slices.Contains(v, any(t))
	}
	return false
}

// Strings returns the strings of v when v is a decoded JSON array; other
// elements, and any other v, give none.
func Strings(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, x := range list {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
