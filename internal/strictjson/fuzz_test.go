package strictjson

import (
	"encoding/json"
	"errors"
	"testing"
)

// FuzzCheck feeds arbitrary bytes to Check. It must never panic, every
// offset must lie inside the input, and whatever Check accepts must be
// valid JSON that encoding/json decodes.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		`{"name":"a","score":0.5}`,
		`{"name":"a","score":0,"tags":null,"labels":{"k":"v"},"extra":[1,{"x":null}]}`,
		`{"name":"a","name":"b"}`,
		`{"name":"a","score":1e400,"count":1.5}`,
		`{"dimensions":[{"name":"d","score":"x"}]}`,
		`[1,2`,
		``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := Check(data, reportShape)
		if err == nil {
			if !json.Valid(data) {
				t.Fatalf("accepted invalid JSON %q", data)
			}
			return
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("error %v is not an *Error", err)
		}
		if e.Offset < 0 || e.Offset > int64(len(data)) {
			t.Fatalf("offset %d outside input of %d bytes", e.Offset, len(data))
		}
		if e.Problem == "" {
			t.Fatalf("empty problem for %q", data)
		}
	})
}
