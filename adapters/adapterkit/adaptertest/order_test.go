package adaptertest

import (
	"reflect"
	"testing"
)

func TestPropertyOrder(t *testing.T) {
	schema := `{"type":"object","properties":{"status":{"type":"string"},"criteria":{"type":"array","items":{"type":"object","properties":{"name":{},"passed":{},"reason":{}}}},"score":{"type":"number"}}}`
	got, err := PropertyOrder([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"":                           {"status", "criteria", "score"},
		"/properties/criteria/items": {"name", "passed", "reason"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("PropertyOrder = %v, want %v", got, want)
	}
	if _, err := PropertyOrder([]byte(`{"properties":`)); err == nil {
		t.Error("truncated schema: want an error")
	}
}
