// Package openaitest is an in-process stand-in for OpenAI's Chat Completions
// and Responses endpoints, as net/http/httptest is for a server: an httptest server
// (adapterkit/fakeapi's, shared with the Anthropic fake) that parses what
// the official SDK sends, rejects a response format that breaks the
// strict-mode rules (with the 400 the real API gives), records every
// request and answers with replies in the shapes the real API returns.
// The adapter's tests, the example program and a caller's own tests use
// it, so none of them needs the network or a key: point the SDK at it with
// option.WithBaseURL(srv.URL()).
package openaitest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/evalopt/evalopt/adapters/adapterkit/fakeapi"
)

// The APIs a Request is for (Request.API).
const (
	ChatCompletions = "chat.completions" // POST /chat/completions
	Responses       = "responses"        // POST /responses
)

// Request is one chat completion or response request as the server
// received it.
type Request struct {
	// Received holds the request's number (N), header and raw body.
	fakeapi.Received
	// API is ChatCompletions or Responses, by the request's path. Answer a
	// Responses request with Response, ResponseRefusal or Incomplete.
	API string
	// Model is the body's model.
	Model string
	// System and User are the texts of the system (or developer) and user
	// messages, each joined with newlines when there are several (on the
	// Responses API, System starts with the instructions).
	System, User string
	// MaxTokens is max_completion_tokens (or max_tokens, or
	// max_output_tokens), 0 when absent.
	MaxTokens int64
	// Format is the response_format (text.format on the Responses API),
	// nil when absent.
	Format *Format
}

// Format is a request's response_format (or text.format).
type Format struct {
	// Type is "json_schema", "json_object" or "text".
	Type string
	// Name, Strict and Schema are json_schema's fields; Schema is the raw
	// bytes as sent, so their property order can be checked.
	Name   string
	Strict bool
	Schema json.RawMessage
}

// Reply is what the server answers (fakeapi.Reply; fakeapi.Hangup and
// fakeapi.Stall are the replies of a failing server).
type Reply = fakeapi.Reply

// Server is a running fake endpoint: URL, Close, Requests and Count. Its
// methods are safe for concurrent use.
type Server = fakeapi.Server[Request]

// New starts a server that answers with h each request that passed its
// checks (the others get the API's error reply). Close it when done.
// Every reply carries an x-request-id header (fakeapi.RequestID).
func New(h func(Request) Reply) *Server {
	return fakeapi.New(parse, h, "X-Request-Id")
}

// wire is the part of a chat completion request the server reads.
type wire struct {
	Model               string            `json:"model"`
	MaxCompletionTokens int64             `json:"max_completion_tokens"`
	MaxTokens           int64             `json:"max_tokens"`
	Messages            []fakeapi.Message `json:"messages"`
	ResponseFormat      *struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Name   string          `json:"name"`
			Strict bool            `json:"strict"`
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
}

// parse reads the request and returns it with the error reply the real
// API would give to a malformed one, or nil.
func parse(r *http.Request, in fakeapi.Received, readErr error) (Request, *Reply) {
	req := Request{Received: in}
	bad := func(msg string) (Request, *Reply) {
		rp := Error(http.StatusBadRequest, "invalid_request_error", "", msg)
		return req, &rp
	}
	switch {
	case readErr != nil:
		return bad("could not read the body: " + readErr.Error())
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/responses"):
		req.API = Responses
		if !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") {
			rp := Error(http.StatusUnauthorized, "invalid_request_error", "", "You didn't provide an API key.")
			return req, &rp
		}
		return parseResponses(req, in.Body)
	case r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions"):
		rp := Error(http.StatusNotFound, "invalid_request_error", "unknown_url", "Unknown request URL: "+r.Method+" "+r.URL.Path)
		return req, &rp
	case !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer "):
		rp := Error(http.StatusUnauthorized, "invalid_request_error", "", "You didn't provide an API key.")
		return req, &rp
	}
	req.API = ChatCompletions
	var w wire
	if err := json.Unmarshal(in.Body, &w); err != nil {
		return bad("We could not parse the JSON body of your request: " + err.Error())
	}
	if w.Model == "" || len(w.Messages) == 0 {
		return bad("model and messages are required")
	}
	req.Model = w.Model
	req.MaxTokens = max(w.MaxCompletionTokens, w.MaxTokens)
	var sys, user []string
	for i, m := range w.Messages {
		text, err := fakeapi.ContentText(m.Content)
		if err != nil {
			return bad(fmt.Sprintf("messages[%d].content: %v", i, err))
		}
		switch m.Role {
		case "system", "developer":
			sys = append(sys, text)
		case "user":
			user = append(user, text)
		}
	}
	req.System, req.User = strings.Join(sys, "\n"), strings.Join(user, "\n")
	if rf := w.ResponseFormat; rf != nil {
		req.Format = &Format{Type: rf.Type}
		if rf.Type == "json_schema" {
			if rf.JSONSchema == nil || rf.JSONSchema.Name == "" {
				return bad("Missing required parameter: 'response_format.json_schema.name'.")
			}
			req.Format.Name, req.Format.Strict, req.Format.Schema = rf.JSONSchema.Name, rf.JSONSchema.Strict, rf.JSONSchema.Schema
			if msg := checkFormat(req.Format, "response_format"); msg != "" {
				return bad(msg)
			}
		}
	}
	return req, nil
}

// checkFormat returns the API's 400 message for a strict json_schema
// format whose schema breaks the strict-mode rules, or "".
func checkFormat(f *Format, field string) string {
	if f.Type != "json_schema" || !f.Strict {
		return ""
	}
	if err := CheckStrict(f.Schema); err != nil {
		return fmt.Sprintf("Invalid schema for %s '%s': %v", field, f.Name, err)
	}
	return ""
}
