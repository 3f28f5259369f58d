// Package anthropictest is an in-process stand-in for Anthropic's Messages
// endpoint, as net/http/httptest is for a server: an httptest server
// (adapterkit/fakeapi's, shared with the OpenAI fake) that parses what the
// official SDK sends, rejects strict tools and output formats that break
// the strict-mode rules (with the 400 the real API gives), records every
// request and answers with replies in the shapes the real API returns. The
// adapter's tests, the example program and a caller's own tests use it, so
// none of them needs the network or a key: point the SDK at it with
// option.WithBaseURL(srv.URL()).
package anthropictest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
)

// Request is one Messages request as the server received it.
type Request struct {
	// Received holds the request's number (N), header and raw body.
	fakeapi.Received
	// Model and MaxTokens are the body's model and max_tokens.
	Model     string
	MaxTokens int64
	// System is the system prompt; User the text of the user messages,
	// joined with newlines.
	System, User string
	// Tools are the tools offered; ToolChoice is tool_choice's type and,
	// for "tool", Name the tool it forces.
	Tools      []Tool
	ToolChoice struct{ Type, Name string }
	// OutputFormat is output_config.format's schema, nil when absent.
	OutputFormat json.RawMessage
}

// Tool is one tool of a request; InputSchema is the raw bytes as sent, so
// their property order can be checked.
type Tool struct {
	Name        string
	Strict      bool
	InputSchema json.RawMessage
}

// Reply is what the server answers (fakeapi.Reply; fakeapi.Hangup and
// fakeapi.Stall are the replies of a failing server).
type Reply = fakeapi.Reply

// Server is a running fake endpoint: URL, Close, Requests and Count. Its
// methods are safe for concurrent use.
type Server = fakeapi.Server[Request]

// New starts a server that answers with h each request that passed its
// checks (the others get the API's error reply). Close it when done.
// Every reply carries a request-id header (fakeapi.RequestID).
func New(h func(Request) Reply) *Server {
	return fakeapi.New(parse, h, "Request-Id")
}

// wire is the part of a Messages request the server reads.
type wire struct {
	Model     string            `json:"model"`
	MaxTokens int64             `json:"max_tokens"`
	System    json.RawMessage   `json:"system"`
	Messages  []fakeapi.Message `json:"messages"`
	Tools     []struct {
		Name        string          `json:"name"`
		Strict      bool            `json:"strict"`
		InputSchema json.RawMessage `json:"input_schema"`
	} `json:"tools"`
	ToolChoice *struct {
		Type string `json:"type"`
		Name string `json:"name"`
	} `json:"tool_choice"`
	OutputConfig *struct {
		Format *struct {
			Type   string          `json:"type"`
			Schema json.RawMessage `json:"schema"`
		} `json:"format"`
	} `json:"output_config"`
}

// parse reads the request and returns it with the error reply the real
// API would give to a malformed one, or nil.
func parse(r *http.Request, rcv fakeapi.Received, readErr error) (Request, *Reply) {
	req := Request{Received: rcv}
	bad := func(format string, args ...any) (Request, *Reply) {
		rp := Error(http.StatusBadRequest, "invalid_request_error", fmt.Sprintf(format, args...))
		return req, &rp
	}
	switch {
	case readErr != nil:
		return bad("could not read the body: %v", readErr)
	case r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/v1/messages"):
		rp := Error(http.StatusNotFound, "not_found_error", "Not found: "+r.Method+" "+r.URL.Path)
		return req, &rp
	case r.Header.Get("X-Api-Key") == "" && !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer "):
		rp := Error(http.StatusUnauthorized, "authentication_error", "x-api-key header is required")
		return req, &rp
	case r.Header.Get("Anthropic-Version") == "":
		return bad("anthropic-version: header is required")
	}
	var in wire
	if err := json.Unmarshal(rcv.Body, &in); err != nil {
		return bad("invalid JSON body: %v", err)
	}
	if in.Model == "" || in.MaxTokens <= 0 || len(in.Messages) == 0 {
		return bad("model, max_tokens (> 0) and messages are required")
	}
	req.Model, req.MaxTokens = in.Model, in.MaxTokens
	if len(in.System) > 0 {
		sys, err := fakeapi.ContentText(in.System)
		if err != nil {
			return bad("system: %v", err)
		}
		req.System = sys
	}
	var user []string
	for i, m := range in.Messages {
		text, err := fakeapi.ContentText(m.Content)
		if err != nil {
			return bad("messages.%d.content: %v", i, err)
		}
		if m.Role == "user" {
			user = append(user, text)
		}
	}
	req.User = strings.Join(user, "\n")
	budget := &Budget{}
	strict := 0
	for i, t := range in.Tools {
		req.Tools = append(req.Tools, Tool{Name: t.Name, Strict: t.Strict, InputSchema: t.InputSchema})
		if t.Name == "" || len(t.InputSchema) == 0 {
			return bad("tools.%d: name and input_schema are required", i)
		}
		if t.Strict {
			strict++
			if err := CheckStrict(t.InputSchema, budget); err != nil {
				return bad("tools.%d.input_schema: %v", i, err)
			}
		}
	}
	if strict > MaxStrictTools {
		return bad("%d strict tools, the limit is %d", strict, MaxStrictTools)
	}
	if tc := in.ToolChoice; tc != nil {
		req.ToolChoice.Type, req.ToolChoice.Name = tc.Type, tc.Name
		if tc.Type == "tool" && !hasTool(req.Tools, tc.Name) {
			return bad("tool_choice: tool %q is not among the tools", tc.Name)
		}
	}
	if oc := in.OutputConfig; oc != nil && oc.Format != nil {
		if oc.Format.Type != "json_schema" {
			return bad("output_config.format.type: must be json_schema, got %q", oc.Format.Type)
		}
		if err := CheckStrict(oc.Format.Schema, budget); err != nil {
			return bad("output_config.format.schema: %v", err)
		}
		req.OutputFormat = oc.Format.Schema
	}
	if err := budget.Err(); err != nil {
		return bad("%v", err)
	}
	return req, nil
}

func hasTool(tools []Tool, name string) bool {
	for _, t := range tools {
		if t.Name == name {
			return true
		}
	}
	return false
}
