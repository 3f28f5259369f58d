package quality

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

// FuzzParseCases checks that the case loaders never panic, that every
// error they return is a located *CaseError, and that whatever they accept
// is a valid set that survives a JSON round trip unchanged.
func FuzzParseCases(f *testing.F) {
	f.Add([]byte(`[`+okCaseJSON+`]`), false)
	f.Add([]byte(okCaseJSON+"\n"), true)
	f.Add([]byte(`[{"case_id":"a","candidate":"x","available_evidence":[{"id":"e","content":"c","metadata":{"k":"v"}}],"expected_decision":{"status":"block","blocking_failures":["f"],"must_not_pass":true}}]`), false)
	f.Add([]byte(`[{"case_id":"a","case_id":"a"}]`), false)
	f.Add([]byte("{\"case_id\":\"a\"}\n{"), true)
	f.Fuzz(func(t *testing.T, data []byte, jsonl bool) {
		parse := func(b []byte) ([]Case, error) { return parseCases("", b) }
		if jsonl {
			parse = func(b []byte) ([]Case, error) { return parseCasesJSONL("", b) }
		}
		cases, err := parse(data)
		if err != nil {
			var ce *CaseError
			if !errors.Is(err, ErrInvalidCase) || !errors.As(err, &ce) {
				t.Fatalf("error is not a *CaseError: %v", err)
			}
			if cases != nil {
				t.Fatalf("cases returned with an error: %v", cases)
			}
			return
		}
		if len(cases) == 0 {
			t.Fatal("accepted a set with no cases")
		}
		if err := ValidateCases(cases); err != nil {
			t.Fatalf("accepted an invalid set: %v", err)
		}
		first, err := json.Marshal(cases)
		if err != nil {
			t.Fatal(err)
		}
		again, err := parseCases("", first)
		if err != nil {
			t.Fatalf("re-parsing %s: %v", first, err)
		}
		second, err := json.Marshal(again)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, second) {
			t.Fatalf("round trip changed the cases:\n%s\n%s", first, second)
		}
	})
}
