package golden

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
)

// strictDecoder walks a JSON document field by field so that every problem
// can be reported with its JSON path (expected_findings[2].min_severity),
// which encoding/json's DisallowUnknownFields cannot do. It collects every
// problem rather than stopping at the first.
type strictDecoder struct {
	file string
	errs []error
}

func (d *strictDecoder) fail(field, format string, args ...any) {
	d.errs = append(d.errs, &DataError{File: d.file, Field: field, Problem: fmt.Sprintf(format, args...)})
}

func (d *strictDecoder) err() error { return errors.Join(d.errs...) }

// document checks that data is one valid JSON object with nothing after it
// and returns it; it records the problem and returns nil otherwise.
func (d *strictDecoder) document(data []byte) *jsonObject {
	if !json.Valid(data) {
		var v any
		err := json.Unmarshal(data, &v)
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			// Offset counts the bytes read, the offending one included;
			// report the zero-based position of that byte.
			d.fail("", "invalid JSON at byte %d: %v", max(syn.Offset-1, 0), syn)
		} else {
			d.fail("", "invalid JSON: %v", err)
		}
		return nil
	}
	return d.object(bytes.TrimSpace(data), "")
}

// jsonObject is one decoded JSON object: its fields in document order and
// the names a caller has consumed, so that done can report the rest.
type jsonObject struct {
	d      *strictDecoder
	path   string
	names  []string
	fields map[string]json.RawMessage
	used   map[string]bool
}

// object decodes raw (already known to be valid JSON) as an object,
// reporting duplicate keys; it returns nil when raw is not an object.
func (d *strictDecoder) object(raw json.RawMessage, path string) *jsonObject {
	if k := kindOf(raw); k != "object" {
		d.fail(path, "must be an object, got %s", k)
		return nil
	}
	o := &jsonObject{d: d, path: path, fields: map[string]json.RawMessage{}, used: map[string]bool{}}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil { // the opening brace
		d.fail(path, "invalid object: %v", err)
		return nil
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			d.fail(path, "invalid object: %v", err)
			return nil
		}
		name, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			d.fail(join(path, name), "invalid value: %v", err)
			return nil
		}
		if _, dup := o.fields[name]; dup {
			d.fail(join(path, name), "duplicate key")
			continue
		}
		o.names = append(o.names, name)
		o.fields[name] = v
	}
	if _, err := dec.Token(); err != nil && !errors.Is(err, io.EOF) { // the closing brace
		d.fail(path, "invalid object: %v", err)
	}
	return o
}

// join appends a field name to a JSON path.
func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// index appends an array index to a JSON path.
func index(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }

