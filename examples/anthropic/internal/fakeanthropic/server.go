// Package fakeanthropic is an in-process stand-in for Anthropic's Messages
// endpoint: an httptest server that parses what the official SDK sends,
// rejects strict tools and output formats that break the strict-mode rules
// (with the 400 the real API gives), records every request and answers with
// replies in the shapes the real API returns. The adapter's tests and the
// example program use it, so neither needs the network or a key.
package fakeanthropic

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
)

// maxBody bounds the request body the server reads.
const maxBody = 4 << 20

// Request is one Messages request as the server received it.
type Request struct {
	// N numbers the requests from 1 in arrival order.
	N int
	// Header is the request's HTTP header.
	Header http.Header
	// Body is the raw JSON body, byte for byte.
	Body []byte
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

// Reply is what the server answers: a status, extra headers and a body.
type Reply struct {
	Status int
	Header http.Header
	Body   []byte
	// Hangup closes the connection without answering, as a reset or a
	// dropped connection looks to the client.
	Hangup bool
	// Stall answers nothing until the client gives up (its timeout or
	// cancellation), as an unresponsive server looks to the client.
	Stall bool
}

// Hangup is a reply that drops the connection.
func Hangup() Reply { return Reply{Hangup: true} }

// Stall is a reply that never comes: the server waits for the client to
// give up.
func Stall() Reply { return Reply{Stall: true} }

// Handler decides the reply to a request that passed the server's checks.
type Handler func(Request) Reply

// Server is a running fake endpoint. Its methods are safe for concurrent use.
type Server struct {
	srv     *httptest.Server
	handler Handler

	mu   sync.Mutex
	reqs []Request
}

// New starts a server that answers with h. Close it when done.
func New(h Handler) *Server {
	s := &Server{handler: h}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// URL is the base URL to hand the SDK (option.WithBaseURL).
func (s *Server) URL() string { return s.srv.URL }

// Close shuts the server down.
func (s *Server) Close() { s.srv.Close() }

// Requests returns a copy of the requests received so far, checked or not.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

// Count is the number of HTTP requests received so far.
func (s *Server) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.reqs)
}

// wire is the part of a Messages request the server reads.
type wire struct {
	Model     string          `json:"model"`
	MaxTokens int64           `json:"max_tokens"`
	System    json.RawMessage `json:"system"`
	Messages  []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	Tools []struct {
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

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	req := Request{Header: r.Header.Clone(), Body: body}
	s.mu.Lock()
	req.N = len(s.reqs) + 1
	s.reqs = append(s.reqs, req)
	s.mu.Unlock()

	reply := s.check(r, body, err, &req)
	if reply == nil {
		s.mu.Lock()
		s.reqs[req.N-1] = req
		s.mu.Unlock()
		rp := s.handler(req)
		reply = &rp
	}
	if reply.Stall {
		<-r.Context().Done()
		return
	}
	if reply.Hangup {
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				_ = conn.Close()
				return
			}
		}
	}
	for k, v := range reply.Header {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Request-Id", requestID(req.N))
	status := reply.Status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	_, _ = w.Write(reply.Body)
}

// requestID is the id the server gives its n-th request.
func requestID(n int) string { return fmt.Sprintf("req_fake%04d", n) }

// check parses the request into req and returns the error reply the real
// API would give to a malformed one, or nil.
func (s *Server) check(r *http.Request, body []byte, readErr error, req *Request) *Reply {
	bad := func(format string, args ...any) *Reply {
		rp := Error(http.StatusBadRequest, "invalid_request_error", fmt.Sprintf(format, args...))
		return &rp
	}
	switch {
	case readErr != nil:
		return bad("could not read the body: %v", readErr)
	case r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/v1/messages"):
		rp := Error(http.StatusNotFound, "not_found_error", "Not found: "+r.Method+" "+r.URL.Path)
		return &rp
	case r.Header.Get("X-Api-Key") == "" && !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer "):
		rp := Error(http.StatusUnauthorized, "authentication_error", "x-api-key header is required")
		return &rp
	case r.Header.Get("Anthropic-Version") == "":
		return bad("anthropic-version: header is required")
	}
	var in wire
	if err := json.Unmarshal(body, &in); err != nil {
		return bad("invalid JSON body: %v", err)
	}
	if in.Model == "" || in.MaxTokens <= 0 || len(in.Messages) == 0 {
		return bad("model, max_tokens (> 0) and messages are required")
	}
	req.Model, req.MaxTokens = in.Model, in.MaxTokens
	if len(in.System) > 0 {
		sys, err := contentText(in.System)
		if err != nil {
			return bad("system: %v", err)
		}
		req.System = sys
	}
	var user []string
	for i, m := range in.Messages {
		text, err := contentText(m.Content)
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
	return nil
}

func hasTool(tools []Tool, name string) bool {
	for _, t := range tools {
		if t.Name == name {
			return true
		}
	}
	return false
}

// contentText reads a system prompt or message content: a string or a list
// of text blocks.
func contentText(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &blocks); err != nil {
		return "", fmt.Errorf("neither a string nor a list of blocks")
	}
	var b strings.Builder
	for _, bl := range blocks {
		b.WriteString(bl.Text)
	}
	return b.String(), nil
}
