// Package orderedjson reads JSON into values that keep the order of object
// members, so that a schema loaded from embedded JSON can be edited and
// written back with its properties in their original order (strict
// structured-output modes generate fields in schema order).
package orderedjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Object is a JSON object with its members in order.
type Object []Member

// Member is one member of an Object.
type Member struct {
	Key   string
	Value any
}

// Get returns the value of key and whether it is present.
func (o Object) Get(key string) (any, bool) {
	for _, m := range o {
		if m.Key == key {
			return m.Value, true
		}
	}
	return nil, false
}

// Set replaces the value of key, or appends the member when key is absent.
func (o *Object) Set(key string, v any) {
	for i := range *o {
		if (*o)[i].Key == key {
			(*o)[i].Value = v
			return
		}
	}
	*o = append(*o, Member{Key: key, Value: v})
}

// SetAfter replaces the value of key, or inserts the member right after
// the member named after (at the end when after is absent).
func (o *Object) SetAfter(after, key string, v any) {
	if _, ok := o.Get(key); ok {
		o.Set(key, v)
		return
	}
	for i := range *o {
		if (*o)[i].Key == after {
			*o = append((*o)[:i+1], append(Object{{Key: key, Value: v}}, (*o)[i+1:]...)...)
			return
		}
	}
	*o = append(*o, Member{Key: key, Value: v})
}

// Path follows keys through nested objects and returns the object at the
// end, or false when a key is missing or a value on the way is not an
// object. Changes made through the returned pointer are seen by o.
func (o *Object) Path(keys ...string) (*Object, bool) {
	cur := o
	for _, k := range keys {
		v, ok := cur.Get(k)
		if !ok {
			return nil, false
		}
		if cur, ok = v.(*Object); !ok {
			return nil, false
		}
	}
	return cur, true
}

// MarshalJSON writes the members in order.
func (o Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(m.Key)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		v, err := json.Marshal(m.Value)
		if err != nil {
			return nil, fmt.Errorf("orderedjson: %q: %w", m.Key, err)
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Parse reads one JSON value: objects become *Object, arrays []any, numbers
// json.Number, and strings, booleans and null their Go values. Data after
// the value is an error.
func Parse(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := parseValue(dec)
	if err != nil {
		return nil, fmt.Errorf("orderedjson: %w", err)
	}
	if rest := bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n"); len(rest) > 0 {
		return nil, fmt.Errorf("orderedjson: data after the value (at byte %d)", int(dec.InputOffset())+len(data[dec.InputOffset():])-len(rest))
	}
	return v, nil
}

func parseValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			obj := &Object{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, _ := kt.(string) // the decoder only yields string keys
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				*obj = append(*obj, Member{Key: key, Value: v})
			}
			_, err := dec.Token() // '}'
			return obj, err
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := parseValue(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token() // ']'
			return arr, err
		}
		return nil, errors.New("unexpected delimiter " + t.String())
	}
	return tok, nil
}
