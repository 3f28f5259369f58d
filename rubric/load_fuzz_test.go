package rubric

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// FuzzLoad: whatever the file, Load never panics; an error matches
// ErrInvalidRubric; an accepted rubric validates and survives Save and Load
// unchanged.
//
// The valid seed is the two-dimension small() rubric, compact, not the
// 6 KB deliverable preset: the fuzzer minimises every new interesting input
// (for up to a minute each), and minimising mutations of a 6 KB seed at a
// Load, Save and Load per try took the whole fuzzing budget before a
// single fresh input was tried. The preset's round trip is a plain test
// (TestSaveLoadRoundTrip).
func FuzzLoad(f *testing.F) {
	seed, err := json.Marshal(small())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add([]byte(`{"name":"x"}`))
	f.Add([]byte(`{"name":"x","name":"y"}`))
	f.Add([]byte(`{"dimensions":[{"name":"a","weight":1.7}]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Load(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrInvalidRubric) {
				t.Fatalf("error does not match ErrInvalidRubric: %v", err)
			}
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("Load accepted an invalid rubric: %v", err)
		}
		var out bytes.Buffer
		if err := r.Save(&out); err != nil {
			t.Fatalf("Save of a loaded rubric: %v", err)
		}
		again, err := Load(&out)
		if err != nil {
			t.Fatalf("Load of a saved rubric: %v\n%s", err, out.String())
		}
		if !reflect.DeepEqual(r, again) {
			t.Fatalf("round trip changed the rubric:\n%+v\n%+v", r, again)
		}
	})
}
