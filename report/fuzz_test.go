package report

import (
	"encoding/json"
	"io"
	"testing"
)

// FuzzFromJSON: whatever a saved file holds, reading it never panics, and
// a report it reads renders as text and HTML without error.
func FuzzFromJSON(f *testing.F) {
	res := fixtureResult(f)
	data, err := json.Marshal(res)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	q, _ := json.Marshal(measureFixture(f))
	f.Add(q)
	g, _ := json.Marshal(gateFixture())
	f.Add(g)
	f.Add([]byte(`{"outcome":"blocked","trace":[{"role":"evaluate","candidate":"a\nb","decision":{"criteria":[{"name":"x","reason":"m (line 2:9, \"zz\")"}]}}],"candidateStep":7}`))
	f.Add([]byte(`{"outcome":"failed","trace":[{"role":"revise","candidate":{"k":[1,2]}},{"role":"revise","candidate":null}],"candidateStep":-5}`))
	f.Add([]byte(`{"confusion":{"counts":[[1,2,3,4]]},"results":[{"case_id":"x","calls":[{"error":"e"}]}],"stability":{"unstable_ids":["x"]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := FromJSON(data)
		if err != nil {
			return
		}
		if err := r.WriteText(io.Discard); err != nil {
			t.Fatalf("text: %v", err)
		}
		if err := r.WriteHTML(io.Discard); err != nil {
			t.Fatalf("html: %v", err)
		}
	})
}

func BenchmarkParseReason(b *testing.B) {
	reason := `quotation not found in the source, even near-verbatim (best similarity 0.55); quote the source or remove the quotation marks (line 9:77, "terminate this Agreement at any time without notice")`
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, _, ok := ParseReason(reason); !ok {
			b.Fatal("not parsed")
		}
	}
}

func BenchmarkLoopHTML(b *testing.B) {
	res := fixtureResult(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := Loop(res, nil).WriteHTML(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
