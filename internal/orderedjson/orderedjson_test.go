package orderedjson

import (
	"encoding/json"
	"testing"
)

func TestParseKeepsOrder(t *testing.T) {
	in := `{"z":1,"a":{"y":[1,"two",true,null,{"b":2,"a":1}],"x":"s"},"m":false}`
	v, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != in {
		t.Fatalf("round trip changed the document:\n got %s\nwant %s", out, in)
	}
}

func TestSetAndPath(t *testing.T) {
	v, err := Parse([]byte(`{"properties":{"name":{"type":"string","description":"d"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	root := v.(*Object)
	name, ok := root.Path("properties", "name")
	if !ok {
		t.Fatal("path not found")
	}
	name.SetAfter("type", "enum", []any{"A", "B"})
	name.Set("description", "e")
	name.Set("extra", 1)
	if _, ok := root.Path("properties", "missing"); ok {
		t.Error("a missing key was found")
	}
	if _, ok := root.Path("properties", "name", "type"); ok {
		t.Error("a string was followed as an object")
	}
	out, _ := json.Marshal(root)
	want := `{"properties":{"name":{"type":"string","enum":["A","B"],"description":"e","extra":1}}}`
	if string(out) != want {
		t.Fatalf("got %s\nwant %s", out, want)
	}
	name.SetAfter("nowhere", "last", true)
	name.SetAfter("type", "enum", []any{"C"})
	out, _ = json.Marshal(name)
	want = `{"type":"string","enum":["C"],"description":"e","extra":1,"last":true}`
	if string(out) != want {
		t.Fatalf("got %s\nwant %s", out, want)
	}
}

func TestParseErrors(t *testing.T) {
	for _, in := range []string{``, `{`, `{"a":}`, `[1,]`, `{} {}`, `{"a":1}x`, `]`} {
		if _, err := Parse([]byte(in)); err == nil {
			t.Errorf("Parse(%q): no error", in)
		}
	}
}

// FuzzParse: Parse never panics, and what it accepts encoding/json
// accepts, and writes back to an equal document.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `{"a":[1,{"b":null}]}`, `"s"`, `1e3`, `{"a":1,"a":2}`, `{"a":`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Parse(data)
		if err != nil {
			return
		}
		if !json.Valid(data) {
			t.Fatalf("Parse accepted invalid JSON %q", data)
		}
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("Marshal: %v", err)
		}
		v2, err := Parse(out)
		if err != nil {
			t.Fatalf("reparse %q: %v", out, err)
		}
		out2, _ := json.Marshal(v2)
		if string(out) != string(out2) {
			t.Fatalf("not stable: %s vs %s", out, out2)
		}
	})
}
