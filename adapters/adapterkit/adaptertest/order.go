package adaptertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// PropertyOrder returns, for every "properties" object in schema (at any
// depth), its keys in the order they appear in the bytes, keyed by the
// JSON pointer of the subschema that holds them ("" for the root). Decoding
// into a map loses that order; a model fills the fields in the order it
// sees them, so the order on the wire is part of the contract.
func PropertyOrder(schema []byte) (map[string][]string, error) {
	dec := json.NewDecoder(bytes.NewReader(schema))
	out := map[string][]string{}
	if err := walkOrder(dec, "", out); err != nil {
		return nil, err
	}
	return out, nil
}

// walkOrder reads one JSON value from dec; ptr is its pointer.
func walkOrder(dec *json.Decoder, ptr string, out map[string][]string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('{'):
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return err
			}
			key, ok := kt.(string)
			if !ok {
				return fmt.Errorf("at %s: object key is %T", ptr, kt)
			}
			if key == "properties" {
				if err := readProperties(dec, ptr, out); err != nil {
					return err
				}
				continue
			}
			if err := walkOrder(dec, ptr+"/"+key, out); err != nil {
				return err
			}
		}
		_, err = dec.Token() // '}'
		return err
	case json.Delim('['):
		for i := 0; dec.More(); i++ {
			if err := walkOrder(dec, fmt.Sprintf("%s/%d", ptr, i), out); err != nil {
				return err
			}
		}
		_, err = dec.Token() // ']'
		return err
	}
	return nil
}

// readProperties reads the value of a "properties" keyword of the
// subschema at ptr, recording its keys in order.
func readProperties(dec *json.Decoder, ptr string, out map[string][]string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok != json.Delim('{') {
		return fmt.Errorf("at %s/properties: not an object", ptr)
	}
	keys := []string{}
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := kt.(string)
		keys = append(keys, key)
		if err := walkOrder(dec, ptr+"/properties/"+key, out); err != nil {
			return err
		}
	}
	out[ptr] = keys
	if _, err := dec.Token(); err != nil && err != io.EOF {
		return err
	}
	return nil
}