// kindOf names the JSON kind of a valid raw value.
func kindOf(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// take returns the raw value of a field and marks it used.
func (o *jsonObject) take(name string) (json.RawMessage, bool) {
	raw, ok := o.fields[name]
	if ok {
		o.used[name] = true
	}
	return raw, ok
}

// takeList is take for optional lists and maps: null counts as absent, so
// that what encoding/json writes for a nil slice or map reads back.
func (o *jsonObject) takeList(name string) (json.RawMessage, bool) {
	raw, ok := o.take(name)
	if ok && kindOf(raw) == "null" {
		return nil, false
	}
	return raw, ok
}

// has reports whether the object holds a field, without consuming it.
func (o *jsonObject) has(name string) bool {
	_, ok := o.fields[name]
	return ok
}

// str decodes a string field into dst; a missing field leaves dst alone and
// is an error when required.
func (o *jsonObject) str(name string, dst *string, required bool) {
	raw, ok := o.take(name)
	if !ok {
		if required {
			o.d.fail(join(o.path, name), "missing")
		}
		return
	}
	decodeString(o.d, raw, join(o.path, name), dst)
}

func decodeString(d *strictDecoder, raw json.RawMessage, path string, dst *string) bool {
	if k := kindOf(raw); k != "string" {
		d.fail(path, "must be a string, got %s", k)
		return false
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		d.fail(path, "invalid string: %v", err)
		return false
	}
	return true
}

// strs decodes an array of strings; nonEmpty rejects empty entries.
func (o *jsonObject) strs(name string, dst *[]string, nonEmpty bool) {
	raw, ok := o.takeList(name)
	if !ok {
		return
	}
	*dst = decodeStrings(o.d, raw, join(o.path, name), nonEmpty)
}

func decodeStrings(d *strictDecoder, raw json.RawMessage, path string, nonEmpty bool) []string {
	items, ok := decodeArray(d, raw, path)
	if !ok {
		return nil
	}
	out := make([]string, 0, len(items))
	for i, it := range items {
		var s string
		if !decodeString(d, it, index(path, i), &s) {
			continue
		}
		if nonEmpty && s == "" {
			d.fail(index(path, i), "empty")
			continue
		}
		out = append(out, s)
	}
	return out
}

func decodeArray(d *strictDecoder, raw json.RawMessage, path string) ([]json.RawMessage, bool) {
	if k := kindOf(raw); k != "array" {
		d.fail(path, "must be an array, got %s", k)
		return nil, false
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		d.fail(path, "invalid array: %v", err)
		return nil, false
	}
	return items, true
}

// array decodes an array field into its raw items.
func (o *jsonObject) array(name string) ([]json.RawMessage, bool) {
	raw, ok := o.takeList(name)
	if !ok {
		return nil, false
	}
	return decodeArray(o.d, raw, join(o.path, name))
}

// boolean decodes a boolean field; a missing field leaves dst alone.
func (o *jsonObject) boolean(name string, dst *bool) {
	raw, ok := o.take(name)
	if !ok {
		return
	}
	if k := kindOf(raw); k != "boolean" {
		o.d.fail(join(o.path, name), "must be a boolean, got %s", k)
		return
	}
	_ = json.Unmarshal(raw, dst) // cannot fail: the kind is checked
}

// number decodes a finite number field; it reports whether it was present
// and valid.
func (o *jsonObject) number(name string, dst *float64) bool {
	raw, ok := o.take(name)
	if !ok {
		return false
	}
	return decodeNumber(o.d, raw, join(o.path, name), dst)
}

func decodeNumber(d *strictDecoder, raw json.RawMessage, path string, dst *float64) bool {
	if k := kindOf(raw); k != "number" {
		d.fail(path, "must be a number, got %s", k)
		return false
	}
	f, err := strconv.ParseFloat(string(bytes.TrimSpace(raw)), 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		d.fail(path, "number out of range: %s", raw)
		return false
	}
	*dst = f
	return true
}

// integer decodes an integer field; it reports whether it was present and
// valid.
func (o *jsonObject) integer(name string, dst *int) bool {
	raw, ok := o.take(name)
	if !ok {
		return false
	}
	path := join(o.path, name)
	if k := kindOf(raw); k != "number" {
		o.d.fail(path, "must be an integer, got %s", k)
		return false
	}
	n, err := strconv.ParseInt(string(bytes.TrimSpace(raw)), 10, 0)
	if err != nil {
		o.d.fail(path, "must be an integer, got %s", raw)
		return false
	}
	*dst = int(n)
	return true
}

// stringLists decodes an object whose values are arrays of non-empty strings
// (a synonym table); keys must be non-empty.
func (o *jsonObject) stringLists(name string) map[string][]string {
	raw, ok := o.takeList(name)
	if !ok {
		return nil
	}
	path := join(o.path, name)
	obj := o.d.object(raw, path)
	if obj == nil {
		return nil
	}
	out := make(map[string][]string, len(obj.names))
	for _, k := range obj.names {
		obj.used[k] = true
		if k == "" {
			o.d.fail(path, "empty key")
			continue
		}
		out[k] = decodeStrings(o.d, obj.fields[k], join(path, k), true)
	}
	return out
}

// done reports every field the caller did not consume as unknown, in sorted
// order so that messages are deterministic.
func (o *jsonObject) done() {
	var unknown []string
	for _, n := range o.names {
		if !o.used[n] {
			unknown = append(unknown, n)
		}
	}
	sort.Strings(unknown)
	for _, n := range unknown {
		o.d.fail(join(o.path, n), "unknown field")
	}
}
