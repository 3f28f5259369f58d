package fakeapi

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
)

// MaxBody bounds the request body a Server reads; a longer body is cut at
// MaxBody bytes, which the provider's parser then rejects as bad JSON.
const MaxBody = 4 << 20

// Reply is what a Server answers: a status (0 means 200), extra headers
// and a body, or no answer at all.
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

// Received is a request as it arrived, before the provider's parser read
// it.
type Received struct {
	// N numbers the requests from 1 in arrival order.
	N int
	// Header is the request's HTTP header.
	Header http.Header
	// Body is the raw body, byte for byte (at most MaxBody bytes).
	Body []byte
}

// Parser reads a received request into the provider's request type R. It
// returns the request as far as it read it (with in, so that it can be
// recorded either way) and, for a request the real API rejects, the error
// reply the API gives; readErr is the error reading the body, if any.
type Parser[R any] func(r *http.Request, in Received, readErr error) (R, *Reply)

// Server is a running fake endpoint for requests of type R. Its methods are
// safe for concurrent use.
type Server[R any] struct {
	srv      *httptest.Server
	parse    Parser[R]
	handle   func(R) Reply
	idHeader string

	mu   sync.Mutex
	reqs []R
}

// New starts a server that reads each request with parse and answers the
// ones parse accepts with handle. Every answer carries the header idHeader
// (the provider's request-id header, e.g. "X-Request-Id") set to
// RequestID(n) and a JSON content type. Close it when done.
func New[R any](parse Parser[R], handle func(R) Reply, idHeader string) *Server[R] {
	s := &Server[R]{parse: parse, handle: handle, idHeader: idHeader}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// RequestID is the request id a Server gives its n-th request.
func RequestID(n int) string { return fmt.Sprintf("req_fake%04d", n) }

// URL is the base URL to hand the SDK (option.WithBaseURL).
func (s *Server[R]) URL() string { return s.srv.URL }

// Close shuts the server down.
func (s *Server[R]) Close() { s.srv.Close() }

// Requests returns a copy of the requests received so far, accepted or
// not, in arrival order; one still being parsed is R's zero value.
func (s *Server[R]) Requests() []R {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]R(nil), s.reqs...)
}

// Count is the number of HTTP requests received so far.
func (s *Server[R]) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.reqs)
}

func (s *Server[R]) serve(w http.ResponseWriter, r *http.Request) {
	body, readErr := io.ReadAll(io.LimitReader(r.Body, MaxBody))
	in := Received{Header: r.Header.Clone(), Body: body}
	s.mu.Lock()
	var zero R
	s.reqs = append(s.reqs, zero)
	in.N = len(s.reqs)
	s.mu.Unlock()

	req, reply := s.parse(r, in, readErr)
	s.mu.Lock()
	s.reqs[in.N-1] = req
	s.mu.Unlock()
	if reply == nil {
		rp := s.handle(req)
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
	w.Header().Set(s.idHeader, RequestID(in.N))
	status := reply.Status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	_, _ = w.Write(reply.Body)
}
