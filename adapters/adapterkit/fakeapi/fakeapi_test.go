package fakeapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// req is a provider request type for the tests: the received part and
// the one field the parser reads.
type req struct {
	Received
	Model string
}

// parseReq accepts a POST whose JSON body names a model; anything else
// gets a 400 naming what is wrong.
func parseReq(r *http.Request, in Received, readErr error) (req, *Reply) {
	q := req{Received: in}
	var body struct{ Model string }
	switch {
	case readErr != nil:
		return q, &Reply{Status: http.StatusBadRequest, Body: []byte(`{"error":"read"}`)}
	case r.Method != http.MethodPost:
		return q, &Reply{Status: http.StatusNotFound, Body: []byte(`{"error":"method"}`)}
	case json.Unmarshal(in.Body, &body) != nil || body.Model == "":
		return q, &Reply{Status: http.StatusBadRequest, Body: []byte(`{"error":"model"}`)}
	}
	q.Model = body.Model
	return q, nil
}

func post(t *testing.T, url, body string) (*http.Response, []byte) {
	t.Helper()
	res, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}

func TestServerRecordsAndAnswers(t *testing.T) {
	srv := New(parseReq, func(q req) Reply {
		return Reply{Header: http.Header{"Retry-After": {"0"}}, Body: []byte(`{"model":"` + q.Model + `"}`)}
	}, "X-Request-Id")
	defer srv.Close()

	res, body := post(t, srv.URL(), `{"model":"m1"}`)
	if res.StatusCode != http.StatusOK || string(body) != `{"model":"m1"}` {
		t.Errorf("accepted request: %d %s", res.StatusCode, body)
	}
	if res.Header.Get("X-Request-Id") != "req_fake0001" || res.Header.Get("Retry-After") != "0" || res.Header.Get("Content-Type") != "application/json" {
		t.Errorf("headers %v", res.Header)
	}
	res, body = post(t, srv.URL(), `{"model":""}`)
	if res.StatusCode != http.StatusBadRequest || string(body) != `{"error":"model"}` {
		t.Errorf("rejected request: %d %s", res.StatusCode, body)
	}
	if res.Header.Get("X-Request-Id") != "req_fake0002" {
		t.Errorf("a rejected request has request id %q", res.Header.Get("X-Request-Id"))
	}

	reqs := srv.Requests()
	if srv.Count() != 2 || len(reqs) != 2 {
		t.Fatalf("count %d, %d requests; want 2", srv.Count(), len(reqs))
	}
	if reqs[0].N != 1 || reqs[0].Model != "m1" || string(reqs[0].Body) != `{"model":"m1"}` || reqs[0].Header.Get("Content-Type") != "application/json" {
		t.Errorf("first request recorded as %+v", reqs[0])
	}
	if reqs[1].N != 2 || string(reqs[1].Body) != `{"model":""}` {
		t.Errorf("a rejected request is recorded too, with its body: %+v", reqs[1])
	}
	reqs[0].Model = "changed"
	if srv.Requests()[0].Model != "m1" {
		t.Error("Requests hands out the server's own slice")
	}
}

func TestServerNumbersConcurrentRequests(t *testing.T) {
	srv := New(parseReq, func(req) Reply { return Reply{} }, "Request-Id")
	defer srv.Close()
	const n = 20
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := http.Post(srv.URL(), "application/json", strings.NewReader(`{"model":"m"}`))
			if err != nil {
				t.Error(err) // not Fatal: this is not the test's goroutine
				return
			}
			res.Body.Close()
		}()
	}
	wg.Wait()
	seen := map[int]bool{}
	for _, q := range srv.Requests() {
		seen[q.N] = true
	}
	for i := 1; i <= n; i++ {
		if !seen[i] {
			t.Errorf("no request numbered %d", i)
		}
	}
}

func TestServerBoundsTheBody(t *testing.T) {
	srv := New(parseReq, func(req) Reply { return Reply{} }, "Request-Id")
	defer srv.Close()
	big := `{"model":"m","pad":"` + strings.Repeat("x", MaxBody) + `"}`
	res, _ := post(t, srv.URL(), big)
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("a body over MaxBody: status %d, want the parser's 400 on the cut JSON", res.StatusCode)
	}
	if got := len(srv.Requests()[0].Body); got != MaxBody {
		t.Errorf("recorded %d bytes, want MaxBody (%d)", got, MaxBody)
	}
}

