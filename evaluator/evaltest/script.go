package evaltest

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// ErrExhausted is matched (with errors.Is) by the error a scripted role
// returns when it is called after its last scripted reply.
var ErrExhausted = errors.New("evaltest: script exhausted")

// Reply is one scripted reply: a value, or an error (when Err is set, the
// role returns Err together with Value).
type Reply[T any] struct {
	// Value is what the role returns.
	Value T
	// Err, when set, is the error the role returns with Value.
	Err error
}

// Return is a reply that returns v and no error.
func Return[T any](v T) Reply[T] { return Reply[T]{Value: v} }

// ReturnError is a reply that returns err (and the zero value of T).
func ReturnError[T any](err error) Reply[T] { return Reply[T]{Err: err} }

// Values turns values into replies, one each, in order.
func Values[T any](vs ...T) []Reply[T] {
	out := make([]Reply[T], len(vs))
	for i, v := range vs {
		out[i] = Return(v)
	}
	return out
}

// script is the replay and recording machinery every scripted role shares.
// Its mutex guards both the position and the call log, so that a call's
// record and its reply are taken together.
type script[T, Call any] struct {
	role    string
	mu      sync.Mutex
	replies []Reply[T]
	next    int
	calls   []Call
}

func newScript[T, Call any](role string, replies []Reply[T]) *script[T, Call] {
	return &script[T, Call]{role: role, replies: append([]Reply[T](nil), replies...)}
}

// take records call and returns the next reply. A call whose context has
// already ended is recorded and gets ctx.Err() without using up a reply.
func (s *script[T, Call]) take(ctx context.Context, call Call) (T, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, call)
	var zero T
	if err := ctx.Err(); err != nil {
		return zero, err
	}
	if s.next >= len(s.replies) {
		return zero, fmt.Errorf("%w: %s call %d, but only %d replies were scripted", ErrExhausted, s.role, len(s.calls), len(s.replies))
	}
	r := s.replies[s.next]
	s.next++
	return r.Value, r.Err
}

// recorded returns a copy of the call log.
func (s *script[T, Call]) recorded() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// remaining returns how many replies have not been used.
func (s *script[T, Call]) remaining() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.replies) - s.next
}
