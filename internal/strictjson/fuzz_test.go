package strictjson

import (
	"encoding/json"
	"errors"
	"testing"
)

// FuzzCheck feeds arbitrary bytes to Check and CheckAll. Neither may panic,
// every offset must lie inside the input, whatever Check accepts must be
// valid JSON, and CheckAll must start with Check's problem and end at a
// syntax error if it meets one. Check with no shape must agree with
// json.Valid on every input.
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
		// Differential: the Lexer's grammar is encoding/json's.
		if anyErr := Check(data, nil); (anyErr == nil) != json.Valid(data) {
			t.Fatalf("Check(any) = %v, json.Valid = %v for %q", anyErr, json.Valid(data), data)
		}
		err := Check(data, reportShape)
		if err == nil {
			if !json.Valid(data) {
				t.Fatalf("accepted invalid JSON %q", data)
			}
			if all, more := CheckAll(data, reportShape, 0); all != nil || more != 0 {
				t.Fatalf("CheckAll found %v where Check found nothing", all)
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
		all, _ := CheckAll(data, reportShape, 0)
		if len(all) == 0 || all[0].Error() != e.Error() {
			t.Fatalf("CheckAll's first problem %v is not Check's %v", all, e)
		}
		for i, a := range all {
			if a.Offset < 0 || a.Offset > int64(len(data)) {
				t.Fatalf("problem %d: offset %d outside input of %d bytes", i, a.Offset, len(data))
			}
			if a.Err != nil && i != len(all)-1 {
				t.Fatalf("problem %d is a syntax error but not the last: %v", i, all)
			}
		}
	})
}
