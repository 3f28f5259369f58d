package rubric

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
)

// FuzzLoad: whatever the file, Load never panics; an error matches
// ErrInvalidRubric; an accepted rubric validates and survives Save and Load
// unchanged.
func FuzzLoad(f *testing.F) {
	var buf bytes.Buffer
	if err := Deliverable().Save(&buf); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
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