func TestHangup(t *testing.T) {
	srv := New(parseReq, func(req) Reply { return Hangup() }, "Request-Id")
	defer srv.Close()
	_, err := http.Post(srv.URL(), "application/json", strings.NewReader(`{"model":"m"}`))
	if err == nil {
		t.Fatal("a hung-up request got an answer")
	}
	if srv.Count() != 1 {
		t.Errorf("count %d, want 1", srv.Count())
	}
}

func TestStallWaitsForTheClient(t *testing.T) {
	srv := New(parseReq, func(req) Reply { return Stall() }, "Request-Id")
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL(), bytes.NewReader([]byte(`{"model":"m"}`)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = http.DefaultClient.Do(hr)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the client's deadline", err)
	}
}

func TestContentText(t *testing.T) {
	cases := []struct {
		raw, want string
		err       bool
	}{
		{`"hello"`, "hello", false},
		{`[{"type":"text","text":"a"},{"type":"image"},{"type":"text","text":"b"}]`, "ab", false},
		{`[]`, "", false},
		{`42`, "", true},
		{`{"text":"x"}`, "", true},
		{`[1]`, "", true},
	}
	for _, c := range cases {
		got, err := ContentText(json.RawMessage(c.raw))
		if (err != nil) != c.err || got != c.want {
			t.Errorf("ContentText(%s) = %q, %v; want %q, error %v", c.raw, got, err, c.want, c.err)
		}
	}
}

func FuzzContentText(f *testing.F) {
	for _, s := range []string{`"a"`, `[{"text":"a"}]`, `[]`, `null`, `{"text":1}`, `["x"]`, `"\u0000"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		got, err := ContentText(raw)
		if err != nil && got != "" {
			t.Fatalf("text %q with error %v", got, err)
		}
		var s string
		if json.Unmarshal(raw, &s) == nil && (err != nil || got != s) {
			t.Fatalf("a JSON string %q read as %q, %v", s, got, err)
		}
	})
}

func TestProblems(t *testing.T) {
	var p Problems
	p.Addf("", "root %s", "bad")
	p.Addf("/properties/a", "keyword %q", "minLength")
	want := "schema /: root bad\nschema /properties/a: keyword \"minLength\""
	if got := errors.Join(p...).Error(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestIsTypeAndStrings(t *testing.T) {
	var s map[string]any
	if err := json.Unmarshal([]byte(`{"a":{"type":"object"},"b":{"type":["string","null"]},"c":{"type":3},"d":{}}`), &s); err != nil {
		t.Fatal(err)
	}
	sub := func(k string) map[string]any { return s[k].(map[string]any) }
	if !IsType(sub("a"), "object") || IsType(sub("a"), "string") {
		t.Error("a single type")
	}
	if !IsType(sub("b"), "null") || !IsType(sub("b"), "string") || IsType(sub("b"), "object") {
		t.Error("a list of types")
	}
	if IsType(sub("c"), "object") || IsType(sub("d"), "object") {
		t.Error("a type of another shape, or none, is no type")
	}
	var list any
	_ = json.Unmarshal([]byte(`["a",1,"b",null]`), &list)
	if got := Strings(list); strings.Join(got, ",") != "a,b" {
		t.Errorf("Strings = %v, want [a b]", got)
	}
	if got := Strings("not a list"); len(got) != 0 {
		t.Errorf("Strings of a string = %v", got)
	}
}

func TestSchemaSeeds(t *testing.T) {
	seeds := SchemaSeeds()
	valid := 0
	for _, s := range seeds {
		if json.Valid(s) {
			valid++
		}
	}
	if len(seeds) < 5 || valid == len(seeds) || valid == 0 {
		t.Errorf("%d seeds, %d valid JSON: want valid and broken ones", len(seeds), valid)
	}
	seeds[0][0] = 'x'
	if SchemaSeeds()[0][0] != '{' {
		t.Error("SchemaSeeds shares its slices between calls")
	}
}
