// Package fakeopenai is an in-process stand-in for OpenAI's Chat Completions
// endpoint: an httptest server that parses what the official SDK sends,
// rejects a response format that breaks the strict-mode rules (with the
// 400 the real API gives), records every request and answers with replies
// in the shapes the real API returns. The adapter's tests and the example
// program use it, so neither needs the network or a key.
package fakeopenai

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

// Request is one chat completion request as the server received it.
type Request struct {
	// N numbers the requests from 1 in arrival order.
	N int
	// Header is the request's HTTP header.
	Header http.Header
	// Body is the raw JSON body, byte for byte.
	Body []byte
	// Model is the body's model.
	Model string
	// System and User are the texts of the system (or developer) and user
	// messages, each joined with newlines when there are several.
	System, User string
	// MaxTokens is max_completion_tokens (or max_tokens), 0 when absent.
	MaxTokens int64
	// Format is the response_format, nil when absent.
	Format *Format
}

// Format is a request's response_format.
type Format struct {
	// Type is "json_schema", "json_object" or "text".
	Type string
	// Name, Strict and Schema are json_schema's fields; Schema is the raw
	// bytes as sent, so their property order can be checked.
	Name   string
	Strict bool
	Schema json.RawMessage
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

// wire is the part of a chat completion request the server reads.
type wire struct {
	Model               string `json:"model"`
	MaxCompletionTokens int64  `json:"max_completion_tokens"`
	MaxTokens           int64  `json:"max_tokens"`
	Messages            []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	ResponseFormat *struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Name   string          `json:"name"`
			Strict bool            `json:"strict"`
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
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
	w.Header().Set("X-Request-Id", fmt.Sprintf("req_fake%04d", req.N))
	status := reply.Status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	_, _ = w.Write(reply.Body)
}

// check parses the request into req and returns the error reply the real
// API would give to a malformed one, or nil.
func (s *Server) check(r *http.Request, body []byte, readErr error, req *Request) *Reply {
	switch {
	case readErr != nil:
		return ptr(Error(http.StatusBadRequest, "invalid_request_error", "", "could not read the body: "+readErr.Error()))
	case r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions"):
		return ptr(Error(http.StatusNotFound, "invalid_request_error", "unknown_url", "Unknown request URL: "+r.Method+" "+r.URL.Path))
	case !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer "):
		return ptr(Error(http.StatusUnauthorized, "invalid_request_error", "", "You didn't provide an API key."))
	}
	var in wire
	if err := json.Unmarshal(body, &in); err != nil {
		return ptr(Error(http.StatusBadRequest, "invalid_request_error", "", "We could not parse the JSON body of your request: "+err.Error()))
	}
	if in.Model == "" || len(in.Messages) == 0 {
		return ptr(Error(http.StatusBadRequest, "invalid_request_error", "", "model and messages are required"))
	}
	req.Model = in.Model
	req.MaxTokens = max(in.MaxCompletionTokens, in.MaxTokens)
	var sys, user []string
	for i, m := range in.Messages {
		text, err := contentText(m.Content)
		if err != nil {
			return ptr(Error(http.StatusBadRequest, "invalid_request_error", "", fmt.Sprintf("messages[%d].content: %v", i, err)))
		}
		switch m.Role {
		case "system", "developer":
			sys = append(sys, text)
		case "user":
			user = append(user, text)
		}
	}
	req.System, req.User = strings.Join(sys, "\n"), strings.Join(user, "\n")
	if rf := in.ResponseFormat; rf != nil {
		req.Format = &Format{Type: rf.Type}
		if rf.Type == "json_schema" {
			if rf.JSONSchema == nil || rf.JSONSchema.Name == "" {
				return ptr(Error(http.StatusBadRequest, "invalid_request_error", "", "Missing required parameter: 'response_format.json_schema.name'."))
			}
			req.Format.Name, req.Format.Strict, req.Format.Schema = rf.JSONSchema.Name, rf.JSONSchema.Strict, rf.JSONSchema.Schema
			if rf.JSONSchema.Strict {
				if err := CheckStrict(rf.JSONSchema.Schema); err != nil {
					return ptr(Error(http.StatusBadRequest, "invalid_request_error", "",
						fmt.Sprintf("Invalid schema for response_format '%s': %v", rf.JSONSchema.Name, err)))
				}
			}
		}
	}
	return nil
}

// contentText reads a message's content: a string or a list of text parts.
func contentText(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", fmt.Errorf("neither a string nor a list of parts")
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String(), nil
}

func ptr(r Reply) *Reply { return &r }
