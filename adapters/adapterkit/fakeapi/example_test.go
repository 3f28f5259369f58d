package fakeapi_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
)

// A provider's fake is a request type, a parser that answers malformed
// requests as the API does, and a handler for the rest.
func ExampleNew() {
	type request struct {
		fakeapi.Received
		Path string
	}
	parse := func(r *http.Request, in fakeapi.Received, readErr error) (request, *fakeapi.Reply) {
		q := request{Received: in, Path: r.URL.Path}
		if readErr != nil || r.Method != http.MethodPost {
			return q, &fakeapi.Reply{Status: http.StatusBadRequest, Body: []byte(`{"error":"bad request"}`)}
		}
		return q, nil
	}
	srv := fakeapi.New(parse, func(q request) fakeapi.Reply {
		return fakeapi.Reply{Body: []byte(`{"echo":` + string(q.Body) + `}`)}
	}, "X-Request-Id")
	defer srv.Close()

	res, err := http.Post(srv.URL()+"/v1/chat", "application/json", strings.NewReader(`"hi"`))
	if err != nil {
		fmt.Println(err)
		return
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	fmt.Println(res.StatusCode, res.Header.Get("X-Request-Id"), string(body))
	fmt.Println(srv.Count(), srv.Requests()[0].Path)
	// Output:
	// 200 req_fake0001 {"echo":"hi"}
	// 1 /v1/chat
}
