package evaluator

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// FuzzParseDecision checks that ParseDecision never panics, that everything
// it accepts is a valid decision, that every rejection is a *ParseError with
// an offset inside the input, that encoding/json reads an accepted reply
// to the same decision, and that an accepted decision survives a
// marshal/parse round trip unchanged.
func FuzzParseDecision(f *testing.F) {
	f.Add([]byte(passJSON))
	f.Add([]byte("```json\n" + passJSON + "\n```"))
	f.Add([]byte("Decision:\n" + passJSON))
	f.Add([]byte(`{"status":"block","score":0,"blockingFailures":["x"],"stopReason":"missing_evidence"}`))
	f.Add([]byte(`{"status":"pass","score":1,"status":"pass"}`))
	f.Add([]byte(`{"status":"pass","score":1e999}`))
	f.Add([]byte(`{"status":"pass","score":0.5,"criteria":[{"name":"\u00e9","passed":true,"evidenceRefs":["a","b"]}]}`))
	f.Add([]byte("```"))
	f.Add([]byte("{"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		d, err := ParseDecision(raw)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error is %T, want *ParseError: %v", err, err)
			}
			if pe.Offset < -1 || pe.Offset > int64(len(raw)) {
				t.Fatalf("offset %d outside input of %d bytes", pe.Offset, len(raw))
			}
			if !reflect.DeepEqual(d, EvaluationDecision{}) {
				t.Fatalf("rejected reply returned a non-zero decision %+v", d)
			}
			return
		}
		if verr := d.Validate(); verr != nil {
			t.Fatalf("accepted an invalid decision: %v", verr)
		}
		// Differential check: encoding/json must read the same body to the
		// same decision, so the hand-written lexer agrees with the standard.
		body, _, err := ExtractJSON(raw)
		if err != nil {
			t.Fatalf("accepted, but ExtractJSON fails: %v", err)
		}
		var std EvaluationDecision
		if err := json.Unmarshal(body, &std); err != nil {
			t.Fatalf("accepted %q, encoding/json rejects it: %v", body, err)
		}
		if !reflect.DeepEqual(std, d) {
			t.Fatalf("encoding/json reads %+v, ParseDecision %+v", std, d)
		}
		again, err := json.Marshal(d)
		if err != nil {
			t.Fatalf("marshal accepted decision: %v", err)
		}
		d2, err := ParseDecision(again)
		if err != nil {
			t.Fatalf("round trip rejected %s: %v", again, err)
		}
		if d2.Status != d.Status || d2.Score != d.Score || d2.StopReason != d.StopReason ||
			len(d2.Criteria) != len(d.Criteria) {
			t.Fatalf("round trip changed the decision: %+v vs %+v", d, d2)
		}
	})
}
